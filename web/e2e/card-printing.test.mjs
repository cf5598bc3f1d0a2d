// The printing of cards from the screens, in Chromium, against the real product: the cards waiting to be
// printed that the filters keep, saved as one PDF (one page a card), left waiting when the agent answers
// « Pas encore »; two chosen cards printed, the run stopped once with « Annuler », then marked printed
// with « Oui » (exactly those two: the third still waits); one card printed from its drawer, a printed
// one as a copy (no question, its status unchanged), a waiting one with the same question; and a viewer,
// whose print buttons show disabled, saying who may.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, rowOf, see, seeDenied, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';
import { apiCall, apiPaidMember, apiSignIn, waitFor } from './api.mjs';

const TIMEOUT = 300_000;
const WRITERS = 'Réservé aux administrateurs, gestionnaires et agents';
const VIEWER = { login: 'lecteur.ines', password: 'lecteur-pass-2026' };
const PRINT_PATH = '/api/card/post.printing_card_list_by_id';
/** The file of a print run: dated of the day, in the browser's time zone. */
const RUN_FILE = /^cartes-\d{4}-\d{2}-\d{2}\.pdf$/;
const PENDING = "En attente d'impression";
const PRINTED = 'Imprimée';

describe('card printing: PDF from the screens, then marked printed', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;
  /** The cards, by the member's last name: { id, number, member }. */
  const cards = {};

  before(async () => {
    suite = await startSuite();
    // Three members who paid, their cards made through the API: the members', payments' and card making
    // screens are not what is tested here.
    token = await apiSignIn(suite);
    await apiCall(suite, token, 'POST', '/api/user/post_user', {
      login_name: VIEWER.login,
      login_password: VIEWER.password,
      login_role: 'viewer',
    });
    for (const [firstname, lastname, number] of [
      ['Awa', 'Koné', 'W-0701-01'],
      ['Koffi', 'Yao', 'W-0701-02'],
      ['Fatou', 'Traoré', 'W-0701-03'],
    ]) {
      await apiPaidMember(suite, token, firstname, lastname, number);
    }
    // The cards service learns of the members from their events: wait until the three are candidates.
    const candidates = await waitFor(async () => {
      const answer = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list');
      return answer.data.length === 3 ? answer.data : null;
    });
    const made = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', {
      member_ids: candidates.map((candidate) => candidate.member_id),
    });
    assert.equal(made.data.card_ids.length, 3);
    for (const id of made.data.card_ids) {
      const card = (await apiCall(suite, token, 'GET', `/api/card/get_card/${id}`)).data;
      assert.equal(card.card_status, 'pending');
      cards[card.card_lastname] = { id, number: card.card_idNumber, member: card.card_memberIdNumber };
    }
  });
  after(async () => {
    await suite?.stop();
  });

  test('print every waiting card the filters keep; « Pas encore » leaves it waiting', { timeout: TIMEOUT }, () =>
    inBrowser('card-printing-filters', async (page) => {
      const list = await openCards(page, suite);
      await rowOf(list, 'Koné').getByText(PENDING, { exact: true }).waitFor();
      await see(page, '3 cartes');
      // Nothing chosen: the print of the choice waits for one; the print of all is offered.
      assert.equal(await page.getByRole('button', { name: 'Imprimer (PDF)' }).isDisabled(), true);
      await see(
        page,
        "Cochez les cartes en attente d'impression à imprimer ou à marquer, ou imprimez toutes celles qui correspondent aux filtres (5 000 au plus).",
      );

      // A status filter that leaves out the waiting cards leaves nothing to print.
      await page.getByLabel('État de la carte', { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(PRINTED, { exact: true }).click();
      await see(page, "Le filtre d'état choisi écarte les cartes en attente d'impression : aucune à imprimer.");
      const printAll = page.getByRole('button', { name: 'Imprimer toutes les cartes en attente (PDF)' });
      assert.equal(await printAll.isDisabled(), true);
      await page.getByLabel('État de la carte', { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(PENDING, { exact: true }).click();
      await see(page, '3 cartes');

      // Awa's member number keeps her card only: one page.
      const member = page.getByPlaceholder("N° d'adhérent", { exact: true });
      await member.fill(cards['Koné'].member);
      await member.press('Enter');
      await see(page, '1 carte');
      const printed = await download(page, printAll);
      assert.match(printed.name, RUN_FILE);
      assert.equal(printed.pages, 1);
      const question = page.getByRole('dialog', { name: 'La carte est-elle bien imprimée ?' });
      await question.getByText(`Le PDF ${printed.name} est enregistré.`, { exact: false }).waitFor();
      await expectNoAxeViolations(page, 'impression des cartes (la carte est-elle bien imprimée ?)');
      await question.getByRole('button', { name: 'Pas encore' }).click();
      await question.waitFor({ state: 'hidden' });
      await rowOf(list, 'Koné').getByText(PENDING, { exact: true }).waitFor();
      const card = (await apiCall(suite, token, 'GET', `/api/card/get_card/${cards['Koné'].id}`)).data;
      assert.equal(card.card_status, 'pending');
    }),
  );

  test('print two chosen cards, stop a run, then mark exactly those two printed', { timeout: TIMEOUT }, () =>
    inBrowser('card-printing-selection', async (page) => {
      const list = await openCards(page, suite);
      for (const name of ['Koné', 'Yao', 'Traoré'])
        await rowOf(list, name).getByText(PENDING, { exact: true }).waitFor();
      await rowOf(list, 'Koné').getByRole('checkbox').check();
      await rowOf(list, 'Yao').getByRole('checkbox').check();
      await see(page, '2 cartes sélectionnées');
      const print = page.getByRole('button', { name: 'Imprimer (PDF)' });

      // The PDF held back on its way: the run shows where it is, and « Annuler » stops it (no file).
      let release;
      const held = new Promise((done) => (release = done));
      const asked = [];
      await page.route(
        (url) => url.pathname === PRINT_PATH,
        async (route) => {
          asked.push(route.request().postDataJSON());
          await held;
          await route.continue().catch(() => {});
        },
      );
      const downloads = [];
      page.on('download', (file) => downloads.push(file));
      await print.click();
      const run = page.getByRole('dialog', { name: 'Impression des cartes' });
      await run.getByText('Préparation du PDF des 2 cartes…', { exact: true }).waitFor();
      await run.getByText('0 octet reçu', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'impression des cartes (en cours)');
      await run.getByRole('button', { name: 'Annuler' }).click();
      await run.waitFor({ state: 'hidden' });
      release();
      assert.equal(asked.length, 1);
      assert.deepEqual(
        [...asked[0].card_ids].sort((a, b) => a - b),
        [cards['Koné'].id, cards['Yao'].id].sort((a, b) => a - b),
      );
      await page.unroute((url) => url.pathname === PRINT_PATH);
      await page.waitForTimeout(500);
      assert.equal(downloads.length, 0);
      await see(page, '2 cartes sélectionnées');

      // Printed again: two pages, then the question, whose « Oui » marks exactly those two.
      const printed = await download(page, print);
      assert.match(printed.name, RUN_FILE);
      assert.equal(printed.pages, 2);
      const question = page.getByRole('dialog', { name: 'Les 2 cartes sont-elles bien imprimées ?' });
      await question.getByRole('button', { name: 'Pas encore' }).waitFor();
      await expectNoAxeViolations(page, 'impression des cartes (les cartes sont-elles bien imprimées ?)');
      await question.getByRole('button', { name: 'Oui, marquer comme imprimées' }).click();
      await question.waitFor({ state: 'hidden' });
      await see(page, '2 cartes marquées comme imprimées');
      await rowOf(list, 'Koné').getByText(PRINTED, { exact: true }).waitFor();
      await rowOf(list, 'Yao').getByText(PRINTED, { exact: true }).waitFor();
      await rowOf(list, 'Traoré').getByText(PENDING, { exact: true }).waitFor();
      // Printed, they can no longer be chosen; the choice is empty again.
      assert.equal(await rowOf(list, 'Koné').getByRole('checkbox').isDisabled(), true);
      assert.equal(await print.isDisabled(), true);
      await expectNoAxeViolations(page, 'cartes (après impression)');
    }),
  );

  test(
    'print one card from its drawer: a printed one as a copy, a waiting one with the question',
    { timeout: TIMEOUT },
    () =>
      inBrowser('card-printing-drawer', async (page) => {
        const list = await openCards(page, suite);
        const koffi = cards['Yao'].number;
        await rowOf(list, 'Yao').getByText(PRINTED, { exact: true }).waitFor();
        await rowOf(list, 'Yao')
          .getByRole('button', { name: `Voir la carte ${koffi}` })
          .click();
        const drawer = page.getByRole('dialog', { name: `Carte ${koffi}` });
        await drawer.getByText('Koffi', { exact: true }).waitFor();

        // « Réimprimer » says it makes a new card, and where the PDF is.
        await drawer.getByRole('button', { name: 'Réimprimer' }).hover();
        await page
          .getByRole('tooltip')
          .getByText(
            "Remplace une carte abîmée ou perdue par une nouvelle carte (l'ancienne est annulée). Pour obtenir le PDF d'une carte, utilisez « Imprimer ».",
            { exact: true },
          )
          .waitFor();

        // A printed card, printed again: its copy, no question, its status unchanged.
        const copy = await download(page, drawer.getByRole('button', { name: 'Imprimer cette carte (PDF)' }));
        assert.equal(copy.name, `carte-${koffi}.pdf`);
        assert.equal(copy.pages, 1);
        await see(page, `PDF enregistré : carte-${koffi}.pdf`);
        assert.equal(await page.getByRole('dialog', { name: /bien imprimée/ }).count(), 0);
        await drawer.getByText(PRINTED, { exact: true }).waitFor();
        assert.equal(
          (await apiCall(suite, token, 'GET', `/api/card/get_card/${cards['Yao'].id}`)).data.card_status,
          'printed',
        );
        await expectNoAxeViolations(page, "détail d'une carte imprimée (copie)");
        await drawer.locator('.ant-drawer-footer').getByRole('button', { name: 'Fermer', exact: true }).click();
        await drawer.waitFor({ state: 'hidden' });

        // A waiting card: the same question, for that card; « Oui » marks it printed.
        const fatou = cards['Traoré'].number;
        await rowOf(list, 'Traoré')
          .getByRole('button', { name: `Voir la carte ${fatou}` })
          .click();
        const waiting = page.getByRole('dialog', { name: `Carte ${fatou}` });
        await waiting.getByText(PENDING, { exact: true }).waitFor();
        const one = await download(page, waiting.getByRole('button', { name: 'Imprimer cette carte (PDF)' }));
        assert.equal(one.name, `carte-${fatou}.pdf`);
        assert.equal(one.pages, 1);
        const question = page.getByRole('dialog', { name: 'La carte est-elle bien imprimée ?' });
        await expectNoAxeViolations(page, "détail d'une carte (la carte est-elle bien imprimée ?)");
        await question.getByRole('button', { name: 'Oui, marquer comme imprimée' }).click();
        await question.waitFor({ state: 'hidden' });
        await see(page, '1 carte marquée comme imprimée');
        await waiting.getByText(PRINTED, { exact: true }).waitFor();
        await waiting.locator('.ant-drawer-footer').getByRole('button', { name: 'Fermer', exact: true }).click();
        await rowOf(list, 'Traoré').getByText(PRINTED, { exact: true }).waitFor();
      }),
  );

  test('a viewer prints nothing', { timeout: TIMEOUT }, () =>
    inBrowser('card-printing-viewer', async (page) => {
      await signIn(page, suite.baseUrl, VIEWER.login, VIEWER.password);
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cards');
      await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
      const list = page.locator('.ant-table').first();
      const number = cards['Koné'].number;
      await rowOf(list, 'Koné')
        .getByRole('button', { name: `Voir la carte ${number}` })
        .click();
      const drawer = page.getByRole('dialog', { name: `Carte ${number}` });
      await drawer.getByText('Awa', { exact: true }).waitFor();
      // Every print button shows disabled, saying who may.
      await seeDenied(page, drawer.getByRole('button', { name: 'Imprimer cette carte (PDF)' }), WRITERS);
      const prints = page.getByRole('button', { name: /Imprimer/ });
      assert.ok((await prints.count()) >= 3);
      for (const button of await prints.all()) assert.equal(await button.isDisabled(), true);
    }),
  );
});

/** Signs in as the administrator and opens the "Cartes" tab; answers its table. */
async function openCards(page, suite) {
  await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
  await page.getByRole('link', { name: 'Cartes', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/cards');
  await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
  return page.locator('.ant-table').first();
}

/** Clicks `button`, and answers the name of the file it saves and its count of pages. */
async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const content = await readFile(await file.path());
  return { name: file.suggestedFilename(), pages: pdfPages(content) };
}

/**
 * The pages of a PDF, counted twice: its page objects (`/Type /Page`, not `/Pages`) and the count of its
 * page tree, which must agree. The file must start with %PDF and end with %%EOF.
 */
function pdfPages(content) {
  const text = content.toString('latin1');
  assert.equal(text.slice(0, 5), '%PDF-');
  assert.match(text.slice(-32), /%%EOF\s*$/);
  const objects = text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
  const tree = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g)];
  assert.equal(tree.length, 1, 'one page tree');
  const counted = Number(tree[0][1] ?? tree[0][2]);
  assert.equal(objects, counted, `${objects} page objects, a page tree of ${counted}`);
  return objects;
}
