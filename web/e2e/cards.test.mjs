// Members' mobile-money payments as an agent of the network records them, in Chromium, against the real
// product: a payment made in the form of the cards screen, a second one with the same operator's number
// refused under that field, the search by number, a payment added from the member's record and seen
// there, a deletion; and a viewer who reads the payments without changing them.
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
  seeDenied,
  seeTitle,
  signIn,
} from './browser.mjs';
import { startSuite } from './suite.mjs';
import { apiSignIn, apiCall, apiPay } from './api.mjs';

const WRITERS = 'Réservé aux administrateurs, gestionnaires et agents';
const TIMEOUT = 240_000;
const VIEWER = { login: 'lecteur.yao', password: 'lecteur-pass-2026' };
/** How the member lists and selects name Awa Koné: with her member number. */
const AWA = /^Awa Koné \(C\d+\)$/;

describe('cards: payments', { timeout: 10 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
    // The member who pays, a viewer and a first payment, made through the API: the members' and users'
    // screens are not what is tested here.
    const token = await apiSignIn(suite);
    const member = await apiCall(suite, token, 'POST', '/api/member/post_member', {
      member_firstname: 'Awa',
      member_lastname: 'Koné',
    });
    await apiCall(suite, token, 'POST', '/api/user/post_user', {
      login_name: VIEWER.login,
      login_password: VIEWER.password,
      login_role: 'viewer',
    });
    await apiPay(suite, token, member.id, 'MTN-0615-01', { amount: 12500, operator: 'MTN MoMo' });
  });
  after(async () => {
    await suite?.stop();
  });

  test(
    'record a payment, refuse its number twice, find it, see it on the member, delete it',
    { timeout: TIMEOUT },
    () =>
      inBrowser('cards-payments', async (page) => {
        await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
        await page.getByRole('link', { name: 'Cartes', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/cards');
        await seeTitle(page, 'Cartes | Sésame');
        await page.getByRole('tab', { name: 'Paiements', exact: true }).waitFor();
        const table = page.locator('.ant-table').first();
        const first = rowOf(table, 'MTN-0615-01');
        await first.getByText('12 500 FCFA', { exact: true }).waitFor();
        await first.getByText('15/06/2026', { exact: true }).waitFor();
        // The member is named, with her number.
        await first.getByText(AWA).waitFor();
        await see(page, '1 paiement');
        await expectNoAxeViolations(page, 'paiements');

        // A new payment: its checks before anything is sent.
        await page.getByRole('button', { name: 'Nouveau paiement' }).click();
        const dialog = page.getByRole('dialog', { name: 'Nouveau paiement' });
        await dialog.getByLabel('Montant', { exact: true }).waitFor();
        await expectNoAxeViolations(page, 'nouveau paiement');
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await see(page, 'Le montant doit être un nombre entier de francs CFA, supérieur à 0 (au plus 100 000 000)');
        await see(page, "Choisissez l'opérateur de mobile money");
        await see(page, 'Saisissez le numéro de transaction');
        await see(page, "Choisissez l'adhérent qui a payé");
        await expectNoAxeViolations(page, 'nouveau paiement (erreurs)');

        await fillPayment(page, dialog, { amount: '5000', operator: 'Orange Money', number: 'OM 2611 01' });
        await chooseMember(page, dialog, 'Koné');
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await see(page, 'Transaction enregistrée');
        const paid = rowOf(table, 'OM 2611 01');
        await paid.getByText('5 000 FCFA', { exact: true }).waitFor();
        await paid.getByText('Orange Money', { exact: true }).waitFor();
        // The type is a choice of the settings' list, shown by its French label. At 1,366 pixels it waits in
        // « Colonnes » (the list shows all its columns from 1,440 pixels: table-widths.test.mjs).
        assert.equal(await table.locator('.ant-table-thead').getByText('Type', { exact: true }).count(), 0);
        await page.getByRole('button', { name: 'Colonnes' }).click();
        const typeShown = page.getByRole('checkbox', { name: 'Type' });
        await typeShown.check();
        await page.keyboard.press('Escape');
        await typeShown.waitFor({ state: 'hidden' });
        await paid.getByText('Carte de membre', { exact: true }).waitFor();
        await see(page, '2 paiements');

        // The same operator's number a second time: the server's message under the number.
        await page.getByRole('button', { name: 'Nouveau paiement' }).click();
        await fillPayment(page, dialog, { amount: '2000', operator: 'Orange Money', number: 'OM 2611 01' });
        await chooseMember(page, dialog, 'Koné');
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await fieldOf(dialog, 'N° de transaction')
          .getByText('La transaction Orange Money n° « OM 2611 01 » est déjà enregistrée.', { exact: true })
          .waitFor();
        await expectNoAxeViolations(page, 'nouveau paiement (numéro déjà enregistré)');
        // What was typed is dropped only once confirmed.
        await dialog.getByRole('button', { name: 'Annuler' }).click();
        await discardChanges(page);
        await dialog.waitFor({ state: 'hidden' });

        // Found by its number, spaces and case aside; not among another operator's.
        const search = page.getByPlaceholder('Rechercher un n° de transaction');
        await search.fill('om261101');
        await search.press('Enter');
        await see(page, '1 paiement trouvé pour le n° « om261101 »');
        await paid.waitFor();
        assert.equal(await rowOf(table, 'MTN-0615-01').count(), 0);
        await expectNoAxeViolations(page, 'paiements (recherche)');
        await page.getByLabel('Opérateur de la transaction recherchée', { exact: true }).click();
        await page.locator('.ant-select-dropdown:visible').getByTitle('Wave', { exact: true }).click();
        await see(page, '0 paiement trouvé pour le n° « om261101 »');
        await search.fill('');
        await search.press('Enter');
        await see(page, '2 paiements');

        // The member's record lists her payments; one more is added from there, for her.
        await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/members');
        await page.locator('.ant-table').getByText('Awa', { exact: true }).click();
        const drawer = page.getByRole('dialog', { name: AWA });
        await drawer.getByRole('tab', { name: 'Paiements' }).click();
        await rowOf(drawer, 'OM 2611 01').getByText('5 000 FCFA', { exact: true }).waitFor();
        await rowOf(drawer, 'MTN-0615-01').getByText('12 500 FCFA', { exact: true }).waitFor();
        await expectNoAxeViolations(page, 'fiche adhérent (paiements)');

        await drawer.getByRole('button', { name: 'Nouveau paiement' }).click();
        await dialog.getByLabel('Montant', { exact: true }).waitFor();
        await dialog.getByText(AWA).waitFor();
        await expectNoAxeViolations(page, "nouveau paiement (depuis l'adhérent)");
        await fillPayment(page, dialog, { amount: '7500', operator: 'Wave', number: 'W-2611-02' });
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await rowOf(drawer, 'W-2611-02').getByText('7 500 FCFA', { exact: true }).waitFor();
        await drawer.getByRole('button', { name: 'Annuler' }).click();
        await drawer.waitFor({ state: 'hidden' });

        // Deleted with a reason: kept, struck through, as cancelled (who, when, why); no longer changeable.
        await page.getByRole('link', { name: 'Cartes', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/cards');
        await see(page, '3 paiements');
        await paid.getByRole('button', { name: 'Supprimer' }).click();
        const cancel = page.getByRole('dialog', { name: 'Supprimer le paiement OM 2611 01' });
        await cancel.getByLabel('Motif de la suppression').waitFor();
        await expectNoAxeViolations(page, "suppression d'un paiement");
        await cancel.getByLabel('Motif de la suppression').fill('err');
        await cancel.getByRole('button', { name: 'Supprimer' }).click();
        await see(page, 'Indiquez le motif de la suppression (au moins 5 caractères)');
        await cancel.getByLabel('Motif de la suppression').fill('Saisie en double');
        await cancel.getByRole('button', { name: 'Supprimer' }).click();
        await cancel.waitFor({ state: 'hidden' });
        await see(page, 'Transaction supprimée (gardée comme annulée)');
        await paid.getByText('Annulé', { exact: true }).waitFor();
        await see(page, '3 paiements');
        assert.equal(await paid.getByRole('button', { name: /^(Modifier|Supprimer)/ }).count(), 0);
        const struck = await paid
          .locator('.ant-table-cell')
          .first()
          .evaluate((cell) => cell.ownerDocument.defaultView.getComputedStyle(cell).textDecorationLine);
        assert.equal(struck, 'line-through');
        await paid.getByText('Annulé', { exact: true }).hover();
        await see(page, 'Annulé par admin le', { exact: false });
        await see(page, ': Saisie en double', { exact: false });
        await expectNoAxeViolations(page, 'paiements (un paiement annulé)');
      }),
  );

  test('a viewer reads the payments, and may not record or change one', { timeout: TIMEOUT }, () =>
    inBrowser('cards-viewer', async (page) => {
      await signIn(page, suite.baseUrl, VIEWER.login, VIEWER.password);
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cards');
      const table = page.locator('.ant-table').first();
      await rowOf(table, 'MTN-0615-01').getByText('12 500 FCFA', { exact: true }).waitFor();
      // Read-only: said by the title; what the viewer may not do shows disabled, saying who may.
      await page.getByTestId('read-only').getByText('Lecture seule', { exact: true }).waitFor();
      await seeDenied(page, page.getByRole('button', { name: 'Nouveau paiement' }), WRITERS);
      await seeDenied(page, rowOf(table, 'MTN-0615-01').getByRole('button', { name: /^Modifier/ }), WRITERS);
      await seeDenied(page, rowOf(table, 'MTN-0615-01').getByRole('button', { name: /^Supprimer/ }), WRITERS);
      await expectNoAxeViolations(page, 'paiements (lecteur)');

      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      await page.locator('.ant-table').getByText('Awa', { exact: true }).click();
      const drawer = page.getByRole('dialog', { name: AWA });
      await drawer.getByRole('tab', { name: 'Paiements' }).click();
      await rowOf(drawer, 'MTN-0615-01').getByText('12 500 FCFA', { exact: true }).waitFor();
      await seeDenied(page, drawer.getByRole('button', { name: 'Nouveau paiement' }), WRITERS);
      await expectNoAxeViolations(page, 'fiche adhérent (paiements, lecteur)');
    }),
  );

  test('the payments are read 2,000 at a time, the next ones as the user scrolls', { timeout: 60_000 }, () =>
    inBrowser('cards-payments-pages', async (page) => {
      const asked = await answerMadeUpPages(page, '/api/transaction/get.transaction_list', {
        madeUp: madeUpPayment,
        nameField: 'transaction_number',
      });
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.getByText(/^2\s001 paiements$/).waitFor();
      await checkKeysetPages(page, asked, {
        orderBy: 'transaction_id',
        lastId: madeUpPayment(1999).transaction_id,
        header: /^Montant$/,
        sortedBy: 'transaction_amount',
      });
    }),
  );
});

/** The form item (label, field and messages) of a field. */
function fieldOf(dialog, label) {
  return dialog.locator('.ant-form-item', { has: dialog.page().getByLabel(label, { exact: true }) });
}

/** Fills the amount, the operator and the number of the payment form. */
async function fillPayment(page, dialog, { amount, operator, number }) {
  await dialog.getByLabel('Montant', { exact: true }).fill(amount);
  await dialog.getByLabel('Opérateur', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(operator, { exact: true }).click();
  await dialog.getByLabel('N° de transaction', { exact: true }).fill(number);
}

/** Picks the member by typing part of her name in the member select. */
async function chooseMember(page, dialog, typed) {
  const select = dialog.getByLabel('Adhérent', { exact: true });
  await select.click();
  await select.fill(typed);
  await page.locator('.ant-select-dropdown:visible').getByTitle(AWA).click();
}

/** A payment of the made-up pages (answerMadeUpPages), of no member. */
function madeUpPayment(i) {
  return {
    transaction_id: 1_000_000_001 + i,
    transaction_date: '2026-06-15',
    transaction_amount: 5000,
    transaction_mobileOperator: 'MTN MoMo',
    transaction_memberId: null,
    transaction_type: 'card',
    transaction_isUsedForCard: false,
  };
}
