// The designer speaks French to a newcomer, in Chromium against the real product: a card template made
// from the list, its QR code and the holder's name inserted from « Insérer un champ des données » alone (every
// field offered by its French name, none by its identifier), each in free space, saved without an error, and
// kept with a QR element bound to `card_qrcode`; an element renamed away from its field is refused before
// saving, in French, with the fields to choose from, and the server refuses it too, listing `card_qrcode`.
// The templates Sésame ships open unchanged, each field showing an example of what it prints.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiSignIn } from './api.mjs';
import { inBrowser, see, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const INSERT = 'Insérer un champ des données';

describe('the designer inserts any field of a card by its French name', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;

  before(async () => {
    suite = await startSuite();
    token = await apiSignIn(suite);
  });
  after(async () => {
    await suite?.stop();
  });

  test('the QR code and the name inserted from the list, saved, kept bound to their fields', { timeout: 240_000 }, () =>
    inBrowser('designer-insert', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.goto(`${suite.baseUrl}/reports`);

      // A card template made from the list: it opens in the designer.
      await page.getByRole('button', { name: 'Nouveau modèle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouveau modèle' });
      await dialog.getByLabel('Nom').fill('Carte QR');
      await dialog.getByRole('combobox', { name: 'Type' }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Carte', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      const designer = page.locator('.ant-drawer').filter({ hasText: 'Modèle Carte QR' });
      await designer.getByText('Version 1 enregistrée', { exact: true }).waitFor();

      // Every field by its French name: the phone, the membership, the QR code and the photo among them.
      const shown = await openInsertList(page, designer);
      for (const label of ['QR code de la carte', "Photo de l'adhérent", 'Téléphone', "Date d'adhésion", 'Nom'])
        assert.ok(shown.includes(label), `${label} offered: ${shown.join(' | ')}`);
      assert.ok(
        shown.every((label) => !/^(card|member|delivery)_/.test(label)),
        `no field offered by its identifier: ${shown.join(' | ')}`,
      );
      assert.equal(shown.length, new Set(shown).size, 'each field once');
      await page.keyboard.press('Escape');

      await insert(page, designer, 'QR code de la carte');
      await designer.getByText('Modifications non enregistrées', { exact: true }).waitFor();
      await insert(page, designer, 'Nom');
      // The designer's list of elements names each by its field's French name.
      await designer.locator('[data-field-label="QR code de la carte"]').waitFor();
      await designer.locator('[data-field-label="Nom"]').waitFor();

      await designer.getByRole('button', { name: 'Enregistrer une version' }).click();
      const save = page.getByRole('dialog', { name: 'Enregistrer une version' });
      await save.getByLabel('Notes de version').fill('QR code et nom insérés');
      assert.equal(await save.locator('.ant-alert-error').count(), 0, 'no refusal before saving');
      await save.getByRole('button', { name: 'Enregistrer' }).click();
      await save.waitFor({ state: 'hidden' });
      await see(page, 'Version 2 enregistrée');

      // Kept as drawn: a QR element bound to the card's QR code, large enough to be read, and the name apart.
      const report = await savedTemplate(suite, token, 'Carte QR');
      assert.equal(report.report_version, 2);
      const elements = JSON.parse(report.report_json).schemas[0];
      assert.deepEqual(
        elements.map((element) => [element.name, element.type]),
        [
          ['card_qrcode', 'qrcode'],
          ['card_lastname', 'text'],
        ],
      );
      const [qr, name] = elements;
      assert.ok(Math.min(qr.width, qr.height) >= 15, `a QR code of ${qr.width} × ${qr.height} mm`);
      assert.ok(apart(qr, name), `the name does not land on the QR code: ${JSON.stringify(elements)}`);

      // The QR code renamed away from its field: refused before saving, in French, with the fields to choose.
      await designer.locator('[data-field-label="QR code de la carte"]').click();
      const fieldName = designer.getByLabel('Nom', { exact: true });
      await fieldName.fill('Champ4');
      await fieldName.press('Tab');
      // Back in the list of elements once the designer has taken the new name: no French name beside it.
      await designer.getByRole('button', { name: 'Retour à la liste des champs' }).click();
      const renamed = designer.locator('li span.ant-typography').filter({ hasText: /^Champ4$/ });
      await renamed.waitFor();
      assert.equal(await renamed.getAttribute('data-field-label'), null);
      await designer.getByRole('button', { name: 'Enregistrer une version' }).click();
      const refusal = save.locator('.ant-alert-error');
      await refusal.waitFor();
      const said = await refusal.innerText();
      assert.match(said, /L’élément « Champ4 » n’est lié à aucun champ d’une carte/);
      assert.match(said, /QR code de la carte \(card_qrcode\)/);
      assert.match(said, /Téléphone \(card_phoneNumber\)/);
      await save.getByRole('button', { name: 'Annuler' }).click();
      await save.waitFor({ state: 'hidden' });

      // The server refuses the same element, listing every field, card_qrcode among them.
      const unbound = { ...JSON.parse(report.report_json), schemas: [[{ ...qr, name: 'Champ4' }, name]] };
      const response = await fetch(`${suite.baseUrl}/api/report/post.report_json`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          report_id: report.report_id,
          report_json: JSON.stringify(unbound),
          report_versionNotes: 'QR code renommé',
        }),
      });
      assert.equal(response.status, 400);
      const answer = await response.json();
      const message = answer.fields?.report_json ?? '';
      assert.match(message, /^L'élément « Champ4 » n'est lié à aucun champ d'une carte/);
      for (const field of ['card_qrcode', 'card_phoneNumber', 'card_membershipStartDate', 'card_photo'])
        assert.ok(message.includes(field), `${field} listed: ${message}`);
    }),
  );

  test('the shipped card and slip open as they are, each field showing an example', { timeout: 180_000 }, () =>
    inBrowser('designer-shipped', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      for (const [name, examples] of [
        ['Carte de membre', ['Koné', 'K000000045']],
        ['Bordereau de livraison', ['LIV-2026-0012', 'KONÉ Aya']],
      ]) {
        await page.goto(`${suite.baseUrl}/reports`);
        await page.getByRole('button', { name: `Modifier ${name}`, exact: true }).click();
        const designer = page.locator('.ant-drawer').filter({ hasText: `Modèle ${name}` });
        const canvas = designer.locator('.pdfme-designer-root');
        // Each field shows what it prints, not an empty box.
        for (const example of examples) await canvas.getByText(example, { exact: true }).first().waitFor();
        // Opened and looked at, nothing is changed: no « unsaved » mark, and closing asks nothing.
        await page.waitForTimeout(1_000);
        assert.equal(await designer.getByText('Modifications non enregistrées', { exact: true }).count(), 0, name);
        await designer.locator('.ant-drawer-close').click();
        await designer.waitFor({ state: 'hidden' });
        assert.equal(await page.getByText('Abandonner les modifications ?').count(), 0, name);
      }
    }),
  );
});

/** Opens « Insérer un champ des données »; the options it shows, as their text. */
async function openInsertList(page, designer) {
  await designer.getByRole('combobox', { name: INSERT }).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await options.first().waitFor();
  return options.allInnerTexts();
}

/** Inserts the field named `label` in French, chosen in the list (nothing typed). */
async function insert(page, designer, label) {
  await openInsertList(page, designer);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
}

/** The template `name` as saved, through the API. */
async function savedTemplate(suite, token, name) {
  const list = await apiCall(suite, token, 'GET', `/api/report/get.report_list?filter=${encodeURIComponent(name)}`);
  const found = list.data.find((report) => report.report_name === name);
  assert.ok(found, `${name} is not in the list`);
  return (await apiCall(suite, token, 'GET', `/api/report/get.report/${found.report_id}`)).data;
}

/** Whether two elements share no part of the page. */
function apart(a, b) {
  return (
    a.position.x >= b.position.x + b.width ||
    b.position.x >= a.position.x + a.width ||
    a.position.y >= b.position.y + b.height ||
    b.position.y >= a.position.y + a.height
  );
}
