// The central server's payments and cards on a field laptop, in Chromium, against two real suites: a
// member pays on the central server and her card is made there; a reception (`from_server`) brings both to
// the laptop, where an administrator and an agent find them in the cards screen. Everything that would
// change them there (a new payment, a statement, the making of cards, marking printed, correcting or
// cancelling a card, a new delivery) shows disabled, its tooltip saying they come from the central server;
// printing a card's PDF stays, without the question that would mark it printed.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiPay, waitFor } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, rowOf, see, seeDenied, seeTitle, signIn } from './browser.mjs';
import { startPair } from './pair.mjs';

const TIMEOUT = 240_000;
const AGENT = { login: 'agent.diallo', password: 'agent-pass-2026' };
const FROM_CENTRAL =
  'Sur un poste de terrain, les paiements et les cartes viennent du serveur central : enregistrez-les sur le serveur central, puis lancez une réception (Synchronisation).';
const PAYMENT = 'W-TERRAIN-0901';
const LASTNAME = 'Ouattaraterrain';
const PENDING = "En attente d'impression";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Starts a reception on the laptop and waits until it ended; answers its journal entry. */
async function apiReceive(field, token) {
  const started = await apiCall(field, token, 'GET', '/api/synchronization/get_synchronization_start/from_server');
  const uuid = started.data.synchronizationJournal_uuid;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const entry = (await apiCall(field, token, 'GET', `/api/synchronization/get.synchronization/${uuid}`)).data;
    if (entry.synchronizationJournal_state !== 'running') return entry;
    if (Date.now() > deadline) throw new Error(`the run still runs after 60 s: ${JSON.stringify(entry)}`);
    await sleep(250);
  }
}

/**
 * `button` shows disabled, its tooltip saying the payments and cards come from the central server (once
 * the screen knows it runs on a field laptop).
 */
async function seeFromCentral(page, button) {
  await button.locator('xpath=ancestor::span[contains(@class,"permitted-denied")]').waitFor();
  await seeDenied(page, button, FROM_CENTRAL);
}

/** Clicks `button`; answers the name of the file it saves, which must be a PDF. */
async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const content = await readFile(await file.path());
  assert.equal(content.toString('latin1', 0, 5), '%PDF-');
  return file.suggestedFilename();
}

/** Opens the cards screen's tab `tab`; answers its table (a tab left is not drawn). */
async function openTab(page, tab) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  return page.locator('.ant-table').first();
}

describe('payments and cards on a field laptop', { timeout: 10 * 60_000 }, () => {
  let central;
  let centralToken;
  let field;
  let fieldToken;
  let stop;
  /** The card made on the central server: its number and its id. */
  let card;

  before(async () => {
    ({ central, centralToken, field, fieldToken, stop } = await startPair({
      syncLogin: 'poste-odienne-1',
      agent: AGENT,
    }));
    // On the central server: Mariam pays for her card, which is made (the screens of the central server
    // are not what is tested here).
    const member = await apiCall(central, centralToken, 'POST', '/api/member/post_member', {
      member_firstname: 'Mariam',
      member_lastname: LASTNAME,
    });
    await apiPay(central, centralToken, member.id, PAYMENT);
    // The cards service learns of the member from its events: wait until she is a candidate.
    await waitFor(async () => {
      const answer = await apiCall(central, centralToken, 'POST', '/api/card/get.card_creation.member_list');
      return answer.data.some((candidate) => candidate.member_id === member.id);
    });
    const made = await apiCall(central, centralToken, 'POST', '/api/card/get.card_creation.create', {
      member_ids: [member.id],
    });
    assert.equal(made.data.card_ids.length, 1, JSON.stringify(made.data));
    const id = made.data.card_ids[0];
    const number = (await apiCall(central, centralToken, 'GET', `/api/card/get_card/${id}`)).data.card_idNumber;
    card = { id, number };

    // The laptop receives the member, her payment and her card.
    const entry = await apiReceive(field, fieldToken);
    assert.equal(entry.synchronizationJournal_state, 'done', JSON.stringify(entry));
    assert.match(entry.synchronizationJournal_message, /Paiements et cartes : [1-9]\d* reçu\(s\)\./);
  });
  after(async () => {
    await stop?.();
  });

  test(
    'an administrator reads the received payment and card, prints the card, and changes nothing',
    { timeout: TIMEOUT },
    () =>
      inBrowser('field-cards-admin', async (page) => {
        await signIn(page, field.baseUrl, field.admin.login, field.admin.password);
        await page.getByRole('link', { name: 'Cartes', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/cards');
        await seeTitle(page, 'Cartes | Sésame');

        // The payment made on the central server, listed; no new payment, no statement here.
        const payments = await openTab(page, 'Paiements');
        await rowOf(payments, PAYMENT).getByText('5 000 FCFA', { exact: true }).waitFor();
        await seeFromCentral(page, page.getByRole('button', { name: 'Nouveau paiement' }));
        await seeFromCentral(page, page.getByRole('button', { name: 'Importer un relevé' }));
        await expectNoAxeViolations(page, 'paiements (poste de terrain)');

        // Nothing to make here: the making of cards is the central server's.
        await openTab(page, 'Création des cartes');
        await seeFromCentral(page, page.getByRole('button', { name: 'Créer les cartes' }));
        await seeFromCentral(page, page.getByRole('button', { name: 'Actualiser' }));

        // The card, waiting to be printed: it prints, but is not marked printed here.
        const cards = await openTab(page, 'Cartes');
        const row = rowOf(cards, card.number);
        await row.getByText(PENDING, { exact: true }).waitFor();
        await row.getByText(LASTNAME, { exact: true }).waitFor();
        const mark = page.getByRole('button', { name: 'Marquer comme imprimées' });
        await seeFromCentral(page, mark);
        const printAll = page.getByRole('button', { name: 'Imprimer toutes les cartes en attente (PDF)' });
        assert.equal(await printAll.isEnabled(), true);
        await see(
          page,
          "Cochez les cartes en attente d'impression à imprimer, ou imprimez toutes celles qui correspondent aux filtres (5 000 au plus).",
        );
        await row.getByRole('checkbox').check();
        await see(page, '1 carte sélectionnée');
        assert.equal(await mark.isDisabled(), true, 'marking printed stays disabled with a card chosen');
        const print = page.getByRole('button', { name: 'Imprimer (PDF)' });
        assert.equal(await print.isEnabled(), true);
        const saved = await download(page, print);
        assert.match(saved, /^cartes-\d{4}-\d{2}-\d{2}\.pdf$/);
        // No question whether it came out well: the card stays waiting, and the notice says why.
        await see(
          page,
          `PDF enregistré : ${saved}. Sur un poste de terrain, les cartes restent en attente d'impression : marquez-les imprimées sur le serveur central.`,
        );
        assert.equal(await page.getByRole('dialog', { name: /bien imprimée/ }).count(), 0);
        await row.getByText(PENDING, { exact: true }).waitFor();
        await expectNoAxeViolations(page, 'cartes (poste de terrain)');

        // Its drawer: printed as a PDF, neither corrected nor cancelled.
        await row.getByRole('button', { name: `Voir la carte ${card.number}` }).click();
        const drawer = page.getByRole('dialog', { name: `Carte ${card.number}` });
        await drawer.getByText('Mariam', { exact: true }).waitFor();
        await seeFromCentral(page, drawer.getByRole('button', { name: 'Corriger' }));
        await seeFromCentral(page, drawer.getByRole('button', { name: 'Annuler la carte' }));
        const one = await download(page, drawer.getByRole('button', { name: 'Imprimer cette carte (PDF)' }));
        assert.equal(one, `carte-${card.number}.pdf`);
        await see(page, `PDF enregistré : carte-${card.number}.pdf`, { exact: false });
        assert.equal(await page.getByRole('dialog', { name: /bien imprimée/ }).count(), 0);
        await drawer.getByText(PENDING, { exact: true }).waitFor();
        const status = (await apiCall(field, fieldToken, 'GET', `/api/card/get_card/${card.id}`)).data.card_status;
        assert.equal(status, 'pending');
        await drawer.locator('.ant-drawer-footer').getByRole('button', { name: 'Fermer', exact: true }).click();
        await drawer.waitFor({ state: 'hidden' });

        // The deliveries are made on the central server too.
        await page.goto(`${field.baseUrl}/delivery`);
        await seeFromCentral(page, page.getByRole('button', { name: 'Nouvelle livraison' }));
      }),
  );

  test(
    'an agent finds the payment and the card, and the buttons that would change them disabled',
    { timeout: TIMEOUT },
    () =>
      inBrowser('field-cards-agent', async (page) => {
        await signIn(page, field.baseUrl, AGENT.login, AGENT.password);
        await page.getByRole('link', { name: 'Cartes', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/cards');
        const payments = await openTab(page, 'Paiements');
        await rowOf(payments, PAYMENT).waitFor();
        await seeFromCentral(page, page.getByRole('button', { name: 'Nouveau paiement' }));
        await seeFromCentral(page, page.getByRole('button', { name: 'Importer un relevé' }));

        const cards = await openTab(page, 'Cartes');
        await rowOf(cards, card.number).getByText(PENDING, { exact: true }).waitFor();
        await seeFromCentral(page, page.getByRole('button', { name: 'Marquer comme imprimées' }));
        assert.equal(
          await page.getByRole('button', { name: 'Imprimer toutes les cartes en attente (PDF)' }).isEnabled(),
          true,
        );
        assert.equal(await rowOf(cards, card.number).getByRole('checkbox').isEnabled(), true, 'chosen to print');

        await page.goto(`${field.baseUrl}/delivery`);
        await seeFromCentral(page, page.getByRole('button', { name: 'Nouvelle livraison' }));
      }),
  );
});
