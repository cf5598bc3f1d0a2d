// The server prints what the designer drew, in Chromium against the real product: a card template edited
// in the designer (a field of the data inserted and moved), saved as version 2 and made the default, and
// the member's card printed by the cards service shows the change where the designer put it (read back
// with pdftotext, from poppler-utils).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { apiCall, apiPaidMember, apiSignIn, waitFor } from './api.mjs';
import { inBrowser, rowOf, see, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const run = promisify(execFile);
/** pdfme's points per millimetre. */
const PT_PER_MM = 2.8346;

/** Version 1 of the template: the holder's last name only. */
const FIRST_VERSION = {
  basePdf: { width: 85.6, height: 53.98, padding: [0, 0, 0, 0] },
  schemas: [
    [
      {
        name: 'card_lastname',
        type: 'text',
        content: 'Koné',
        position: { x: 4, y: 4 },
        width: 50,
        height: 6,
        fontSize: 12,
      },
    ],
  ],
};

describe('a designed card template prints as drawn', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;
  let card;
  let dir;

  before(async () => {
    suite = await startSuite();
    dir = await mkdtemp(join(tmpdir(), 'designed-card-'));
    token = await apiSignIn(suite);
    // The card and the templates are made through the API: the designer is what is tested here.
    await apiPaidMember(suite, token, 'Adjoua', 'Koné', 'W-2207-01');
    const candidates = await waitFor(async () => {
      const answer = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list');
      return answer.data.length === 1 ? answer.data : null;
    });
    const made = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', {
      member_ids: candidates.map((candidate) => candidate.member_id),
    });
    card = (await apiCall(suite, token, 'GET', `/api/card/get_card/${made.data.card_ids[0]}`)).data;
    // The default card until the end: a blank card. The template to edit is another one.
    await apiCall(suite, token, 'POST', '/api/report/post.report', {
      report_name: 'Carte vierge',
      report_type: 'card',
      report_isDefault: true,
    });
    await apiCall(suite, token, 'POST', '/api/report/post.report', {
      report_name: 'Carte terrain',
      report_type: 'card',
      report_json: JSON.stringify(FIRST_VERSION),
    });
  });
  after(async () => {
    await suite?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('edited, saved as version 2, made the default: the printed card shows the change', { timeout: 240_000 }, () =>
    inBrowser('designed-card', async (page) => {
      // Before: the default is the blank card, and the card number is printed nowhere.
      const blank = await printedWords(suite, token, card.card_id, dir, 'before');
      assert.equal(
        blank.find((word) => word.text === card.card_idNumber),
        undefined,
        'a blank card prints no number',
      );

      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.goto(`${suite.baseUrl}/reports?type=card`);
      const table = page.locator('.ant-table');
      const row = rowOf(table, 'Carte terrain');
      await row.getByRole('button', { name: 'Modifier Carte terrain' }).click();
      const designer = page.locator('.ant-drawer').filter({ hasText: 'Modèle Carte terrain' });
      await designer.getByText('Modèle Carte terrain', { exact: true }).waitFor();

      // The card number inserted from the data, then moved to 20 mm from the left edge (within the page: it is 60 mm wide).
      await chooseOption(
        page,
        designer.getByRole('combobox', { name: 'Insérer un champ des données' }),
        'card_idNumber',
      );
      await designer.getByText('Modifications non enregistrées', { exact: true }).waitFor();
      const inserted = designer.locator('.pdfme-designer-root').getByText('K000000045', { exact: true }).first();
      await inserted.click();
      const x = designer.getByLabel('X', { exact: true });
      assert.equal(await x.inputValue(), '4');
      const left = (await inserted.boundingBox()).x;
      await x.fill('20');
      await x.press('Tab');
      // The designer applies the property once the field is left: the element moves on the page.
      // While the designer draws it again, the element has no box for a moment.
      await waitFor(async () => ((await inserted.boundingBox())?.x ?? left) > left + 10);
      // The member's photo: a picture bound to the photo field, under the others.
      await chooseOption(page, designer.getByRole('combobox', { name: 'Insérer un champ des données' }), 'card_photo');

      await designer.getByRole('button', { name: 'Enregistrer une version' }).click();
      const save = page.getByRole('dialog', { name: 'Enregistrer une version' });
      await save.getByLabel('Notes de version').fill('Numéro de carte ajouté');
      await save.getByRole('button', { name: 'Enregistrer' }).click();
      await save.waitFor({ state: 'hidden' });
      await see(page, 'Version 2 enregistrée');
      const list = await apiCall(suite, token, 'GET', '/api/report/get.report_list?type=card');
      const saved = list.data.find((report) => report.report_name === 'Carte terrain');
      const json = (await apiCall(suite, token, 'GET', `/api/report/get.report/${saved.report_id}`)).data.report_json;
      const elements = JSON.parse(json).schemas[0].map((e) => [e.name, e.type, e.position.x]);
      assert.deepEqual(
        elements,
        [
          ['card_lastname', 'text', 4],
          ['card_idNumber', 'text', 20],
          ['card_photo', 'image', 4],
        ],
        'version 2 as drawn',
      );
      await designer.locator('.ant-drawer-close').first().click();
      await designer.waitFor({ state: 'hidden' });

      await row.getByText('v2', { exact: true }).waitFor();
      await row.getByRole('button', { name: 'Définir par défaut Carte terrain' }).click();
      await row.getByText('Par défaut', { exact: true }).waitFor();

      // The card printed by the server: the last name where version 1 put it, the number where it was moved.
      const words = await printedWords(suite, token, card.card_id, dir, 'after');
      const number = words.find((word) => word.text === card.card_idNumber);
      assert.ok(number, `the card number is printed: ${JSON.stringify(words)}`);
      assert.ok(Math.abs(number.xMin / PT_PER_MM - 20) < 0.5, `at 20 mm from the left: ${number.xMin / PT_PER_MM} mm`);
      const lastname = words.find((word) => word.text === 'Koné');
      assert.ok(lastname, `the last name is printed: ${JSON.stringify(words)}`);
      assert.ok(Math.abs(lastname.xMin / PT_PER_MM - 4) < 0.5, `at 4 mm: ${lastname.xMin / PT_PER_MM} mm`);
      assert.ok(number.yMin > lastname.yMax, 'the inserted field under the name, as the designer placed it');
    }),
  );
});

/** The words of card `cardId` as the cards service prints it, with their boxes (points, from the top left). */
async function printedWords(suite, token, cardId, dir, name) {
  const response = await fetch(`${suite.baseUrl}/api/card/post.printing_card_list_by_id`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_ids: [cardId] }),
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/pdf');
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, Buffer.from(await response.arrayBuffer()));
  const { stdout } = await run('pdftotext', ['-bbox', file, '-']);
  return [
    ...stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map(([, xMin, yMin, xMax, yMax, text]) => ({ text, xMin: +xMin, yMin: +yMin, xMax: +xMax, yMax: +yMax }));
}

/** Opens the select `select` and picks `label` in its list. */
async function chooseOption(page, select, label) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
}
