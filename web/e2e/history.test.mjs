// A member's history as an administrator reads and uses it, in Chromium, against the real product: a member made
// and renamed twice through the API, its versions read in the drawer's « Historique » tab (the creation and
// both renamings, from the API), the creation restored with a reason, and the record back to its first
// name, with a new version from « Restauration » that gives the reason; the chain of versions checked. A
// first name being typed is abandoned only once the user says so.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiSignIn } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { dialogOpened, discardChanges, inBrowser, screenSettled, see, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

describe('history', { timeout: 5 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
    const token = await apiSignIn(suite);
    const created = await apiCall(suite, token, 'POST', '/api/member/post_member', {
      member_firstname: 'Adjoua',
      member_lastname: 'Kouamé',
    });
    // post_member replaces the whole record: each renaming sends it back as read, one field changed.
    for (const firstname of ['Awa', 'Aya']) {
      const { data } = await apiCall(suite, token, 'GET', `/api/member/get_member/${created.id}`);
      await apiCall(suite, token, 'POST', '/api/member/post_member', { ...data, member_firstname: firstname });
    }
  });
  after(async () => {
    await suite?.stop();
  });

  test('the versions of a member, and its creation restored', { timeout: 180_000 }, () =>
    inBrowser('history-restore', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      await page.locator('.ant-table').getByText('Aya', { exact: true }).click();
      // Its title follows the record: the first name changes with the restore.
      const drawer = page.getByRole('dialog', { name: /^(Aya|Adjoua) Kouamé \(C\d{9}\)$/ });
      await drawer.waitFor();

      // Newest first: the two renamings made through the API, then the creation.
      await drawer.getByRole('tab', { name: 'Historique' }).click();
      const versions = drawer.locator('.history-version');
      await versions.first().waitFor();
      await drawer.getByText('Prénoms : Awa → Aya', { exact: true }).waitFor();
      await drawer.getByText('Prénoms : Adjoua → Awa', { exact: true }).waitFor();
      const creation = versions.filter({ hasText: 'Création' });
      await creation.getByText('Version 1 · Création', { exact: true }).waitFor();
      await creation.getByText('Prénoms : Adjoua', { exact: true }).waitFor();
      await creation.getByText('Nom : Kouamé', { exact: true }).waitFor();
      await drawer
        .getByText(/ · par admin · API$/)
        .first()
        .waitFor();
      assert.equal(await versions.count(), 3);
      // The latest version is the record itself: it has nothing to restore.
      assert.equal(await versions.first().getByRole('button', { name: 'Restaurer cette version' }).count(), 0);
      await screenSettled(page);
      await expectNoAxeViolations(page, 'historique d’un adhérent');

      // A first name being typed is not lost without a word: the restore asks first.
      await drawer.getByRole('tab', { name: 'Fiche' }).click();
      await drawer.getByLabel('Prénoms', { exact: true }).fill('Brouillon');
      await drawer.getByRole('tab', { name: 'Historique' }).click();
      await creation.getByRole('button', { name: 'Restaurer cette version' }).click();
      await discardChanges(page);

      // The creation restored: the dialog shows what will change, and asks why.
      const restore = page.getByRole('dialog', { name: 'Restaurer la version 1' });
      await dialogOpened(page, restore);
      await restore.getByText('Prénoms : Aya → Adjoua', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'restauration d’une version');
      await restore.getByRole('button', { name: 'Restaurer', exact: true }).click();
      await restore.getByText('Indiquez le motif de la restauration.', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'restauration d’une version (motif manquant)');
      await restore.getByLabel('Motif', { exact: true }).fill('Prénom saisi par erreur');
      await restore.getByRole('button', { name: 'Restaurer', exact: true }).click();
      await see(page, 'Version 1 restaurée.');
      await restore.waitFor({ state: 'hidden' });

      // A new version, from the restore, with its reason.
      const restored = versions.first();
      await restored.getByText(/^Version \d+$/).waitFor();
      await restored.getByText(/ · par admin · Restauration$/).waitFor();
      await restored.getByText('Motif : Prénom saisi par erreur', { exact: true }).waitFor();
      await restored.getByText('Prénoms : Aya → Adjoua', { exact: true }).waitFor();
      assert.equal(await versions.count(), 4);

      // The chain of versions is whole.
      await drawer.getByRole('button', { name: "Vérifier l'intégrité" }).click();
      await drawer.getByText(/^Historique intact \(\d+ entrées\)$/).waitFor();
      await screenSettled(page);
      await expectNoAxeViolations(page, 'historique d’un adhérent (restauré)');

      // The record shows its first name again.
      await drawer.getByRole('tab', { name: 'Fiche' }).click();
      await page.getByRole('dialog', { name: /^Adjoua Kouamé \(C\d{9}\)$/ }).waitFor();
      assert.equal(await drawer.getByLabel('Prénoms', { exact: true }).inputValue(), 'Adjoua');
      // What the form shows is the record: it closes without asking.
      await drawer.getByRole('button', { name: 'Annuler', exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });
    }),
  );
});
