// What follows the making of cards, in Chromium, against the real product: an operator's statement
// imported from a CSV file (one payment matched to its member by her phone number, one left to assign),
// the payment left assigned from "Paiements à attribuer" and seen among the member's payments; a printed
// card reprinted with a reason (the old card cancelled, the new one waiting to be printed); a delivery's
// slip saved as a PDF; and a proof of delivery sent, then offered to be seen.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { dialogOpened, inBrowser, rowOf, see, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';
import { apiCall, apiPaidMember, apiSignIn, waitFor } from './api.mjs';
import { portraitPng } from './png.mjs';

const TIMEOUT = 300_000;
/** How the member lists and selects name Awa Koné: with her member number. */
const AWA = /^Awa Koné \(C\d+\)$/;

describe('card follow-ups: statements, reprints, slips and proofs', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;
  /** The number of Koffi's printed card, and the code of Fatou's delivery. */
  let koffiCard;
  let deliveryCode;

  before(async () => {
    suite = await startSuite();
    // Made through the API: the members', payments' and card making screens are not what is tested here.
    token = await apiSignIn(suite);
    await apiCall(suite, token, 'POST', '/api/member/post_member', {
      member_firstname: 'Awa',
      member_lastname: 'Koné',
      member_contact: '07 07 07 07 07',
    });
    for (const [firstname, lastname, number] of [
      ['Koffi', 'Yao', 'W-0615-01'],
      ['Fatou', 'Traoré', 'W-0615-02'],
    ]) {
      await apiPaidMember(suite, token, firstname, lastname, number);
    }
    // The cards service learns of the members from their events: wait until both are candidates.
    const candidates = await waitFor(async () => {
      const answer = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list');
      return answer.data.length === 2 ? answer.data : null;
    });
    const made = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', {
      member_ids: candidates.map((candidate) => candidate.member_id),
    });
    assert.equal(made.data.card_ids.length, 2);
    await apiCall(suite, token, 'POST', '/api/card/post.mark_as_printed', { card_ids: made.data.card_ids });
    const cards = await Promise.all(
      made.data.card_ids.map(async (id) => (await apiCall(suite, token, 'GET', `/api/card/get_card/${id}`)).data),
    );
    const koffi = cards.find((card) => card.card_lastname === 'Yao');
    const fatou = cards.find((card) => card.card_lastname === 'Traoré');
    koffiCard = koffi.card_idNumber;
    const delivery = await apiCall(suite, token, 'POST', '/api/delivery/post_delivery', {
      delivery_id: null,
      delivery_isErrorType: false,
      cards: [{ card_id: fatou.card_id, card_idNumber: '', card_memberId: null }],
      delivery_sent: false,
    });
    deliveryCode = (await apiCall(suite, token, 'GET', `/api/delivery/get.delivery/${delivery.id}`)).data.delivery
      .delivery_code;
  });
  after(async () => {
    await suite?.stop();
  });

  test(
    'import a statement, assign the payment no member was found for, see both on the member',
    { timeout: TIMEOUT },
    () =>
      inBrowser('card-followups-statement', async (page) => {
        await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
        await page.getByRole('link', { name: 'Cartes', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/cards');
        await page.getByRole('button', { name: 'Importer un relevé' }).click();
        const dialog = page.getByRole('dialog', { name: "Importer un relevé d'opérateur" });
        await dialog.getByLabel('Opérateur du relevé', { exact: true }).click();
        await page.locator('.ant-select-dropdown:visible').getByTitle('Orange Money', { exact: true }).click();

        // Awa paid from her phone (written with the country code); the other payer is no member.
        const csv = [
          'N° de transaction;Date;Montant;Téléphone',
          'OM-REL-01;02/11/2026;5 000;+225 07 07 07 07 07',
          'OM-REL-02;03/11/2026;7500;01 01 01 01 01',
          '',
        ].join('\r\n');
        await dialog.locator('input[type=file]').setInputFiles({
          name: 'releve-orange.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(csv, 'utf-8'),
        });
        await dialog.getByText('2 lignes prêtes à importer', { exact: true }).waitFor();
        await expectNoAxeViolations(page, 'import de relevé');
        await dialog.getByRole('button', { name: 'Importer 2 lignes' }).click();
        await dialog.getByText('Import terminé', { exact: true }).waitFor();
        assert.equal(await countOf(dialog, 'Paiements rapprochés'), '1');
        assert.equal(await countOf(dialog, 'Déjà enregistrés'), '0');
        assert.equal(await countOf(dialog, 'À attribuer'), '1');
        await expectNoAxeViolations(page, 'import de relevé (résultat)');
        await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Fermer' }).click();
        await dialog.waitFor({ state: 'hidden' });

        // The matched payment is Awa's.
        const payments = page.locator('.ant-table').first();
        await rowOf(payments, 'OM-REL-01').getByText(AWA).waitFor();
        await rowOf(payments, 'OM-REL-01').getByText('5 000 FCFA', { exact: true }).waitFor();

        // The other waits for its member: assigned to Awa.
        await page.getByRole('tab', { name: 'Paiements à attribuer' }).click();
        const unmatched = page.locator('.ant-table').first();
        const waiting = rowOf(unmatched, 'OM-REL-02');
        await waiting.getByText('7 500 FCFA', { exact: true }).waitFor();
        await waiting.getByText('01 01 01 01 01', { exact: true }).waitFor();
        await see(page, '1 paiement à attribuer');
        await expectNoAxeViolations(page, 'paiements à attribuer');
        await waiting.getByRole('button', { name: 'Attribuer le paiement OM-REL-02' }).click();
        const assign = page.getByRole('dialog', { name: 'Attribuer le paiement OM-REL-02' });
        await dialogOpened(page, assign);
        await assign.getByRole('button', { name: 'Enregistrer' }).click();
        await assign.getByText("Choisissez l'adhérent qui a payé", { exact: true }).waitFor();
        await expectNoAxeViolations(page, "attribution d'un paiement");
        const select = assign.getByLabel('Adhérent', { exact: true });
        await select.click();
        await select.fill('Koné');
        await page.locator('.ant-select-dropdown:visible').getByTitle(AWA).click();
        await assign.getByRole('button', { name: 'Enregistrer' }).click();
        await assign.waitFor({ state: 'hidden' });
        await see(page, "Paiement attribué à l'adhérent");
        await waiting.waitFor({ state: 'detached' });
        await see(page, 'Aucun paiement à attribuer.');

        // Both are among Awa's payments.
        await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/members');
        await page.locator('.ant-table').getByText('Awa', { exact: true }).click();
        const drawer = page.getByRole('dialog', { name: AWA });
        await drawer.getByRole('tab', { name: 'Paiements' }).click();
        await rowOf(drawer, 'OM-REL-01').getByText('5 000 FCFA', { exact: true }).waitFor();
        await rowOf(drawer, 'OM-REL-02').getByText('7 500 FCFA', { exact: true }).waitFor();
      }),
  );

  test(
    'a long statement is refused on its faulty line, nothing recorded, then imported once fixed',
    { timeout: TIMEOUT },
    () =>
      inBrowser('card-followups-long-statement', async (page) => {
        await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
        await page.getByRole('link', { name: 'Cartes', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/cards');
        await page.getByRole('button', { name: 'Importer un relevé' }).click();
        const dialog = page.getByRole('dialog', { name: "Importer un relevé d'opérateur" });
        await dialog.getByLabel('Opérateur du relevé', { exact: true }).click();
        await page.locator('.ant-select-dropdown:visible').getByTitle('Orange Money', { exact: true }).click();

        // 12,000 payments from phones no member has, sent in three parts; the file's line 11,002 has a
        // date that does not exist, which only the server finds.
        const csv = (badLine) => {
          const lines = ['N° de transaction;Date;Montant;Téléphone'];
          for (let i = 0; i < 12_000; i += 1) {
            const date = lines.length + 1 === badLine ? '31/02/2026' : '02/11/2026';
            lines.push(`OM-LONG-${i};${date};5000;05${String(i).padStart(8, '0')}`);
          }
          return Buffer.from(lines.join('\r\n'), 'utf-8');
        };
        const unmatchedTotal = async () =>
          (await apiCall(suite, token, 'GET', '/api/transaction/get.unmatched_list?_limit=1')).total;
        const before = await unmatchedTotal();
        const file = dialog.locator('input[type=file]');
        await file.setInputFiles({ name: 'releve-long.csv', mimeType: 'text/csv', buffer: csv(11_002) });
        await dialog.getByText(/^12\s000 lignes prêtes à importer$/u).waitFor();
        await dialog.getByRole('button', { name: /^Importer 12\s000 lignes$/u }).click();
        await dialog
          .getByText("Le relevé n'a pas été importé (rien n'a été enregistré) : corrigez ces lignes du fichier.")
          .waitFor({ timeout: 60_000 });
        await dialog
          .getByRole('listitem')
          .filter({ hasText: /^Ligne 11002 : Date invalide/u })
          .waitFor();
        assert.equal(await unmatchedTotal(), before, 'nothing of the refused statement recorded');

        await file.setInputFiles({ name: 'releve-long.csv', mimeType: 'text/csv', buffer: csv(0) });
        await dialog.getByText(/^12\s000 lignes prêtes à importer$/u).waitFor();
        await dialog.getByRole('button', { name: /^Importer 12\s000 lignes$/u }).click();
        await dialog.getByText('Import terminé', { exact: true }).waitFor({ timeout: 60_000 });
        assert.equal((await countOf(dialog, 'À attribuer')).replace(/\s/gu, ' '), '12 000');
        assert.equal(await countOf(dialog, 'Paiements rapprochés'), '0');
        assert.equal(await unmatchedTotal(), before + 12_000);
        await expectNoAxeViolations(page, 'import de relevé (long)');
      }),
  );

  test('reprint a printed card with a reason: the old one is cancelled, the new one waits', { timeout: TIMEOUT }, () =>
    inBrowser('card-followups-reprint', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cards');
      await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
      const cards = page.locator('.ant-table').first();
      const old = rowOf(cards, koffiCard);
      await old.getByText('Imprimée', { exact: true }).waitFor();
      await old.getByRole('button', { name: `Voir la carte ${koffiCard}` }).click();
      const drawer = page.getByRole('dialog', { name: `Carte ${koffiCard}` });
      await drawer.getByText('Koffi', { exact: true }).waitFor();
      // A printed card is reprinted, not corrected; an administrator may cancel it.
      assert.equal(await drawer.getByRole('button', { name: 'Corriger' }).count(), 0);
      await drawer.getByRole('button', { name: 'Annuler la carte' }).waitFor();
      await expectNoAxeViolations(page, "détail d'une carte imprimée");

      await drawer.getByRole('button', { name: 'Réimprimer' }).click();
      const dialog = page.getByRole('dialog', { name: `Réimprimer la carte ${koffiCard}` });
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.getByText('Saisissez le motif de la réimpression', { exact: true }).waitFor();
      await expectNoAxeViolations(page, "réimpression d'une carte");
      await dialog.getByLabel('Motif', { exact: true }).fill('Carte abîmée');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await see(page, "Carte réimprimée : la nouvelle carte attend l'impression");

      // The drawer shows the new card, waiting to be printed, which names the card it replaces.
      const reprint = page.getByRole('dialog', { name: /^Carte / });
      await reprint.getByText("En attente d'impression", { exact: true }).waitFor();
      await reprint.getByRole('button', { name: `remplace la carte n° ${koffiCard}` }).waitFor();
      const newNumber = await reprint.locator('.ant-drawer-title').innerText();
      await expectNoAxeViolations(page, "détail d'une carte réimprimée");
      // Waiting to be printed, it can still be corrected.
      await reprint.getByRole('button', { name: 'Corriger' }).click();
      const correct = page.getByRole('dialog', { name: /^Corriger la carte / });
      await correct.getByLabel('Ville', { exact: true }).fill('Daloa');
      await correct.getByRole('button', { name: 'Enregistrer' }).click();
      await correct.waitFor({ state: 'hidden' });
      await see(page, 'Carte corrigée');
      await reprint.getByText('Daloa', { exact: true }).waitFor();

      // The card it replaces, cancelled with the reason.
      await reprint.getByRole('button', { name: `remplace la carte n° ${koffiCard}` }).click();
      const cancelled = page.getByRole('dialog', { name: `Carte ${koffiCard}` });
      await cancelled.getByText('Annulée', { exact: true }).waitFor();
      await cancelled.getByText('Carte abîmée', { exact: true }).waitFor();
      assert.equal(
        await cancelled.getByRole('button', { name: /^(Réimprimer|Corriger|Annuler la carte)$/ }).count(),
        0,
      );
      await cancelled.locator('.ant-drawer-footer').getByRole('button', { name: 'Fermer', exact: true }).click();
      await cancelled.waitFor({ state: 'hidden' });

      // In the list: the old card cancelled, the new one waiting to be printed.
      await old.getByText('Annulée', { exact: true }).waitFor();
      assert.ok(newNumber.startsWith('Carte '), newNumber);
      await rowOf(cards, newNumber.slice('Carte '.length))
        .getByText("En attente d'impression", { exact: true })
        .waitFor();
    }),
  );

  test("save a delivery's slip as a PDF, send its proof and offer to see it", { timeout: TIMEOUT }, () =>
    inBrowser('card-followups-delivery', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Livraisons', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/delivery');
      const deliveries = page.locator('.ant-table').first();
      const row = rowOf(deliveries, deliveryCode);
      await row.waitFor();

      // The slips of the checked deliveries, in one PDF.
      await row.getByRole('checkbox', { name: `Choisir la livraison ${deliveryCode}` }).check();
      await see(page, '1 livraison sélectionnée');
      await expectNoAxeViolations(page, 'livraisons (sélection)');
      const slips = await download(page, page.getByRole('button', { name: 'Bordereaux (PDF)' }));
      assert.equal(slips.name, 'bordereaux.pdf');
      assert.equal(slips.head, '%PDF');

      // One delivery's slip, from its drawer.
      await row.getByRole('button', { name: `Voir la livraison ${deliveryCode}` }).click();
      const drawer = page.getByRole('dialog', { name: `Livraison ${deliveryCode}` });
      await drawer.getByText('Aucun justificatif', { exact: true }).waitFor();
      const slip = await download(page, drawer.getByRole('button', { name: 'Bordereau (PDF)' }));
      assert.equal(slip.name, `bordereau-${deliveryCode}.pdf`);
      assert.equal(slip.head, '%PDF');
      await expectNoAxeViolations(page, "détail d'une livraison (justificatif)");

      // A photo of the signed slip as its proof.
      assert.equal(await drawer.getByRole('button', { name: 'Voir le justificatif' }).count(), 0);
      await drawer.locator('input[type=file]').setInputFiles({
        name: 'bordereau-signe.png',
        mimeType: 'image/png',
        buffer: portraitPng(),
      });
      await see(page, 'Justificatif enregistré');
      await drawer.getByRole('button', { name: 'Voir le justificatif' }).waitFor();
      await drawer.getByRole('button', { name: 'Remplacer le justificatif' }).waitFor();
      await expectNoAxeViolations(page, "détail d'une livraison (justificatif envoyé)");
      const [shown] = await Promise.all([
        page.context().waitForEvent('page'),
        drawer.getByRole('button', { name: 'Voir le justificatif' }).click(),
      ]);
      assert.match(shown.url(), /^blob:/);
    }),
  );
});

/** The figure an import's summary gives under `title`. */
function countOf(scope, title) {
  return scope.locator('.ant-statistic', { hasText: title }).locator('.ant-statistic-content-value').innerText();
}

/** Clicks `button`, and answers the name of the file it saves and its first four bytes. */
async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const content = await readFile(await file.path());
  return { name: file.suggestedFilename(), head: content.subarray(0, 4).toString('latin1') };
}
