// An agent's day with the cards, in Chromium, against the real product and with nothing but the screens:
// twenty members have paid; the agent makes their cards, prints them as one PDF (twenty pages), marks
// exactly those printed, and puts them in one delivery.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, see, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';
import { apiCall, apiPaidMember, apiSignIn } from './api.mjs';

const AGENT = { login: 'agent.mariam', password: 'agent-pass-2026' };
const FIRST_NAMES = ['Awa', 'Koffi', 'Fatou', 'Yao', 'Mariam'];
const LAST_NAMES = ['Koné', 'Traoré', 'Bamba', 'Ouattara'];
const PAID = FIRST_NAMES.length * LAST_NAMES.length;

describe("an agent's day: twenty cards made, printed, marked and delivered", { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;

  before(async () => {
    suite = await startSuite();
    // The members and their payments are the day's input, made through the API.
    token = await apiSignIn(suite);
    await apiCall(suite, token, 'POST', '/api/user/post_user', {
      login_name: AGENT.login,
      login_password: AGENT.password,
      login_role: 'agent',
    });
    let n = 0;
    for (const lastname of LAST_NAMES)
      for (const firstname of FIRST_NAMES) {
        n += 1;
        await apiPaidMember(suite, token, firstname, lastname, `W-2511-${String(n).padStart(2, '0')}`);
      }
    // The cards service learns of the members from their events.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const answer = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list');
      if (answer.data.length === PAID) break;
      if (Date.now() > deadline) throw new Error(`${answer.data.length} candidates of ${PAID} after 30 s`);
      await new Promise((done) => setTimeout(done, 250));
    }
  });
  after(async () => {
    await suite?.stop();
  });

  test('make, print, mark and deliver the cards of twenty paid members', { timeout: 300_000 }, () =>
    inBrowser('agent-day', async (page) => {
      await signIn(page, suite.baseUrl, AGENT.login, AGENT.password);
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cards');

      // Make the cards of every member who paid.
      await page.getByRole('tab', { name: 'Création des cartes' }).click();
      await see(page, `${PAID} adhérents sans carte`);
      const candidates = page.locator('.ant-table').first();
      await candidates.locator('.ant-table-thead .ant-checkbox-input').check();
      await page.getByRole('button', { name: 'Créer les cartes' }).click();
      await see(page, `${PAID} cartes créées`);
      await candidates.locator('.ant-table-placeholder').waitFor();

      // Print every waiting card: one PDF, a page a card; then mark exactly those printed.
      await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
      await see(page, `${PAID} cartes`);
      const printAll = page.getByRole('button', { name: 'Imprimer toutes les cartes en attente (PDF)' });
      const [file] = await Promise.all([page.waitForEvent('download'), printAll.click()]);
      assert.equal(pdfPageObjects(await readFile(await file.path())), PAID);
      const question = page.getByRole('dialog', { name: `Les ${PAID} cartes sont-elles bien imprimées ?` });
      await question.getByRole('button', { name: 'Pas encore' }).waitFor();
      await question.getByRole('button', { name: 'Oui, marquer comme imprimées' }).click();
      await see(page, `${PAID} cartes marquées comme imprimées`);
      const cards = (await apiCall(suite, token, 'GET', '/api/card/get.card_list?_limit=100')).data;
      assert.equal(cards.length, PAID);
      assert.ok(
        cards.every((card) => card.card_status === 'printed'),
        'every card is printed',
      );

      // Put them all in one delivery.
      await page.getByRole('link', { name: 'Livraisons', exact: true }).click();
      await page.getByRole('button', { name: 'Nouvelle livraison' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouvelle livraison' });
      await dialog.getByText(`${PAID} cartes à livrer`).waitFor();
      await dialog.locator('.ant-table-thead .ant-checkbox-input').check();
      await dialog.getByText(`${PAID} cartes choisies`).waitFor();
      await expectNoAxeViolations(page, 'nouvelle livraison (vingt cartes)');
      await dialog.getByRole('button', { name: 'Créer la livraison' }).click();
      await see(page, 'Livraison créée');
      const detail = page.getByRole('dialog', { name: /^Livraison LIV-/ });
      await detail.getByText('Non envoyée', { exact: true }).waitFor();
      const deliveries = (await apiCall(suite, token, 'GET', '/api/delivery/get.delivery_list')).data;
      assert.equal(deliveries.length, 1);
      assert.equal(deliveries[0].delivery_quantity, PAID);
    }),
  );
});

/** The page objects of a PDF (`/Type /Page`, not `/Pages`), which must start with %PDF. */
function pdfPageObjects(content) {
  const text = content.toString('latin1');
  assert.equal(text.slice(0, 5), '%PDF-');
  return text.match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
}
