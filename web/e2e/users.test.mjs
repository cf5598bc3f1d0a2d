// The user list as an administrator uses it, in Chromium, against the real product.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import {
  answerMadeUpPages,
  discardChanges,
  checkKeysetPages,
  inBrowser,
  rowOf,
  see,
  seeTitle,
  signIn,
} from './browser.mjs';
import { startSuite } from './suite.mjs';
import { apiSignIn } from './api.mjs';

describe('users', { timeout: 10 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('create a user, change its role, delete it', { timeout: 120_000 }, () =>
    inBrowser('user-crud', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Utilisateurs', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/user_list');
      await seeTitle(page, 'Utilisateurs | Sésame');
      const table = page.locator('.ant-table');
      await rowOf(table, suite.admin.login).waitFor();
      await expectNoAxeViolations(page, 'utilisateurs');

      // Create.
      await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Identifiant').waitFor();
      await expectNoAxeViolations(page, 'nouvel utilisateur');
      await dialog.getByLabel('Identifiant').fill('ab');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, "L'identifiant doit contenir au moins 4 caractères");
      await see(page, 'Saisissez un mot de passe');
      await expectNoAxeViolations(page, 'nouvel utilisateur (erreurs)');
      await dialog.getByLabel('Identifiant').fill('agent.kouassi');
      await see(page, 'Au moins 12 caractères, et pas un mot de passe courant', { exact: false });
      // Too short is said at once; a common one by the server, under the field.
      await dialog.getByLabel('Mot de passe').fill('court-12');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, 'Le mot de passe doit contenir au moins 12 caractères');
      await dialog.getByLabel('Mot de passe').fill('qwerty123456');
      await chooseRole(page, dialog, 'Gestionnaire');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, 'Ce mot de passe fait partie des plus courants', { exact: false });
      await dialog.getByLabel('Mot de passe').fill('s3cret-pass-2026');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = rowOf(table, 'agent.kouassi');
      await row.waitFor();
      await row.getByText('Gestionnaire', { exact: true }).waitFor();

      // A second user with the same name is refused by the server, in a red notice.
      await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
      await dialog.getByLabel('Identifiant').fill('agent.kouassi');
      await dialog.getByLabel('Mot de passe').fill('s3cret-pass-2026');
      await chooseRole(page, dialog, 'Agent');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      const refused = page.locator('.ant-notification-notice-error').first();
      await refused.waitFor();
      // With the call's trace reference, which a user quotes when reporting it.
      assert.match(await refused.innerText(), /Référence : [0-9a-f]{32}/);
      await expectNoAxeViolations(page, 'nouvel utilisateur (refusé)');
      // What was typed is dropped only once confirmed.
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await discardChanges(page);
      await dialog.waitFor({ state: 'hidden' });

      // Edit: the role becomes Agent; the password is left as it is.
      await row.getByRole('button', { name: 'Modifier' }).click();
      await see(page, "Modifier l'utilisateur agent.kouassi");
      await expectNoAxeViolations(page, "modification d'un utilisateur");
      assert.equal(await dialog.getByLabel('Identifiant').inputValue(), 'agent.kouassi');
      await chooseRole(page, dialog, 'Agent');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText('Agent', { exact: true }).waitFor();
      assert.equal(await row.getByText('Gestionnaire', { exact: true }).count(), 0);

      // Search.
      await page.getByPlaceholder('Rechercher un identifiant ou un rôle').fill('kouassi');
      await page.getByPlaceholder('Rechercher un identifiant ou un rôle').press('Enter');
      await see(page, '1 utilisateur');
      await page.getByPlaceholder('Rechercher un identifiant ou un rôle').fill('');
      await page.getByPlaceholder('Rechercher un identifiant ou un rôle').press('Enter');
      await see(page, '2 utilisateurs');

      // Delete, after confirmation.
      await row.getByRole('button', { name: 'Supprimer' }).click();
      const confirm = page.locator('.ant-popconfirm');
      await confirm.getByText('Supprimer cet utilisateur ?').waitFor();
      await expectNoAxeViolations(page, "suppression d'un utilisateur");
      await confirm.getByRole('button', { name: 'Supprimer' }).click();
      await row.waitFor({ state: 'detached' });
      await rowOf(table, suite.admin.login).waitFor();
    }),
  );

  test('pair a field laptop: a sync login, its token shown once, renewed, revoked', { timeout: 120_000 }, () =>
    inBrowser('user-sync-token', async (page) => {
      const syncSignIn = async (token) =>
        (
          await fetch(`${suite.baseUrl}/api/auth/sync_login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ login_syncToken: token }),
          })
        ).status;
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.goto(`${suite.baseUrl}/user_list`);
      const table = page.locator('.ant-table');
      await rowOf(table, suite.admin.login).waitFor();

      // The role Synchronisation asks no password: the server makes the token.
      await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
      const form = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
      await form.getByLabel('Identifiant').fill('poste-korhogo-1');
      await chooseRole(page, form, 'Synchronisation');
      await see(page, "Un compte de synchronisation n'a pas de mot de passe", { exact: false });
      assert.equal(await form.getByLabel('Mot de passe').count(), 0);
      await form.getByRole('button', { name: 'Enregistrer' }).click();

      // Shown once, to copy; it opens a sync session.
      const shown = page.getByRole('dialog', { name: 'Jeton de synchronisation de poste-korhogo-1' });
      await shown.waitFor();
      await see(page, 'Copiez ce jeton maintenant : il ne sera plus jamais affiché.');
      await expectNoAxeViolations(page, 'jeton de synchronisation');
      const token = (await shown.locator('code').innerText()).trim();
      assert.match(token, /^sst_[0-9a-f]{16}_[0-9a-f]{64}$/);
      assert.equal(await syncSignIn(token), 200);
      // Escape does not lose it: only the button closes it.
      await page.keyboard.press('Escape');
      await shown.getByRole('button', { name: "J'ai copié le jeton" }).click();
      await shown.waitFor({ state: 'hidden' });

      // The list shows only the token's key.
      const row = rowOf(table, 'poste-korhogo-1');
      await row.getByText('Synchronisation', { exact: true }).waitFor();
      const key = token.slice(0, 20);
      await row.getByText(`${key}…`, { exact: true }).waitFor();
      assert.equal(await page.getByText(token).count(), 0);

      // Renewed: a new token shown once, the old one refused.
      await row.getByRole('button', { name: 'Renouveler le jeton de poste-korhogo-1' }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Renouveler' }).click();
      const renewed = page.getByRole('dialog', { name: 'Jeton de synchronisation de poste-korhogo-1' });
      await renewed.waitFor();
      const newToken = (await renewed.locator('code').innerText()).trim();
      assert.notEqual(newToken, token);
      assert.equal(await syncSignIn(token), 401);
      assert.equal(await syncSignIn(newToken), 200);
      await renewed.getByRole('button', { name: "J'ai copié le jeton" }).click();

      // Revoked: refused at once, and the list says the login has none.
      await row.getByRole('button', { name: 'Révoquer le jeton de poste-korhogo-1' }).click();
      await page.getByRole('tooltip').getByRole('button', { name: 'Révoquer' }).click();
      await row.getByText('aucun', { exact: true }).waitFor();
      assert.equal(await syncSignIn(newToken), 401);
    }),
  );

  test('the new user can sign in, and does not see what its role may not open', { timeout: 120_000 }, () =>
    inBrowser('user-role', async (page) => {
      // Made through the API, as the list test already covers the form.
      const token = await apiSignIn(suite);
      const created = await fetch(`${suite.baseUrl}/api/user/post_user`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ login_name: 'lecteur.yao', login_password: 'lecteur-pass-2026', login_role: 'viewer' }),
      });
      assert.equal(created.status, 200, await created.text());

      await signIn(page, suite.baseUrl, 'lecteur.yao', 'lecteur-pass-2026');
      await see(page, 'Lecteur');
      await expectNoAxeViolations(page, 'accueil (lecteur)');
      assert.equal(await page.getByRole('link', { name: 'Utilisateurs', exact: true }).count(), 0);
      await page.goto(`${suite.baseUrl}/user_list`);
      await see(page, 'Accès refusé');
      await expectNoAxeViolations(page, 'accès refusé');
    }),
  );

  test('the users are read 2,000 at a time, the next ones as the user scrolls', { timeout: 60_000 }, () =>
    inBrowser('user-pages', async (page) => {
      const madeUp = (i) => ({
        login_id: 1_000_000_001 + i,
        login_role: 'agent',
        login_provider: null,
        login_lastConnection: null,
      });
      const asked = await answerMadeUpPages(page, '/api/user/user_list', { madeUp, nameField: 'login_name' });
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Utilisateurs', exact: true }).click();
      await page.getByText(/^2001 utilisateurs$/).waitFor();
      await checkKeysetPages(page, asked, {
        orderBy: 'login_name',
        lastId: madeUp(1999).login_id,
        header: /^N°$/,
        sortedBy: 'login_id',
      });
    }),
  );
});

/** Picks a role in the form's role select (an antd Select renders its options in a popup). */
async function chooseRole(page, dialog, label) {
  await dialog.getByLabel('Rôle').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
}
