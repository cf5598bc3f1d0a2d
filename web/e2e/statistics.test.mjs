// The statistics, in Chromium, against the real product: with members registered through the API in two
// regions, the members' dashboard counts them by region, gender and age band, each table with its chart;
// choosing a region keeps it in the address and counts only its members; a table exports to CSV and to
// .xlsx with the counts shown. The payments' and deliveries' tab counts the payments by operator and the
// deliveries by month, the region filtering the payments. Checked with axe-core. With members in thirteen
// regions, the long tables scroll within their card and the keyboard reaches them (axe-core finds nothing);
// a region and two dates set in quick succession all stay in the address and in the call the table makes.
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
  // The reports service's projection follows the events: within moments alone, but it has lagged past
  // 20 s with three browser files and the fuzzing at once.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (await attempt()) return;
    if (Date.now() > deadline) throw new Error(`Still not ${what} after 90 s`);
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
      // Named after the table's French title.
      assert.match(csv.suggestedFilename(), /^statistiques-membres-par-sexe-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await readFile(await csv.path(), 'utf8');
      assert.equal(text, '\uFEFFSexe;Membres\r\nHommes;2\r\n');
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Exporter « Membres par sexe » en Excel (.xlsx)' }).click(),
      ]);
      assert.match(xlsx.suggestedFilename(), /^statistiques-membres-par-sexe-\d{4}-\d{2}-\d{2}\.xlsx$/);
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

describe('statistics with many rows', { timeout: 10 * 60_000 }, () => {
  let suite;
  /** The thirteen regions' ids by name. */
  const regions = {};
  const MEMBERS = 13;
  before(async () => {
    suite = await startSuite();
    const token = await apiSignIn(suite);
    const save = async (path, body) => (await apiCall(suite, token, 'POST', path, body)).id;
    // Thirteen regions, each with a department, a locality and a member who paid: the tables by region and
    // by department have more rows than their card shows (they scroll within it).
    for (let i = 1; i <= MEMBERS; i++) {
      const name = `Région ${String(i).padStart(2, '0')}`;
      const region = await save('/api/region/post_region', { region_code: `R${i}`, region_name: name });
      const department = await save('/api/department/post_department', {
        department_code: `R${i}-D`,
        department_name: `Département ${i}`,
        department_regionId: region,
      });
      const subprefecture = await save('/api/subprefecture/post_subprefecture', {
        subprefecture_code: `R${i}-S`,
        subprefecture_name: `Sous-préfecture ${i}`,
        subprefecture_departmentId: department,
      });
      const locality = await save('/api/locality/post_locality', {
        locality_name: `Village ${i}`,
        locality_subprefectureId: subprefecture,
      });
      const member = await save('/api/member/post_member', {
        member_firstname: `Adjoua ${i}`,
        member_lastname: 'Yao',
        member_gender: i % 2 ? 'F' : 'M',
        member_birthDate: `${1960 + i}-03-01`,
        member_localityId: locality,
      });
      await apiPay(suite, token, member, `W-MANY-${i}`, { operator: i % 2 ? 'Wave' : 'MTN MoMo' });
      regions[name] = region;
    }
  });
  after(async () => {
    await suite?.stop();
  });

  /** Waits, through the API, until the reports service has counted every member and named every region:
   * with three browser files and the fuzzing at once its projection has lagged past 20 s. */
  async function projected() {
    const token = await apiSignIn(suite);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const dashboard = (await apiCall(suite, token, 'GET', '/api/metabase/membres')).data;
      const byRegion = dashboard.tables.find((table) => table.name === 'members_by_region');
      const named = byRegion?.rows.filter((row) => /^Région \d\d$/u.test(row.label)).length ?? 0;
      if (dashboard.total === MEMBERS && named === MEMBERS) return;
      if (Date.now() > deadline)
        throw new Error(`${dashboard.total} members counted, ${named} regions named after 2 min`);
      await new Promise((done) => setTimeout(done, 250));
    }
  }

  /** Opens the statistics once the reports service has counted every member and named every region (the
   * geography's events and the members' reach it on streams of their own, in no set order). */
  async function openCounted(page, path = '/metabase_stats') {
    await projected();
    await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
    await waitUntil(async () => {
      await page.goto(`${suite.baseUrl}${path}`);
      await see(page, 'Membres par région');
      const named = tableCard(page, 'Membres par région')
        .locator('.ant-table-row')
        .filter({ hasText: /^Région \d\d/ });
      return (await page.getByText(`${MEMBERS} membres comptés`).count()) > 0 && (await named.count()) === MEMBERS;
    }, 'every member counted and every region named');
  }

  test('the long tables scroll within their card, and the keyboard reaches them', { timeout: TIMEOUT }, () =>
    inBrowser('statistics-many', async (page) => {
      await openCounted(page);
      const regionsTable = tableCard(page, 'Membres par région');
      await rowOf(regionsTable, 'Région 01').waitFor();
      await tableCard(page, 'Membres par région').getByRole('img').locator('canvas').first().waitFor();
      // The rows scroll within the card: a region the keyboard reaches, named in French.
      const rows = page.getByRole('region', { name: 'Lignes du tableau « Membres par région »' });
      await rows.waitFor();
      assert.equal(await rows.evaluate((element) => element.scrollHeight > element.clientHeight), true);
      await rows.focus();
      await page.keyboard.press('End');
      await waitUntil(() => rows.evaluate((element) => element.scrollTop > 0), 'scrolled by the keyboard');
      await expectNoAxeViolations(page, 'statistiques (treize régions)');

      await page.getByRole('tab', { name: 'Paiements et livraisons' }).click();
      await see(page, `${MEMBERS} paiements comptés`);
      await tableCard(page, 'Paiements par opérateur').getByRole('img').locator('canvas').first().waitFor();
      await expectNoAxeViolations(page, 'statistiques des paiements (treize régions)');
    }),
  );

  test('a region and two dates set in quick succession all stay', { timeout: TIMEOUT }, () =>
    inBrowser('statistics-quick-filters', async (page) => {
      const asked = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/metabase/membres') asked.push(url.searchParams);
      });
      await openCounted(page);
      const year = new Date().getFullYear();
      const region = regions['Région 07'];

      // The three filters, one after the other, without waiting for the screen in between.
      await page.getByRole('combobox', { name: 'Région' }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Région 07', { exact: true }).click();
      await page.getByLabel('Du', { exact: true }).fill(`01/01/${year}`);
      await page.getByLabel('au', { exact: true }).fill(`31/12/${year}`);
      await page.getByLabel('au', { exact: true }).press('Tab');

      // The last filter set has reached the table, and the screen has nothing more to ask.
      await waitUntil(() => asked.some((query) => query.get('to') === `${year}-12-31`), 'the end date asked');
      await page.waitForLoadState('networkidle');
      const wanted = { regionId: String(region), from: `${year}-01-01`, to: `${year}-12-31` };
      const address = new URL(page.url()).searchParams;
      assert.deepEqual(
        { regionId: address.get('regionId'), from: address.get('from'), to: address.get('to') },
        wanted,
        `the address: ${page.url()}`,
      );
      const last = asked.at(-1);
      assert.deepEqual(
        { regionId: last.get('regionId'), from: last.get('from'), to: last.get('to') },
        wanted,
        `the table's call: ${last}`,
      );
      await see(page, '1 membre compté');
      // The fields show what the address keeps.
      assert.equal(await page.getByLabel('Du', { exact: true }).inputValue(), `01/01/${year}`);
      assert.equal(await page.getByLabel('au', { exact: true }).inputValue(), `31/12/${year}`);
      const regionField = page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Région' }) });
      assert.equal((await regionField.innerText()).trim(), 'Région 07');
      assert.equal(await countOf(page, 'Membres par région', 'Région 07'), '1');

      // Exported with the three filters.
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        tableCard(page, 'Membres par région')
          .getByRole('button', { name: 'Exporter « Membres par région » en CSV' })
          .click(),
      ]);
      assert.equal(await readFile(await csv.path(), 'utf8'), '\uFEFFRégion;Membres\r\nRégion 07;1\r\n');
    }),
  );
});
