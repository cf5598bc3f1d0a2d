// The geography lists as an administrator uses them, in Chromium, against the real product: a region and
// a department made in the screens, found by an accent-free search, and the region's refused deletion.
import { after, before, describe, test } from 'node:test';
import { inBrowser, see, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

describe('geography', { timeout: 10 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('create a region and a department, search, refuse to delete a region that holds a department', { timeout: 120_000 }, () =>
    inBrowser('geography-levels', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Régions', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/regions');
      await seeTitle(page, 'Régions | Sésame');
      const dialog = page.getByRole('dialog');
      const table = page.locator('.ant-table');

      await page.getByRole('button', { name: 'Nouvelle région' }).click();
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, 'Le code est obligatoire.');
      await dialog.getByLabel('Code').fill('hss');
      await dialog.getByLabel('Nom').fill('Haut-Sassandra');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await table.getByRole('cell', { name: 'HSS', exact: true }).waitFor();

      await page.getByRole('link', { name: 'Départements', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/departments');
      await page.getByRole('button', { name: 'Nouveau département' }).click();
      await dialog.getByLabel('Code').fill('DAL');
      await dialog.getByLabel('Nom').fill('Dàloa');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, 'Choisissez le niveau parent.');
      await dialog.getByLabel('Région').click();
      await page.locator('.ant-select-dropdown').getByText('Haut-Sassandra', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const row = table.locator('tr', { has: page.getByRole('cell', { name: 'DAL', exact: true }) });
      await row.getByRole('cell', { name: 'Haut-Sassandra', exact: true }).waitFor();

      // The search ignores accents and case.
      await page.getByLabel('Rechercher un département (code ou nom)').fill('DALOA');
      await page.getByLabel('Rechercher un département (code ou nom)').press('Enter');
      await see(page, '1 département');

      await page.getByRole('link', { name: 'Régions', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/regions');
      await table.locator('tr', { has: page.getByRole('cell', { name: 'HSS', exact: true }) }).getByRole('button', { name: 'Supprimer' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Supprimer' }).click();
      await see(page, "Cette région contient 1 département : supprimez-les d'abord.");
      await table.getByRole('cell', { name: 'HSS', exact: true }).waitFor();
    }));
});
