// The designer's preview with a real member, in Chromium against the real product: a card template
// previewed with its sample data, then with a member found by name (the PDF made in the browser, saved and
// read back with pdftotext, from poppler-utils, shows the member's name and number, and the sample's card
// number for what a member's record does not carry), then with a member who has a card (its own card's
// number), then with the sample again; a member deleted meanwhile says in French that its record cannot be
// read.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { apiCall, apiPaidMember, apiSignIn, waitFor } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, rowOf, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const run = promisify(execFile);

const field = (name, y, content) => ({
  name,
  type: 'text',
  content,
  position: { x: 4, y },
  width: 60,
  height: 6,
  fontSize: 10,
});

/** A card of four fields: the holder's names and number, and the card's number. */
const TEMPLATE = {
  basePdf: { width: 85.6, height: 53.98, padding: [0, 0, 0, 0] },
  schemas: [
    [
      field('card_lastname', 4, 'Koné'),
      field('card_firstname', 12, 'Aya'),
      field('card_memberIdNumber', 20, 'C000000123'),
      field('card_idNumber', 28, 'K000000045'),
    ],
  ],
};

describe('the designer previews a template with a real member', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;
  let dir;
  let member;
  let gone;
  let carded;
  let card;

  before(async () => {
    suite = await startSuite();
    dir = await mkdtemp(join(tmpdir(), 'designer-preview-'));
    token = await apiSignIn(suite);
    const made = await apiCall(suite, token, 'POST', '/api/member/post_member', {
      member_firstname: 'Mariam',
      member_lastname: 'Diabaté',
      member_birthLocation: 'Korhogo',
    });
    member = (await apiCall(suite, token, 'GET', `/api/member/get_member/${made.id}`)).data;
    const other = await apiCall(suite, token, 'POST', '/api/member/post_member', {
      member_firstname: 'Ibrahim',
      member_lastname: 'Sangaré',
    });
    gone = (await apiCall(suite, token, 'GET', `/api/member/get_member/${other.id}`)).data;
    // A member with a card: the cards service learns of the member from its events, then makes the card.
    const cardedId = await apiPaidMember(suite, token, 'Koffi', 'Yao', 'W-PREVIEW-01');
    carded = (await apiCall(suite, token, 'GET', `/api/member/get_member/${cardedId}`)).data;
    await waitFor(async () => {
      const answer = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list');
      return answer.data.some((candidate) => candidate.member_id === cardedId);
    });
    const cards = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', {
      member_ids: [cardedId],
    });
    card = (await apiCall(suite, token, 'GET', `/api/card/get_card/${cards.data.card_ids[0]}`)).data;
    // All three found by the members' search before the browser asks for them.
    for (const name of ['Diabaté', 'Sangaré', 'Yao'])
      await waitFor(async () => {
        const list = await apiCall(
          suite,
          token,
          'GET',
          `/api/member/get.member_list?filter=${encodeURIComponent(name)}`,
        );
        return list.data.length === 1;
      });
    await apiCall(suite, token, 'POST', '/api/report/post.report', {
      report_name: 'Carte aperçu',
      report_type: 'card',
      report_json: JSON.stringify(TEMPLATE),
    });
  });
  after(async () => {
    await suite?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test(
    'sample data, a member found by name, a member with a card, the sample again; a member that cannot be read',
    { timeout: 240_000 },
    () =>
      inBrowser('designer-preview', async (page) => {
        await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
        await page.goto(`${suite.baseUrl}/reports?type=card`);
        const row = rowOf(page.locator('.ant-table'), 'Carte aperçu');
        await row.getByRole('button', { name: 'Modifier Carte aperçu' }).click();
        const designer = page.locator('.ant-drawer').filter({ hasText: 'Modèle Carte aperçu' });
        await designer.getByText('Modèle Carte aperçu', { exact: true }).waitFor();
        await designer.getByText('Version 1 enregistrée', { exact: true }).waitFor();

        // The sample data first, as before.
        await designer.getByRole('button', { name: 'Aperçu' }).click();
        await page.getByRole('dialog', { name: 'Aperçu avec les données d’exemple' }).waitFor();
        const preview = page.getByRole('dialog').filter({
          has: page.getByRole('radiogroup', { name: 'Données de l’aperçu' }),
        });
        const ready = preview.getByText(/^Aperçu prêt : 1 page, \d+ Ko\.$/);
        await ready.waitFor({ timeout: 60_000 });
        const sample = await previewText(page, preview, dir, 'sample');
        assert.match(sample, /Koné/);
        assert.match(sample, /K000000045/);
        assert.doesNotMatch(sample, /Diabaté/);

        // A member found by part of the name: the preview is made again with the member's record.
        await preview.getByText('Un adhérent', { exact: true }).click();
        await page.getByRole('dialog', { name: 'Aperçu avec un adhérent' }).waitFor();
        await preview
          .getByText('Choisissez un adhérent : l’aperçu est rempli avec sa fiche.', { exact: true })
          .waitFor();
        const label = `Mariam Diabaté (${member.member_idNumber})`;
        await pick(page, preview, 'Diaba', label);
        await preview.getByText(`Aperçu rempli avec la fiche de ${label}.`, { exact: true }).waitFor();
        await preview.locator('.ant-select', { hasText: label }).waitFor();
        await ready.waitFor({ timeout: 60_000 });
        await expectNoAxeViolations(page, 'aperçu avec un adhérent');
        const filled = await previewText(page, preview, dir, 'member');
        assert.match(filled, /Diabaté/);
        assert.match(filled, /Mariam/);
        assert.ok(filled.includes(member.member_idNumber), `the member's number is printed: ${filled}`);
        assert.doesNotMatch(filled, /Koné/);
        assert.doesNotMatch(filled, /\bAya\b/);
        // What a member's record does not carry keeps its sample value, and the dialog says so.
        assert.match(filled, /K000000045/);
        await preview.getByText(/gardent leur valeur d’exemple\.$/).waitFor();

        // A member with a card: the preview is the member's own card, its number instead of the sample's.
        const cardedLabel = `Koffi Yao (${carded.member_idNumber})`;
        await pick(page, preview, 'Yao', cardedLabel);
        await preview
          .getByText(`Aperçu rempli avec la carte n° ${card.card_idNumber} de ${cardedLabel}.`, { exact: true })
          .waitFor();
        await ready.waitFor({ timeout: 60_000 });
        const cardText = await previewText(page, preview, dir, 'card');
        assert.ok(cardText.includes(card.card_idNumber), `the card's number is printed: ${cardText}`);
        assert.ok(cardText.includes(carded.member_idNumber), `the member's number is printed: ${cardText}`);
        assert.match(cardText, /Yao/);
        assert.doesNotMatch(cardText, /K000000045/);
        assert.equal(await preview.getByText(/gardent leur valeur d’exemple\.$/).count(), 0);

        // Back to the sample data.
        await preview.getByText('Données d’exemple', { exact: true }).click();
        await page.getByRole('dialog', { name: 'Aperçu avec les données d’exemple' }).waitFor();
        await ready.waitFor({ timeout: 60_000 });
        const again = await previewText(page, preview, dir, 'sample-again');
        assert.match(again, /Koné/);
        assert.doesNotMatch(again, /Diabaté/);

        // A member deleted after the search found it: its record cannot be read, which is said in French;
        // no preview is offered for it.
        await preview.getByText('Un adhérent', { exact: true }).click();
        const select = preview.getByRole('combobox', { name: 'Adhérent de l’aperçu' });
        await select.click();
        await select.fill('Sangar');
        const option = page
          .locator('.ant-select-dropdown:visible')
          .getByTitle(`Ibrahim Sangaré (${gone.member_idNumber})`, { exact: true });
        await option.waitFor();
        await apiCall(suite, token, 'DELETE', `/api/member/delete_member/${gone.member_id}`);
        await option.click();
        await preview
          .getByText(/^La fiche de cet adhérent n’a pas pu être chargée : .+\. Choisissez-en un autre/)
          .waitFor({
            timeout: 30_000,
          });
        assert.equal(await ready.count(), 0, 'no preview for a member that cannot be read');
      }),
  );
});

/** Types `search` in the preview's member select and picks `label` in what the server found. */
async function pick(page, preview, search, label) {
  const select = preview.getByRole('combobox', { name: 'Adhérent de l’aperçu' });
  await select.click();
  await select.fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
}

/** The text of the preview's PDF, saved with « Télécharger l’aperçu » and read with pdftotext. */
async function previewText(page, preview, dir, name) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    preview.getByRole('button', { name: 'Télécharger l’aperçu' }).click(),
  ]);
  assert.match(file.suggestedFilename(), /aperçu.*\.pdf$/);
  const path = join(dir, `${name}.pdf`);
  await file.saveAs(path);
  const { stdout } = await run('pdftotext', [path, '-']);
  return stdout;
}
