// The screens the other browser tests do not go through (cooperatives, parcels, the statistics, the
// documentation: its user guide and its API reference), opened as an administrator, each checked for accessibility with axe-core.
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { answerMadeUpPages, checkKeysetPages, inBrowser, rowOf, see, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const TIMEOUT = 180_000;

describe('screens', { timeout: 10 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('cooperatives: the list, the form and its checks', { timeout: TIMEOUT }, () =>
    inBrowser('screens-cooperatives', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Coopératives', exact: true }).click();
      await seeTitle(page, 'Coopératives | Sésame');
      await page.locator('.ant-table-placeholder').waitFor();
      await expectNoAxeViolations(page, 'coopératives (vide)');

      const dialog = page.getByRole('dialog');
      await page.getByRole('button', { name: 'Nouvelle coopérative' }).click();
      await dialog.getByLabel('Code').waitFor();
      await expectNoAxeViolations(page, 'nouvelle coopérative');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, 'Saisissez le code');
      await expectNoAxeViolations(page, 'nouvelle coopérative (erreurs)');
      await dialog.getByLabel('Code').fill('COOP-1');
      await dialog.getByLabel('Nom').fill('Coopérative de Koko');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await rowOf(page.locator('.ant-table'), 'COOP-1').waitFor();
      await expectNoAxeViolations(page, 'coopératives');
    }),
  );

  test('parcels: the list, the form and its checks', { timeout: TIMEOUT }, () =>
    inBrowser('screens-parcels', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Parcelles', exact: true }).click();
      await seeTitle(page, 'Parcelles | Sésame');
      await page.locator('.ant-table-placeholder').waitFor();
      await expectNoAxeViolations(page, 'parcelles (vide)');

      const dialog = page.getByRole('dialog');
      await page.getByRole('button', { name: 'Nouvelle parcelle' }).click();
      await dialog.getByLabel('Code').waitFor();
      await expectNoAxeViolations(page, 'nouvelle parcelle');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, "Choisissez l'adhérent qui exploite la parcelle");
      await expectNoAxeViolations(page, 'nouvelle parcelle (erreurs)');
    }),
  );

  test(
    'cooperatives and parcels are read 2,000 at a time, by keyset or past the rows loaded',
    { timeout: TIMEOUT },
    () =>
      inBrowser('screens-pages', async (page) => {
        const madeUpCooperative = (i) => ({
          cooperative_id: 1_000_000_001 + i,
          cooperative_code: `C${i + 1}`,
          cooperative_contact: '',
          cooperative_memberCount: 0,
        });
        const madeUpParcel = (i) => ({
          parcel_id: 1_000_000_001 + i,
          member_name: 'Essai',
          member_idNumber: '',
          parcel_area: 1.5,
          parcel_crop: 'Cacao',
          parcel_latitude: null,
          parcel_longitude: null,
        });
        const cooperatives = await answerMadeUpPages(page, '/api/cooperative/get.cooperative_list', {
          madeUp: madeUpCooperative,
          nameField: 'cooperative_name',
        });
        const parcels = await answerMadeUpPages(page, '/api/parcel/get.parcel_list', {
          madeUp: madeUpParcel,
          nameField: 'parcel_code',
        });
        await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
        await page.getByRole('link', { name: 'Coopératives', exact: true }).click();
        await page.getByText(/^2\s001 coopératives$/).waitFor();
        // Sorted by member count, which the server does not page by keyset: past the rows loaded.
        await checkKeysetPages(page, cooperatives, {
          orderBy: 'cooperative_name',
          lastId: madeUpCooperative(1999).cooperative_id,
          header: /^Adhérents$/,
          sortedBy: 'cooperative_memberCount',
          offset: true,
        });

        await page.getByRole('link', { name: 'Parcelles', exact: true }).click();
        await page.getByText(/^2\s001 parcelles$/).waitFor();
        // Sorted by the member's name, which the server does not page by keyset either.
        await checkKeysetPages(page, parcels, {
          orderBy: 'parcel_code',
          lastId: madeUpParcel(1999).parcel_id,
          header: /^Adhérent$/,
          sortedBy: 'member_name',
          offset: true,
        });
      }),
  );

  test('the statistics, the API documentation and the home page', { timeout: TIMEOUT }, () =>
    inBrowser('screens-statistics', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await expectNoAxeViolations(page, 'accueil (administrateur)');

      // The members' dashboard, filtered by a period kept in the address.
      await page.goto(`${suite.baseUrl}/metabase_stats?from=2026-01-01`);
      await seeTitle(page, 'Statistiques | Sésame');
      await see(page, "Membres par tranche d'âge");
      await see(page, '18 à 25 ans');
      await expectNoAxeViolations(page, 'statistiques');
      await page.goto(`${suite.baseUrl}/metabase_stats/report?name=membres`);
      await seeTitle(page, 'Rapport statistique | Sésame');
      await see(page, 'Inscriptions par mois');
      await expectNoAxeViolations(page, 'rapport statistique');

      // The documentation opens on the user guide; its other tab is the API reference.
      await page.goto(`${suite.baseUrl}/documentation`);
      await seeTitle(page, 'Documentation | Sésame');
      await page.getByRole('tab', { name: "Guide de l'utilisateur", selected: true }).waitFor();
      await page
        .getByRole('navigation', { name: 'Sommaire du guide' })
        .getByText('Adhérents', { exact: true })
        .waitFor();
      await page.locator('section[data-guide-path="/members"] img').waitFor();
      await expectNoAxeViolations(page, "guide de l'utilisateur");

      await page.getByRole('tab', { name: "Référence de l'API" }).click();
      const calls = page.locator('.ant-table-row');
      await calls.first().waitFor();
      const all = await calls.count();
      await expectNoAxeViolations(page, "référence de l'API");
      // The search keeps the calls whose path or summary holds its words.
      const search = page.getByLabel('Rechercher un appel (chemin ou description)');
      await search.fill('post_cooperative');
      await see(page, '1 appel');
      await rowOf(page.locator('.ant-table').first(), '/api/cooperative/post_cooperative').click();
      // Its detail, read from the document: the request body's fields and the answers by code.
      const detail = page.getByRole('region', { name: 'Détail de POST /api/cooperative/post_cooperative' });
      await detail.getByText('Schéma : CooperativeInput', { exact: true }).waitFor();
      await detail.getByText('cooperative_code', { exact: true }).first().waitFor();
      await detail.getByText('Code 200', { exact: true }).waitFor();
      await detail.getByText('Code 409', { exact: true }).waitFor();
      await expectNoAxeViolations(page, "détail d'un appel de l'API");
      await search.fill('');
      await see(page, `${all} appels`);
    }),
  );
});
