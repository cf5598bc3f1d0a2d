// The statistics, in Chromium, against the real product: with members registered through the API in two
// regions, the members' dashboard counts them by region, gender and age band, each table with its chart;
// choosing a region keeps it in the address and counts only its members; a table exports to CSV and to
// .xlsx with the counts shown. The payments' and deliveries' tab counts the payments by operator and the
// deliveries by month, the region filtering the payments. Checked with axe-core.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { readSheet } from 'read-excel-file/node';
import { apiCall, apiPay, apiSignIn } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, rowOf, see, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const TIMEOUT = 180_000;

/** The card of a dashboard's table, by its title. */
function tableCard(page, title) {
  return page.locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });
}

/** The count a table shows on the row of `label`. */
async function countOf(page, title, label) {
  const row = rowOf(tableCard(page, title), label);
  await row.waitFor();
  return (await row.locator('td').last().innerText()).trim();
}

/** Waits until `attempt` answers true. */
async function waitUntil(attempt, what) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (await attempt()) return;
    if (Date.now() > deadline) throw new Error(`Still not ${what} after 20 s`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

describe('statistics', { timeout: 10 * 60_000 }, () => {
  let suite;
  let regions;
  before(async () => {
    suite = await startSuite();
    const token = await apiSignIn(suite);
    const save = async (path, body) => (await apiCall(suite, token, 'POST', path, body)).id;
    regions = {};
    const localities = {};
    for (const [code, name] of [
      ['HSS', 'Haut-Sassandra'],
      ['GBK', 'Gbêkê'],
    ]) {
      const region = await save('/api/region/post_region', { region_code: code, region_name: name });
      const department = await save('/api/department/post_department', {
        department_code: `${code}-D`,
        department_name: `Département ${name}`,
        department_regionId: region,
      });
      const subprefecture = await save('/api/subprefecture/post_subprefecture', {
        subprefecture_code: `${code}-S`,
        subprefecture_name: `Sous-préfecture ${name}`,
        subprefecture_departmentId: department,
      });
      localities[name] = await save('/api/locality/post_locality', {
        locality_name: `Village ${name}`,
        locality_subprefectureId: subprefecture,
      });
      regions[name] = region;
    }
    // Haut-Sassandra: three women and a man; Gbêkê: two men. Ages: 20, 30, 40, 70 and two of 10.
    const year = new Date().getFullYear();
    const members = [
      ['Awa', 'F', year - 20, 'Haut-Sassandra'],
      ['Aya', 'F', year - 30, 'Haut-Sassandra'],
      ['Adjoua', 'F', year - 40, 'Haut-Sassandra'],
      ['Yao', 'M', year - 70, 'Haut-Sassandra'],
      ['Kouassi', 'M', year - 10, 'Gbêkê'],
      ['Konan', 'M', year - 10, 'Gbêkê'],
    ];
    const ids = {};
    for (const [firstname, gender, born, region] of members) {
      ids[firstname] = await save('/api/member/post_member', {
        member_firstname: firstname,
        member_lastname: 'Koffi',
        member_gender: gender,
        member_birthDate: `${born}-01-01`,
        member_localityId: localities[region],
      });
    }
    // Payments: two by Wave (one in each region), one by Orange Money; Awa's card made, printed, delivered.
    await apiPay(suite, token, ids.Awa, 'W-STAT-1');
    await apiPay(suite, token, ids.Kouassi, 'W-STAT-2');
    await apiPay(suite, token, ids.Aya, 'OM-STAT-1', { operator: 'Orange Money', amount: 12000 });
    let candidates = [];
    await waitUntil(async () => {
      candidates = (await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list')).data;
      return candidates.some((candidate) => candidate.member_id === ids.Awa);
    }, 'a candidate for a card');
    const made = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', { member_ids: [ids.Awa] });
    await apiCall(suite, token, 'POST', '/api/card/post.mark_as_printed', { card_ids: made.data.card_ids });
    await apiCall(suite, token, 'POST', '/api/delivery/post_delivery', {
      delivery_isErrorType: false,
      cards: made.data.card_ids.map((id) => ({ card_id: id })),
    });
  });
  after(async () => {
    await suite?.stop();
  });

  test('the members counted by region, gender and age; a region chosen; a table exported', { timeout: TIMEOUT }, () =>
    inBrowser('statistics', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Statistiques', exact: true }).click();
      await seeTitle(page, 'Statistiques | Sésame');
      // The reports service follows the members' events: the counts arrive within moments.
      await waitUntil(async () => {
        await page.reload();
        await see(page, 'Membres par région');
        return (await page.getByText('6 membres comptés').count()) > 0;
      }, 'six members counted');
      assert.equal(await countOf(page, 'Membres par région', 'Haut-Sassandra'), '4');
      assert.equal(await countOf(page, 'Membres par région', 'Gbêkê'), '2');
      assert.equal(await countOf(page, 'Membres par sexe', 'Femmes'), '3');
      assert.equal(await countOf(page, 'Membres par sexe', 'Hommes'), '3');
      assert.equal(await countOf(page, "Membres par tranche d'âge", 'Moins de 18 ans'), '2');
      assert.equal(await countOf(page, "Membres par tranche d'âge", 'Plus de 65 ans'), '1');
      // Each table has its chart (a canvas).
      await tableCard(page, 'Membres par région').getByRole('img').locator('canvas').first().waitFor();
      await expectNoAxeViolations(page, 'statistiques');

      // A region chosen: kept in the address, only its members counted.
      await page.getByRole('combobox', { name: 'Région' }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Gbêkê', { exact: true }).click();
      await waitUntil(() => page.url().includes(`regionId=${regions['Gbêkê']}`), 'in the address');
      await see(page, '2 membres comptés');
      assert.equal(await countOf(page, 'Membres par sexe', 'Hommes'), '2');

      // Exported as shown.
      const card = tableCard(page, 'Membres par sexe');
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Exporter « Membres par sexe » en CSV' }).click(),
      ]);
      assert.match(csv.suggestedFilename(), /^statistiques-members_by_gender-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await readFile(await csv.path(), 'utf8');
      assert.equal(text, '\uFEFFSexe;Membres\r\nHommes;2\r\n');
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Exporter « Membres par sexe » en Excel (.xlsx)' }).click(),
      ]);
      assert.deepEqual(await readSheet(await xlsx.path()), [
        ['Sexe', 'Membres'],
        ['Hommes', 2],
      ]);

      // Reopened from the address, the filter is there.
      await page.goto(`${suite.baseUrl}/metabase_stats?regionId=${regions['Haut-Sassandra']}`);
      await see(page, '4 membres comptés');
    }),
  );

  test('the payments by operator and the deliveries by month, a region chosen', { timeout: TIMEOUT }, () =>
    inBrowser('statistics-cards', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.goto(`${suite.baseUrl}/metabase_stats`);
      await page.getByRole('tab', { name: 'Paiements et livraisons' }).click();
      await waitUntil(() => page.url().includes('name=cartes'), 'the tab in the address');
      await waitUntil(async () => {
        await page.reload();
        await see(page, 'Paiements par opérateur');
        return (await page.getByText('3 paiements comptés').count()) > 0;
      }, 'three payments counted');
      assert.equal(await countOf(page, 'Paiements par opérateur', 'Wave'), '2');
      assert.equal(await countOf(page, 'Paiements par opérateur', 'Orange Money'), '1');
      assert.equal(await countOf(page, 'Paiements par montant', '10 000 à 24 999 FCFA'), '1');
      const month = new Date().toLocaleString('fr-FR', { month: 'long', year: 'numeric' });
      await waitUntil(async () => {
        await page.reload();
        await see(page, 'Livraisons par mois');
        return (await rowOf(tableCard(page, 'Livraisons par mois'), month).count()) > 0;
      }, 'the delivery counted');
      assert.equal(await countOf(page, 'Livraisons par mois', month), '1');
      await see(page, "Le filtre de région ne s'applique pas aux livraisons.");
      await tableCard(page, 'Paiements par opérateur').getByRole('img').locator('canvas').first().waitFor();
      await expectNoAxeViolations(page, 'statistiques des paiements');

      // Gbêkê: Kouassi's payment only; the deliveries stay.
      await page.getByRole('combobox', { name: 'Région' }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Gbêkê', { exact: true }).click();
      await see(page, '1 paiement compté');
      assert.equal(await countOf(page, 'Livraisons par mois', month), '1');
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        tableCard(page, 'Paiements par opérateur')
          .getByRole('button', { name: 'Exporter « Paiements par opérateur » en CSV' })
          .click(),
      ]);
      assert.equal(await readFile(await csv.path(), 'utf8'), '\uFEFFOpérateur;Paiements\r\nWave;1\r\n');
    }),
  );
});
