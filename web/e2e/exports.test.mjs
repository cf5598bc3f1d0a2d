// Exports of a long list as a job, in Chromium, against the real product: an agent searches the members
// list and sorts it, exports it as CSV, follows the job in the header's tray (its progress bar, « Terminé »,
// the size) and downloads the file, whose rows are the ones the list shows, in its order. The tray keeps
// the job across a reload, an ended entry can be removed, an empty list offers no export, and another
// account signed in on the same browser sees none of the agent's jobs. The payments export as Excel; the
// cards and deliveries lists, empty, offer no export.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiPay, apiSignIn, waitFor } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, see, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const AGENT = { login: 'agent.export', password: 'agent-export-2026' };
/** The members the search keeps (their last name), and others it leaves out. */
const KEPT = [
  ['Aminata', 'Bamba'],
  ['Yao', 'Bamba'],
  ['Koffi', 'Bamba'],
  ['Édith', 'Bamba'],
];
const OTHERS = [
  ['Awa', 'Koné'],
  ['Ali', 'Traoré'],
  ['Moussa', 'Diallo'],
];

/**
 * The lines of a CSV file as the server writes it (a byte-order mark, `;` or `,` between cells, cells
 * quoted when they hold one), each line its cells.
 */
function csvLines(text) {
  const body = text.replace(/^\uFEFF/u, '');
  const separator = body.split(/\r?\n/u, 1)[0].includes(';') ? ';' : ',';
  const lines = [];
  let line = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      line.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      line.push(cell);
      lines.push(line);
      line = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || line.length > 0) lines.push([...line, cell]);
  return lines;
}

/** The member numbers the table shows, top to bottom. */
async function shownNumbers(page) {
  const rows = await page.locator('.ant-table-row').allInnerTexts();
  return rows.map((row) => row.match(/C\d{9}/u)?.[0]);
}

/** The export tray of the header, opened. */
async function openTray(page) {
  const button = page.getByRole('button', { name: /^Exports/u });
  await leaveNotices(page);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const tray = page.getByTestId('export-tray');
  await tray.waitFor();
  return tray;
}

/** Waits until the tray's `entry` says « Terminé »; a job that failed fails the test with its reason. */
async function seeDone(entry) {
  const done = entry.getByText('Terminé', { exact: true });
  const failed = entry.getByText('Échoué', { exact: true });
  await done.or(failed).waitFor({ timeout: 30_000 });
  if (await failed.isVisible()) assert.fail(`The export failed: ${await entry.innerText()}`);
}

/** « Exporter » disabled on an empty list, its tooltip saying why. */
async function seeEmptyExport(page) {
  const button = page.getByRole('button', { name: 'Exporter' });
  await button.waitFor();
  assert.equal(await button.isDisabled(), true);
  await button.locator('xpath=..').hover();
  await page
    .locator('.ant-tooltip:not(.ant-tooltip-hidden)')
    .filter({ hasText: 'La liste est vide' })
    .first()
    .waitFor();
  await page.mouse.move(0, 0);
}

/**
 * Moves the pointer off the notices at the top of the page: a notice stays while it is hovered, and the
 * « Export lancé » one, left under the pointer by the click that opened the tray, covered the tray's
 * button until the click timed out.
 */
async function leaveNotices(page) {
  await page.mouse.move(0, 0);
}

/** Closes the tray with its button, as it opened. */
async function closeTray(page) {
  const button = page.getByRole('button', { name: /^Exports/u });
  await leaveNotices(page);
  if ((await button.getAttribute('aria-expanded')) === 'true') await button.click();
  await page.getByTestId('export-tray').waitFor({ state: 'hidden' });
}

describe('exports', { timeout: 10 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
    const token = await apiSignIn(suite);
    await apiCall(suite, token, 'POST', '/api/user/post_user', {
      login_name: AGENT.login,
      login_password: AGENT.password,
      login_role: 'agent',
    });
    for (const [firstname, lastname] of [...KEPT, ...OTHERS]) {
      const member = await apiCall(suite, token, 'POST', '/api/member/post_member', {
        member_firstname: firstname,
        member_lastname: lastname,
      });
      // One payment, for the payments list.
      if (lastname === 'Koné') await apiPay(suite, token, member.id, 'W-EXPORT-01');
    }
  });
  after(async () => {
    await suite?.stop();
  });

  test(
    'an agent exports the searched members as CSV, follows the job and downloads its file',
    { timeout: 240_000 },
    () =>
      inBrowser('exports-members', async (page) => {
        await signIn(page, suite.baseUrl, AGENT.login, AGENT.password);
        await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
        await seeTitle(page, 'Adhérents | Sésame');
        await see(page, `${KEPT.length + OTHERS.length} adhérents`);

        // Nothing exported yet: the tray says so.
        let tray = await openTray(page);
        await tray.getByText(/^Aucun export pour le moment/u).waitFor();
        await closeTray(page);

        // A search that keeps nothing: nothing to export, and the button says why.
        const search = page.getByLabel('Rechercher : nom, numéro, contact');
        await search.fill('Zzzzz');
        await see(page, '0 adhérent');
        await seeEmptyExport(page);
        const exportButton = page.getByRole('button', { name: 'Exporter' });

        // The Bambas, by first name: what the export must give back, in this order.
        await search.fill('Bamba');
        await see(page, `${KEPT.length} adhérents`);
        const sorted = page.waitForResponse(
          (response) => new URL(response.url()).searchParams.get('_orderBy') === 'member_firstname',
        );
        await page.locator('.ant-table-thead th').filter({ hasText: 'Prénoms' }).click();
        await sorted;
        await waitFor(async () => {
          const names = await page.locator('.ant-table-row').allInnerTexts();
          return names.length === KEPT.length && names[0].includes('Aminata') && names.at(-1).includes('Yao');
        });
        const numbers = await shownNumbers(page);
        assert.equal(numbers.length, KEPT.length);
        assert.ok(numbers.every(Boolean), numbers.join(', '));

        // The job's progress as the server reports it half way: a list this short is written before a
        // browser can look, so the polls answer the real job held at half its rows until the test lets go.
        const polls = [];
        let halfWay = true;
        const jobCalls = (url) => url.pathname.startsWith('/api/member/get.member_export/');
        await page.route(jobCalls, async (route) => {
          polls.push(Date.now());
          const answer = await (await route.fetch()).json();
          if (halfWay) {
            const total = answer.data.export_rowsTotal || KEPT.length;
            answer.data = {
              ...answer.data,
              export_status: 'running',
              export_rowsTotal: total,
              export_rowsDone: total / 2,
              export_fileName: '',
              export_size: 0,
            };
          }
          return route.fulfill({ json: answer });
        });

        // Export as CSV: the job starts at once and shows in the tray.
        const started = page.waitForResponse((response) => response.url().includes('/api/member/post.member_export'));
        await exportButton.click();
        await page.getByRole('menuitem', { name: 'CSV (.csv)' }).click();
        // The list's own query: its search and its sort.
        const sent = new URL((await started).url()).searchParams;
        assert.equal(sent.get('format'), 'csv');
        assert.equal(sent.get('filter'), 'Bamba');
        assert.equal(sent.get('_orderBy'), 'member_firstname');
        assert.equal(sent.get('_descending'), 'false');
        await see(page, 'Export lancé : Adhérents. Suivez-le dans « Exports », en haut de la page.');

        tray = await openTray(page);
        const entry = tray.getByTestId('export-entry').first();
        await entry.getByText('Adhérents (CSV)', { exact: true }).waitFor();
        const bar = entry.getByRole('progressbar', { name: 'Avancement de l’export Adhérents (CSV)' });
        // Half way: the bar, the rows written of the rows to write, « En cours », and the badge counts it.
        await entry.getByText(`${KEPT.length / 2} / ${KEPT.length} lignes`, { exact: true }).waitFor();
        await entry.getByText('En cours', { exact: true }).waitFor();
        assert.equal(await bar.getAttribute('aria-valuenow'), '50');
        await page.getByRole('button', { name: 'Exports : 1 en cours' }).waitFor();
        await expectNoAxeViolations(page, 'exports (tiroir ouvert, export en cours)');
        halfWay = false;

        // It ends: done, its rows and its size, and a notice says it is ready.
        await seeDone(entry);
        await page.getByRole('button', { name: 'Exports', exact: true }).waitFor();
        await entry.getByText(`${KEPT.length} lignes`, { exact: true }).waitFor();
        await entry.getByText(/^\d+ octets$|^\d+ ko$/u).waitFor();
        assert.equal(
          await entry.getByRole('progressbar').getAttribute('aria-valuenow'),
          '100',
          'the bar is full once done',
        );
        await see(page, 'Export prêt : Adhérents');
        await expectNoAxeViolations(page, 'exports (tiroir ouvert, export terminé)');
        // Nothing runs: the job is no longer asked for.
        const asked = polls.length;
        await page.waitForTimeout(3000);
        assert.equal(polls.length, asked, 'no poll once the job has ended');
        await page.unroute(jobCalls);

        // The file: the rows the list shows, in its order.
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          entry.getByRole('button', { name: /^Télécharger / }).click(),
        ]);
        assert.match(file.suggestedFilename(), /\.csv$/u);
        const lines = csvLines(await readFile(await file.path(), 'utf8')).filter((line) => line.some((cell) => cell));
        const [heading, ...rows] = lines;
        assert.equal(rows.length, KEPT.length, `${rows.length} rows:\n${lines.join('\n')}`);
        const numberColumn = heading.findIndex((_, i) => rows.every((row) => /^C\d{9}$/u.test(row[i] ?? '')));
        assert.ok(numberColumn >= 0, `no member number column in ${heading.join(' | ')}`);
        assert.deepEqual(
          rows.map((row) => row[numberColumn]),
          numbers,
        );
        for (const [firstname] of KEPT)
          assert.ok(
            rows.some((row) => row.includes(firstname)),
            firstname,
          );

        // A reload: the tray shows the job again, done, with its file.
        await page.reload();
        await seeTitle(page, 'Adhérents | Sésame');
        tray = await openTray(page);
        const kept = tray.getByTestId('export-entry').first();
        await kept.getByText('Adhérents (CSV)', { exact: true }).waitFor();
        await kept.getByText('Terminé', { exact: true }).waitFor();
        await kept.getByRole('button', { name: /^Télécharger / }).waitFor();
        await expectNoAxeViolations(page, 'exports (après rechargement)');

        // Removed, it stays removed.
        await kept.getByRole('button', { name: 'Retirer l’export Adhérents (CSV) de la liste' }).click();
        await tray.getByText(/^Aucun export pour le moment/u).waitFor();
        await page.reload();
        tray = await openTray(page);
        await tray.getByText(/^Aucun export pour le moment/u).waitFor();
      }),
  );

  test("a job is the account's own: another account on the same browser does not see it", { timeout: 180_000 }, () =>
    inBrowser('exports-accounts', async (page) => {
      await signIn(page, suite.baseUrl, AGENT.login, AGENT.password);
      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      await see(page, `${KEPT.length + OTHERS.length} adhérents`);
      await page.getByRole('button', { name: 'Exporter' }).click();
      await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
      let tray = await openTray(page);
      await tray.getByText('Adhérents (Excel)', { exact: true }).waitFor();
      await seeDone(tray.getByTestId('export-entry').first());
      await closeTray(page);

      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      tray = await openTray(page);
      await tray.getByText(/^Aucun export pour le moment/u).waitFor();
      await closeTray(page);

      // Back as the agent: the job is there again.
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await signIn(page, suite.baseUrl, AGENT.login, AGENT.password);
      tray = await openTray(page);
      await tray.getByText('Adhérents (Excel)', { exact: true }).waitFor();
    }),
  );

  test('the payments, cards and deliveries lists export too, not while empty', { timeout: 180_000 }, () =>
    inBrowser('exports-other-lists', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);

      // The payments: one, exported as Excel.
      await page.goto(`${suite.baseUrl}/cards`);
      await see(page, '1 paiement');
      const started = page.waitForResponse((response) =>
        response.url().includes('/api/transaction/post.transaction_export'),
      );
      await page.getByRole('button', { name: 'Exporter' }).click();
      await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
      const sent = new URL((await started).url()).searchParams;
      assert.equal(sent.get('format'), 'xlsx');
      assert.equal(sent.get('_orderBy'), 'transaction_id');
      const tray = await openTray(page);
      const entry = tray.getByTestId('export-entry').first();
      await entry.getByText('Paiements (Excel)', { exact: true }).waitFor();
      await seeDone(entry);
      await entry.getByText('1 ligne', { exact: true }).waitFor();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        entry.getByRole('button', { name: /^Télécharger / }).click(),
      ]);
      assert.match(file.suggestedFilename(), /\.xlsx$/u);
      // An .xlsx workbook is a zip archive.
      assert.equal((await readFile(await file.path())).subarray(0, 2).toString('latin1'), 'PK');
      await closeTray(page);

      // No card and no delivery yet: nothing to export, and the button says why.
      await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
      await see(page, '0 carte');
      await seeEmptyExport(page);
      await page.getByRole('link', { name: 'Livraisons', exact: true }).click();
      await see(page, '0 livraison');
      await seeEmptyExport(page);
    }),
  );
});
