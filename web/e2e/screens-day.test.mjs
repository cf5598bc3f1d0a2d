// A working day at the counter, in Chromium, against the real product: the rights a role has, seen on the
// screens (read-only said by the title, what it may not do shown disabled with who may, the server refusing
// too); a search that starts as the user stops typing and stays in the address; the members and cards lists
// fitting a 1280-pixel screen, their other columns in « Colonnes »; and a family registered in a row with
// « Enregistrer et ajouter un membre de la famille ».
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, rowOf, see, seeDenied, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';
import { apiCall, apiPaidMember, apiSignIn, waitFor } from './api.mjs';

const TIMEOUT = 240_000;
const VIEWER = { login: 'lecteur.awa', password: 'lecteur-pass-2026' };
const AGENT = { login: 'agent.yao', password: 'agent-pass-2026' };
const MANAGERS_ONLY = 'Réservé aux administrateurs et gestionnaires';
const WRITERS = 'Réservé aux administrateurs, gestionnaires et agents';
const SEARCH = 'Rechercher : nom, numéro, contact';

describe('a working day: rights, search, lists that fit, families', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;
  /** The card made for Awa Koné: { id, number }. */
  let card;

  before(async () => {
    suite = await startSuite();
    token = await apiSignIn(suite);
    for (const [login, role] of [
      [VIEWER, 'viewer'],
      [AGENT, 'agent'],
    ]) {
      await apiCall(suite, token, 'POST', '/api/user/post_user', {
        login_name: login.login,
        login_password: login.password,
        login_role: role,
      });
    }
    // Members through the API (the member form is tested below and in members.test.mjs): two Kouamé, and
    // Awa Koné, who paid for a card, made here too.
    for (const [firstname, lastname] of [
      ['Adjoua', 'Kouamé'],
      ['Yao', 'Kouamé'],
      ['Moussa', 'Diabaté'],
    ]) {
      await apiCall(suite, token, 'POST', '/api/member/post_member', {
        member_firstname: firstname,
        member_lastname: lastname,
      });
    }
    await apiPaidMember(suite, token, 'Awa', 'Koné', 'W-1125-01');
    const candidates = await waitFor(async () => {
      const answer = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list');
      return answer.data.length === 1 ? answer.data : null;
    });
    const made = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', {
      member_ids: candidates.map((candidate) => candidate.member_id),
    });
    const id = made.data.card_ids[0];
    const read = (await apiCall(suite, token, 'GET', `/api/card/get_card/${id}`)).data;
    card = { id, number: read.card_idNumber };
  });
  after(async () => {
    await suite?.stop();
  });

  test('a viewer sees what it may only read, and who may change it', { timeout: TIMEOUT }, () =>
    inBrowser('day-viewer', async (page) => {
      await signIn(page, suite.baseUrl, VIEWER.login, VIEWER.password);
      // The header says who is signed in, and as what.
      assert.equal(await page.getByTestId('session-role').textContent(), 'Lecteur');
      // The landing page is not a screen of an area: nothing to say there.
      assert.equal(await page.getByTestId('read-only').count(), 0);

      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      await page.getByTestId('read-only').getByText('Lecture seule', { exact: true }).waitFor();
      await see(page, 'Votre rôle (Lecteur) permet de consulter cet écran, pas de le modifier.');
      await page.locator('.ant-table').getByText('Diabaté', { exact: true }).waitFor();
      await seeDenied(page, page.getByRole('button', { name: 'Nouvel adhérent' }), WRITERS);
      await expectNoAxeViolations(page, 'adhérents (lecteur)');

      // A member's record opens read-only: saving and deleting say who may.
      await page.locator('.ant-table').getByText('Diabaté', { exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Moussa Diabaté', exact: false });
      await drawer.getByLabel('Nom', { exact: true }).waitFor();
      assert.equal(await drawer.getByLabel('Nom', { exact: true }).isDisabled(), true);
      await seeDenied(page, drawer.getByRole('button', { name: 'Enregistrer', exact: true }), WRITERS);
      await seeDenied(page, drawer.getByRole('button', { name: /Supprimer$/ }), WRITERS);
      await seeDenied(page, drawer.getByRole('button', { name: /Importer une photo$/ }), WRITERS);
      await drawer.getByRole('tab', { name: 'Famille' }).click();
      await seeDenied(page, drawer.getByRole('button', { name: 'Ajouter un enfant' }), WRITERS);
      await expectNoAxeViolations(page, 'fiche adhérent (lecteur)');
      await drawer.locator('.ant-drawer-footer').getByRole('button', { name: 'Fermer', exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });

      // The geography too.
      await page.getByRole('link', { name: 'Régions', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/regions');
      await page.getByTestId('read-only').getByText('Lecture seule', { exact: true }).waitFor();
      await seeDenied(page, page.getByRole('button', { name: 'Nouvelle région' }), WRITERS);
    }),
  );

  test('an agent may not cancel a card: the button says who may, and the server refuses', { timeout: TIMEOUT }, () =>
    inBrowser('day-agent', async (page) => {
      await signIn(page, suite.baseUrl, AGENT.login, AGENT.password);
      assert.equal(await page.getByTestId('session-role').textContent(), 'Agent');
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cards');
      // An agent changes cards: the screen is not read-only.
      await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
      const list = page.locator('.ant-table').first();
      await rowOf(list, 'Koné')
        .getByRole('button', { name: `Voir la carte ${card.number}` })
        .click();
      const drawer = page.getByRole('dialog', { name: `Carte ${card.number}` });
      await drawer.getByText('Awa', { exact: true }).waitFor();
      assert.equal(await page.getByTestId('read-only').count(), 0);
      // What the agent may do stays enabled; cancelling is for administrators and managers.
      assert.equal(await drawer.getByRole('button', { name: 'Corriger' }).isDisabled(), false);
      await seeDenied(page, drawer.getByRole('button', { name: 'Annuler la carte' }), MANAGERS_ONLY);
      await expectNoAxeViolations(page, "détail d'une carte (agent)");

      // The server refuses the agent's cancellation all the same.
      const signedIn = await fetch(`${suite.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: AGENT.login, password: AGENT.password }),
      });
      const agentToken = (await signedIn.json()).token;
      const refused = await fetch(`${suite.baseUrl}/api/card/delete_card/${card.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${agentToken}` },
      });
      assert.equal(refused.status, 403);
      assert.equal((await apiCall(suite, token, 'GET', `/api/card/get_card/${card.id}`)).data.card_status, 'pending');
    }),
  );

  test('the search starts as the user stops typing, and the address keeps it', { timeout: TIMEOUT }, () =>
    inBrowser('day-search', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      const table = page.locator('.ant-table');
      await see(page, '4 adhérents');

      // Typed, without Enter: the list narrows once the typing stops.
      const search = page.getByPlaceholder(SEARCH);
      await search.pressSequentially('kouame', { delay: 40 });
      await see(page, '2 adhérents');
      await table.getByText('Adjoua', { exact: true }).waitFor();
      assert.equal(await table.getByText('Diabaté', { exact: true }).count(), 0);
      assert.equal(new URL(page.url()).searchParams.get('filter'), 'kouame');

      // A reload keeps the search, in the box and in the list.
      await page.reload();
      await see(page, '2 adhérents');
      assert.equal(await page.getByPlaceholder(SEARCH).inputValue(), 'kouame');

      // Away and back: still there.
      await page.getByRole('link', { name: 'Coopératives', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cooperatives');
      await page.goBack();
      await see(page, '2 adhérents');
      assert.equal(await page.getByPlaceholder(SEARCH).inputValue(), 'kouame');

      // Cleared: the whole list at once, and the address forgets the search.
      await page.getByPlaceholder(SEARCH).fill('');
      await see(page, '4 adhérents');
      assert.equal(new URL(page.url()).searchParams.has('filter'), false);

      // Enter searches at once.
      await page.getByPlaceholder(SEARCH).fill('diabate');
      await page.getByPlaceholder(SEARCH).press('Enter');
      await see(page, '1 adhérent');
    }),
  );

  test('at 1280 pixels the lists fit; « Colonnes » shows the others', { timeout: TIMEOUT }, () =>
    inBrowser('day-columns', async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      const members = page.locator('.ant-table').first();
      await members.getByText('Diabaté', { exact: true }).waitFor();
      await expectFits(members);
      const header = members.locator('.ant-table-thead');
      await header.getByText('Nom', { exact: true }).waitFor();
      assert.equal(await header.getByText('Date de naissance', { exact: true }).count(), 0);

      // « Colonnes »: the left-out column unticked; ticked, it shows, and stays after a reload.
      await page.getByRole('button', { name: 'Colonnes' }).click();
      const birth = page.getByRole('checkbox', { name: 'Date de naissance' });
      await birth.waitFor();
      assert.equal(await birth.isChecked(), false);
      assert.equal(await page.getByRole('checkbox', { name: 'Nom', exact: true }).count(), 0);
      await expectNoAxeViolations(page, 'colonnes des adhérents');
      await birth.check();
      await header.getByText('Date de naissance', { exact: true }).waitFor();
      await page.reload();
      await members.getByText('Diabaté', { exact: true }).waitFor();
      await header.getByText('Date de naissance', { exact: true }).waitFor();
      // Unticked again, the list fits again.
      await page.getByRole('button', { name: 'Colonnes' }).click();
      await page.getByRole('checkbox', { name: 'Date de naissance' }).uncheck();
      await header.getByText('Date de naissance', { exact: true }).waitFor({ state: 'detached' });
      await expectFits(members);

      // The cards: the number that opens a card stays; the date of printing waits in « Colonnes ».
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cards');
      await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
      const cards = page.locator('.ant-table').first();
      await cards.getByRole('button', { name: `Voir la carte ${card.number}` }).waitFor();
      await expectFits(cards);
      const cardHeader = cards.locator('.ant-table-thead');
      assert.equal(await cardHeader.getByText('Imprimée le', { exact: true }).count(), 0);
      await page.getByRole('button', { name: 'Colonnes' }).click();
      await page.getByRole('checkbox', { name: 'Imprimée le' }).check();
      await cardHeader.getByText('Imprimée le', { exact: true }).waitFor();
      // The drawer shows every field, whichever columns the list shows.
      await page.keyboard.press('Escape');
      await cards.getByRole('button', { name: `Voir la carte ${card.number}` }).click();
      const drawer = page.getByRole('dialog', { name: `Carte ${card.number}` });
      await drawer.getByText("N° d'adhérent", { exact: true }).waitFor();
      await drawer.getByText('Imprimée le', { exact: true }).waitFor();
    }),
  );

  test('a family registered in a row: save, and the next member of the family', { timeout: TIMEOUT }, () =>
    inBrowser('day-family', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      await page.getByRole('button', { name: 'Nouvel adhérent' }).click();
      const first = page.getByRole('dialog', { name: 'Nouvel adhérent' });
      await first.getByLabel('Nom', { exact: true }).fill('Bamba');
      await first.getByLabel('Prénoms', { exact: true }).fill('Salif');
      await first.getByRole('button', { name: 'Enregistrer et ajouter un membre de la famille' }).click();
      await see(page, 'Adhérent créé');

      // A fresh form, linked to the main member just saved, with the family's name.
      const next = page.getByRole('dialog', { name: 'Nouveau membre de la famille' });
      await next.waitFor();
      assert.equal(await next.getByLabel('Nom', { exact: true }).inputValue(), 'Bamba');
      assert.equal(await next.getByLabel('Prénoms', { exact: true }).inputValue(), '');
      await next.getByText('Salif Bamba', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'nouveau membre de la famille');
      assert.equal(await next.getByRole('radio', { name: 'Conjoint' }).isChecked(), true);
      await expectNoAxeViolations(page, 'nouveau membre de la famille');
      await next.getByLabel('Prénoms', { exact: true }).fill('Mariam');
      // Saved and on to the next: a fresh form again, still linked to Salif.
      await next.getByRole('button', { name: 'Enregistrer et ajouter un membre de la famille' }).click();
      const third = page.getByRole('dialog', { name: 'Nouveau membre de la famille' });
      await waitFor(async () => (await third.getByLabel('Prénoms', { exact: true }).inputValue()) === '');
      await third.getByText('Salif Bamba', { exact: true }).waitFor();
      // The role's buttons hide their radio inputs: the label is what the user clicks.
      await third
        .locator('label')
        .filter({ hasText: /^Enfant$/ })
        .click();
      assert.equal(await third.getByRole('radio', { name: 'Enfant' }).isChecked(), true);
      await third.getByLabel('Prénoms', { exact: true }).fill('Ibrahim');
      await third.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await third.waitFor({ state: 'hidden' });

      // The main member's family shows the three of them.
      const main = page.getByRole('dialog', { name: /^Salif Bamba/ });
      await main.getByRole('tab', { name: 'Famille' }).click();
      await main.getByRole('cell', { name: 'Mariam', exact: true }).waitFor();
      await main.getByRole('cell', { name: 'Ibrahim', exact: true }).waitFor();
      await main.getByText('1 conjoint, 1 enfant').waitFor();
      await rowOf(main, 'Mariam').getByText('Conjoint', { exact: true }).waitFor();
      await rowOf(main, 'Ibrahim').getByText('Enfant', { exact: true }).waitFor();
    }),
  );
});

/** The table shows all its columns within its width: nothing cut on the right, no horizontal scroll. */
async function expectFits(table) {
  const sizes = await table.evaluate((element) => {
    const container = element.querySelector('.ant-table-container');
    const header = element.querySelector('.ant-table-header table') ?? element.querySelector('table');
    return { header: header.scrollWidth, client: container.clientWidth, scroll: container.scrollWidth };
  });
  assert.ok(sizes.header <= sizes.client, `columns ${sizes.header} px wide in ${sizes.client} px`);
  assert.ok(sizes.scroll <= sizes.client, `the table scrolls: ${sizes.scroll} px in ${sizes.client} px`);
}
