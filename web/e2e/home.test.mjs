// The home page tells the day's work, in Chromium, against the real product: with members, payments,
// cards and a delivery made through the API, an administrator sees the day's figures; « Cartes à
// imprimer » opens the cards filtered to those waiting, a tag saying so, whose cross shows them all; the
// members registered today, the deliveries under way and the payments without a card open their lists
// filtered the same way. A viewer sees the members' and cards' figures but no synchronisation, and a
// figures call that fails says so in French, with « Réessayer ». On a field laptop where no run happened
// yet, the home page says « Aucune synchronisation ».
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiPaidMember, apiSignIn, waitFor } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, pathOf, rowOf, see, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const TIMEOUT = 180_000;
const VIEWER = { login: 'lecteur.accueil', password: 'lecteur-pass-2026' };
const CARDS_FILTER = "État : En attente d'impression";

/** The count a home figure shows, its card a link named by its title. */
function figure(page, title) {
  return page.getByRole('link', { name: new RegExp(`^${title}`) }).locator('.ant-statistic-content-value');
}

async function seeFigure(page, title, count) {
  const value = figure(page, title);
  await value.waitFor();
  assert.equal(await value.innerText(), count, title);
}

/** "25/11/2026": today's UTC day (the server's), as the screens write a day. */
function todayInFrench() {
  const [year, month, day] = new Date().toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

describe('home', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;
  before(async () => {
    suite = await startSuite();
    token = await apiSignIn(suite);
    await apiCall(suite, token, 'POST', '/api/user/post_user', {
      login_name: VIEWER.login,
      login_password: VIEWER.password,
      login_role: 'viewer',
    });
    // Four members who paid; Awa, Ali and Aya get their cards, Aya's printed and in a delivery under way;
    // Moussa's payment is still without a card.
    const ids = {};
    for (const [firstname, lastname, number] of [
      ['Awa', 'Koné', 'W-HOME-01'],
      ['Ali', 'Traoré', 'W-HOME-02'],
      ['Aya', 'Yao', 'W-HOME-03'],
      ['Moussa', 'Diallo', 'W-HOME-04'],
    ]) {
      ids[lastname] = await apiPaidMember(suite, token, firstname, lastname, number);
    }
    // The cards service learns of the members from their events: wait until they are candidates.
    await waitFor(async () => {
      const answer = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list');
      return answer.data.length === 4;
    });
    const made = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', {
      member_ids: [ids['Koné'], ids['Traoré'], ids['Yao']],
    });
    assert.equal(made.data.card_ids.length, 3);
    const cards = await Promise.all(
      made.data.card_ids.map(async (id) => (await apiCall(suite, token, 'GET', `/api/card/get_card/${id}`)).data),
    );
    const aya = cards.find((card) => card.card_lastname === 'Yao');
    await apiCall(suite, token, 'POST', '/api/card/post.mark_as_printed', { card_ids: [aya.card_id] });
    await apiCall(suite, token, 'POST', '/api/delivery/post_delivery', {
      delivery_id: null,
      delivery_isErrorType: false,
      cards: [{ card_id: aya.card_id, card_idNumber: '', card_memberId: null }],
      delivery_sent: false,
    });
  });
  after(async () => {
    await suite?.stop();
  });

  test('an administrator sees the day and opens each list filtered', { timeout: TIMEOUT }, () =>
    inBrowser('home-admin', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await seeTitle(page, 'Accueil | Sésame');
      await see(page, 'Le travail du jour');
      await seeFigure(page, "Adhérents inscrits aujourd'hui", '4');
      await seeFigure(page, 'Adhérents inscrits ce mois-ci', '4');
      await seeFigure(page, 'Cartes à imprimer', '2');
      await seeFigure(page, 'Livraisons en cours', '1');
      await seeFigure(page, 'Paiements sans carte', '1');
      // No field laptop ever ran on the central server: no synchronisation to tell.
      assert.equal(await page.getByText('Dernière synchronisation', { exact: true }).count(), 0);
      // The shortcuts are still below the figures.
      await see(page, 'Accès rapides');
      await expectNoAxeViolations(page, 'accueil');

      // The cards waiting to be printed: Awa's and Ali's, not Aya's, printed.
      const cardsCall = page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === '/api/card/get.card_list' &&
          new URL(request.url()).searchParams.get('card_status') === 'pending',
      );
      await page.getByRole('link', { name: /^Cartes à imprimer/ }).click();
      await page.waitForURL((url) => url.pathname === '/cards' && url.searchParams.get('cardStatus') === 'pending');
      await cardsCall;
      await seeTitle(page, 'Cartes | Sésame');
      await page.getByRole('tab', { name: 'Cartes', exact: true, selected: true }).waitFor();
      await see(page, CARDS_FILTER);
      const cards = page.locator('.ant-table').first();
      await see(page, '2 cartes');
      await rowOf(cards, 'Koné').waitFor();
      await rowOf(cards, 'Traoré').waitFor();
      assert.equal(await rowOf(cards, 'Yao').count(), 0);
      await expectNoAxeViolations(page, 'cartes à imprimer');

      // The tag's cross removes the filter: every card again, and the address without it.
      await page.getByRole('button', { name: `Retirer le filtre « ${CARDS_FILTER} »` }).click();
      await see(page, '3 cartes');
      await rowOf(cards, 'Yao').waitFor();
      assert.equal(await page.getByText(CARDS_FILTER, { exact: true }).count(), 0);
      assert.equal(new URL(page.url()).searchParams.has('cardStatus'), false);

      // The members registered today.
      await page.getByRole('link', { name: 'Accueil', exact: true }).click();
      const today = new Date().toISOString().slice(0, 10);
      const membersCall = page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === '/api/member/get.member_list' &&
          new URL(request.url()).searchParams.get('createdFrom') === today,
      );
      await page.getByRole('link', { name: /^Adhérents inscrits aujourd'hui/ }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      assert.equal(pathOf(page), `/members?createdFrom=${today}`);
      await membersCall;
      await see(page, `Inscrits depuis le ${todayInFrench()}`);
      await see(page, '4 adhérents');
      const members = page.locator('.ant-table').first();
      for (const name of ['Koné', 'Traoré', 'Yao', 'Diallo']) await rowOf(members, name).waitFor();
      await expectNoAxeViolations(page, 'adhérents inscrits aujourd’hui');
      await page.getByRole('button', { name: `Retirer le filtre « Inscrits depuis le ${todayInFrench()} »` }).click();
      await page.waitForURL((url) => !url.searchParams.has('createdFrom'));
      await see(page, '4 adhérents');

      // The deliveries under way.
      await page.getByRole('link', { name: 'Accueil', exact: true }).click();
      const deliveriesCall = page.waitForRequest(
        (request) =>
          new URL(request.url()).pathname === '/api/delivery/get.delivery_list' &&
          new URL(request.url()).searchParams.get('sent') === 'false',
      );
      await page.getByRole('link', { name: /^Livraisons en cours/ }).click();
      await page.waitForURL((url) => url.pathname === '/delivery' && url.searchParams.get('sent') === 'false');
      await deliveriesCall;
      await see(page, 'Livraisons en cours');
      await see(page, '1 livraison');

      // The payments without a card: Moussa's only; removing the filter shows the four.
      await page.getByRole('link', { name: 'Accueil', exact: true }).click();
      await page.getByRole('link', { name: /^Paiements sans carte/ }).click();
      await page.waitForURL((url) => url.pathname === '/cards' && url.searchParams.get('spendable') === 'true');
      await page.getByRole('tab', { name: 'Paiements', exact: true, selected: true }).waitFor();
      await see(page, '1 paiement');
      const payments = page.locator('.ant-table').first();
      await rowOf(payments, 'W-HOME-04').waitFor();
      assert.equal(await rowOf(payments, 'W-HOME-01').count(), 0);
      await expectNoAxeViolations(page, 'paiements sans carte');
      await page.getByRole('button', { name: 'Retirer le filtre « Paiements sans carte »' }).click();
      await see(page, '4 paiements');
      await rowOf(payments, 'W-HOME-01').waitFor();
    }),
  );

  test(
    'a viewer sees the members and the cards, no synchronisation; a failed call is retried',
    { timeout: TIMEOUT },
    () =>
      inBrowser('home-viewer', async (page) => {
        // The first call fails: the page says so in French and offers to try again.
        let failures = 0;
        await page.route(
          (url) => url.pathname === '/api/home/get.day_figures',
          (route) => {
            if (failures > 0) return route.fallback();
            failures += 1;
            return route.abort('failed');
          },
        );
        await signIn(page, suite.baseUrl, VIEWER.login, VIEWER.password);
        await see(page, "Les chiffres du jour n'ont pas pu être lus.");
        await expectNoAxeViolations(page, 'accueil (erreur)');
        await page.getByRole('button', { name: 'Réessayer' }).click();

        await seeFigure(page, "Adhérents inscrits aujourd'hui", '4');
        await seeFigure(page, 'Cartes à imprimer', '2');
        await seeFigure(page, 'Paiements sans carte', '1');
        assert.equal(await page.getByText("Les chiffres du jour n'ont pas pu être lus.").count(), 0);
        assert.equal(await page.getByText('Dernière synchronisation', { exact: true }).count(), 0);
        assert.equal(await page.getByText('Aucune synchronisation', { exact: true }).count(), 0);
        await expectNoAxeViolations(page, 'accueil (lecteur)');
      }),
  );
});

describe('home on a field laptop', { timeout: 5 * 60_000 }, () => {
  let field;
  before(async () => {
    // A laptop whose central server is not there: no run ever happened on it.
    field = await startSuite({
      env: { RUNNING_ENV: 'field', SYNC_CENTRAL_URL: 'http://127.0.0.1:9', SYNC_TOKEN: 'jeton-absent' },
    });
  });
  after(async () => {
    await field?.stop();
  });

  test('says there has been no synchronisation yet, and leads to the journal', { timeout: TIMEOUT }, () =>
    inBrowser('home-field', async (page) => {
      await signIn(page, field.baseUrl, field.admin.login, field.admin.password);
      await seeFigure(page, "Adhérents inscrits aujourd'hui", '0');
      await see(page, 'Dernière synchronisation');
      await see(page, 'Aucune synchronisation');
      await expectNoAxeViolations(page, 'accueil (poste de terrain)');
      await page.getByRole('link', { name: /^Dernière synchronisation/ }).click();
      await page.waitForURL((url) => url.pathname === '/synchronization/journal');
    }),
  );
});
