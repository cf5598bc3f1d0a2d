// The locality import as an administrator uses it, in Chromium, against the real product: a real .xlsx
// file made here, read in the browser, sent, counted, then found in /localities.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import * as XLSX from 'xlsx';
import { inBrowser, see, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

describe('locality import', { timeout: 10 * 60_000 }, () => {
  let suite;
  let dir;
  before(async () => {
    suite = await startSuite();
    dir = await mkdtemp(join(tmpdir(), 'sesame-import-'));
  });
  after(async () => {
    await suite?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('import an .xlsx file, see the four counts and the new localities', { timeout: 120_000 }, () =>
    inBrowser('locality-import', async (page) => {
      const file = join(dir, 'localites.xlsx');
      const rows = [
        ['Code région', 'Région', 'Code département', 'Département', 'Code sous-préfecture', 'Sous-préfecture', 'Localité'],
        ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Zaïbo'],
        ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Bahoué'],
        ['POR', 'Poro', 'KOR', 'Korhogo', 'KOR-1', 'Napié', 'Kagbolodougou'],
      ];
      const workbook = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Localités');
      XLSX.writeFile(workbook, file);

      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.goto(`${suite.baseUrl}/localities/import`);
      await see(page, 'Télécharger le modèle');
      await page.locator('input[type=file]').setInputFiles(file);
      await see(page, '3 lignes prêtes à importer');
      await page.getByRole('button', { name: 'Importer 3 lignes' }).click();
      await see(page, 'Import terminé');
      const counts = page.locator('.ant-statistic');
      for (const [title, value] of [
        ['Régions ajoutées', '2'],
        ['Départements ajoutés', '2'],
        ['Sous-préfectures ajoutées', '2'],
        ['Localités ajoutées', '3'],
      ]) {
        await counts.filter({ hasText: title }).getByText(value, { exact: true }).waitFor();
      }

      await page.getByRole('link', { name: 'Localités', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/localities');
      await see(page, '3 localités');
      // Only the localities of one sub-prefecture.
      await page.getByRole('combobox', { name: 'Sous-préfecture' }).click();
      await page.locator('.ant-select-dropdown').getByText('Gboguhé (Daloa, Haut-Sassandra)', { exact: true }).click();
      await see(page, '2 localités');
      await page.getByLabel('Rechercher une localité').fill('zaibo');
      await page.getByLabel('Rechercher une localité').press('Enter');
      const row = page.locator('.ant-table tr', { has: page.getByRole('cell', { name: 'Zaïbo', exact: true }) });
      await row.getByRole('cell', { name: 'Gboguhé', exact: true }).waitFor();
      await row.getByRole('cell', { name: 'Haut-Sassandra', exact: true }).waitFor();
      await see(page, '1 localité');
    }));
});
