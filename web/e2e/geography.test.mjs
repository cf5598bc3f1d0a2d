// The geography as an administrator uses it, in Chromium, against the real product: real .xlsx files made
// here, read in the browser, checked, imported and counted, the new localities found with their parents;
// then the regions screen (create, edit, the refused deletion of a region that the import filled), the
// cascading selects of the forms, what an agent and a viewer may not do, and the localities read by pages
// of 2,000 rows as the user scrolls down.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readSheet } from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { expectNoAxeViolations } from './axe.mjs';
import {
  answerMadeUpPages,
  discardChanges,
  inBrowser,
  rowOf,
  scrollToSee,
  see,
  seeDenied,
  seeTitle,
  signIn,
} from './browser.mjs';
import { startSuite } from './suite.mjs';

/** The tooltips of the buttons a role may not use. */
const MANAGERS_ONLY = 'Réservé aux administrateurs et gestionnaires';
const WRITERS = 'Réservé aux administrateurs, gestionnaires et agents';

const HEADER = [
  'Code région',
  'Région',
  'Code département',
  'Département',
  'Code sous-préfecture',
  'Sous-préfecture',
  'Localité',
];

describe('geography', { timeout: 10 * 60_000 }, () => {
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

  /** Writes an .xlsx file of `lines` (the header first) into the test's folder. */
  async function workbook(name, lines) {
    const file = join(dir, name);
    await writeExcelFile(lines, { sheet: 'Localités' }).toFile(file);
    return file;
  }

  test('import an .xlsx file, see the four counts and find the new localities', { timeout: 120_000 }, () =>
    inBrowser('geography-import', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.goto(`${suite.baseUrl}/localities/import`);
      await seeTitle(page, 'Import des localités | Sésame');
      const fileInput = page.locator('input[type=file]');
      const send = (n) => page.getByRole('button', { name: `Importer ${n} ligne${n > 1 ? 's' : ''}` });
      await page.getByRole('button', { name: 'Télécharger le modèle' }).waitFor();
      await expectNoAxeViolations(page, 'import des localités');

      // The template is made in the browser: the seven columns and two example rows.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Télécharger le modèle' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'modele-import-localites.xlsx');
      const templateLines = await readSheet(await download.path());
      assert.deepEqual(templateLines[0], [
        'region_code',
        'region_name',
        'department_code',
        'department_name',
        'subprefecture_code',
        'subprefecture_name',
        'locality_name',
      ]);
      assert.equal(templateLines.length, 3);

      // A workbook in the old .xls format is not read: it is to be saved as .xlsx or .csv.
      await fileInput.setInputFiles({
        name: 'ancien.xls',
        mimeType: 'application/vnd.ms-excel',
        buffer: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(504)]),
      });
      await see(page, "Le format .xls n'est plus lu : enregistrez le fichier au format .xlsx ou .csv.");
      await expectNoAxeViolations(page, 'import des localités (fichier .xls)');

      // A file with problems is not sent: each one is named by its spreadsheet line.
      await fileInput.setInputFiles(
        await workbook('faulty.xlsx', [
          HEADER,
          ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Zaïbo'],
          ['POR', 'Poro', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Bahoué'],
          ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', ''],
        ]),
      );
      await see(page, "2 problèmes à corriger dans le fichier avant l'envoi");
      await see(
        page,
        'Ligne 3 : le département « DAL » est déjà rattaché à la région « HSS » plus haut dans le fichier',
      );
      await see(page, 'Ligne 4 : valeur manquante : Nom de la localité');
      await expectNoAxeViolations(page, 'import des localités (problèmes)');
      assert.equal(await send(3).isDisabled(), true);

      // A good file, its columns matched from French headers.
      await fileInput.setInputFiles(
        await workbook('localites.xlsx', [
          HEADER,
          ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Zaïbo'],
          ['HSS', 'Haut-Sassandra', 'DAL', 'Daloa', 'DAL-1', 'Gboguhé', 'Bahoué'],
          ['POR', 'Poro', 'KOR', 'Korhogo', 'KOR-1', 'Napié', 'Kagbolodougou'],
        ]),
      );
      await see(page, '3 lignes prêtes à importer');
      await expectNoAxeViolations(page, "import des localités (prêt à l'envoi)");
      assert.equal(await page.getByRole('combobox', { name: 'Nom de la sous-préfecture' }).count(), 1);
      await send(3).click();
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
      await expectNoAxeViolations(page, 'import des localités (terminé)');

      // What only the server can see (DAL is now under HSS) is refused, on the spreadsheet's line (3,
      // after a blank line, though it is the first row sent).
      await fileInput.setInputFiles(
        await workbook('conflict.xlsx', [HEADER, [], ['POR', 'Poro', 'DAL', 'Daloa', 'DAL-9', 'Bédiala', 'Gadouan']]),
      );
      await see(page, '1 ligne prête à importer');
      await send(1).click();
      await see(
        page,
        "L'import contient 1 ligne invalide sur 1 ligne reçue : rien n'a été importé. Corrigez le fichier puis recommencez.",
      );
      await see(page, 'Ligne 3 : Le département « DAL » appartient déjà à la région « HSS ».');
      await page.locator('.ant-notification-notice-error').first().waitFor();
      await expectNoAxeViolations(page, 'import des localités (refusé)');

      await page.getByRole('link', { name: 'Localités', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/localities');
      await see(page, '3 localités');
      await expectNoAxeViolations(page, 'localités');
      // Only the localities of one sub-prefecture.
      await page.getByRole('combobox', { name: 'Sous-préfecture' }).click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByText('Gboguhé (Daloa, Haut-Sassandra)', { exact: true })
        .click();
      await see(page, '2 localités');
      // The search ignores accents and case.
      await page.getByLabel('Rechercher une localité').fill('ZAIBO');
      await page.getByLabel('Rechercher une localité').press('Enter');
      await see(page, '1 localité');
      const row = rowOf(page.locator('.ant-table'), 'Zaïbo');
      await row.getByText('Gboguhé', { exact: true }).waitFor();
      await row.getByText('Daloa', { exact: true }).waitFor();
      await row.getByText('Haut-Sassandra', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'localités (filtrées)');
    }),
  );

  test(
    'create and edit a region, refuse to delete one that holds a department, delete an empty one',
    { timeout: 120_000 },
    () =>
      inBrowser('geography-regions', async (page) => {
        await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
        await page.getByRole('link', { name: 'Régions', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/regions');
        await seeTitle(page, 'Régions | Sésame');
        const dialog = page.getByRole('dialog');
        const table = page.locator('.ant-table');
        await see(page, '2 régions');
        await expectNoAxeViolations(page, 'régions');

        // Create: the required fields first, then the code is sent in capitals.
        await page.getByRole('button', { name: 'Nouvelle région' }).click();
        await dialog.getByLabel('Code').waitFor();
        await expectNoAxeViolations(page, 'nouvelle région');
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await see(page, 'Le code est obligatoire.');
        await see(page, 'Le nom est obligatoire.');
        await expectNoAxeViolations(page, 'nouvelle région (erreurs)');
        await dialog.getByLabel('Code').fill('bgk');
        await dialog.getByLabel('Nom').fill('Bagoue');
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await dialog.waitFor({ state: 'hidden' });
        const created = rowOf(table, 'BGK');
        await created.getByText('Bagoue', { exact: true }).waitFor();
        await see(page, '3 régions');

        // A code already used is refused by the server (409), in the red notice and under the code; the
        // form stays open.
        await page.getByRole('button', { name: 'Nouvelle région' }).click();
        await dialog.getByLabel('Code').fill('HSS');
        await dialog.getByLabel('Nom').fill('Autre');
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await page
          .locator('.ant-notification-notice-error')
          .getByText('Le code de région « HSS » est déjà utilisé.')
          .waitFor();
        await dialog
          .locator('.ant-form-item-explain-error')
          .getByText('Le code de région « HSS » est déjà utilisé.')
          .waitFor();
        await expectNoAxeViolations(page, 'nouvelle région (refusée)');
        // What was typed is dropped only once confirmed.
        await dialog.getByRole('button', { name: 'Annuler' }).click();
        await discardChanges(page);
        await dialog.waitFor({ state: 'hidden' });
        await closeNotices(page);

        // Edit.
        await created.getByRole('button', { name: 'Modifier BGK' }).click();
        await see(page, 'Modifier la région Bagoue');
        await expectNoAxeViolations(page, "modification d'une région");
        assert.equal(await dialog.getByLabel('Nom').inputValue(), 'Bagoue');
        await dialog.getByLabel('Nom').fill('Bagoué');
        await dialog.getByRole('button', { name: 'Enregistrer' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await created.getByText('Bagoué', { exact: true }).waitFor();

        // Haut-Sassandra holds the department of the import: the server's refusal shows, the row stays.
        const confirm = page.locator('.ant-popconfirm:visible');
        await table.getByRole('button', { name: 'Supprimer HSS' }).click();
        await confirm.getByText('Supprimer cette région ?').waitFor();
        await expectNoAxeViolations(page, "suppression d'une région");
        await confirm.getByRole('button', { name: 'Supprimer' }).click();
        await page
          .locator('.ant-notification-notice-error')
          .getByText("Cette région contient 1 département : supprimez-les d'abord.")
          .waitFor();
        await rowOf(table, 'HSS').waitFor();
        await confirm.waitFor({ state: 'hidden' });
        await closeNotices(page);

        // An empty region goes.
        await created.getByRole('button', { name: 'Supprimer BGK' }).click();
        await confirm.getByRole('button', { name: 'Supprimer' }).click();
        await created.waitFor({ state: 'detached' });
        await see(page, '2 régions');
      }),
  );

  test('a sub-prefecture and a locality placed level by level', { timeout: 120_000 }, () =>
    inBrowser('geography-cascade', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      const dialog = page.getByRole('dialog');
      const table = page.locator('.ant-table');
      const choose = async (label, option) => {
        await dialog.getByLabel(label, { exact: true }).click();
        await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
      };

      await page.goto(`${suite.baseUrl}/subprefectures`);
      await rowOf(table, 'DAL-1').waitFor();
      await expectNoAxeViolations(page, 'sous-préfectures');
      await page.getByRole('button', { name: 'Nouvelle sous-préfecture' }).click();
      await dialog.getByLabel('Code').waitFor();
      await expectNoAxeViolations(page, 'nouvelle sous-préfecture');
      await dialog.getByLabel('Code').fill('DAL-2');
      await dialog.getByLabel('Nom').fill('Bédiala');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, 'Choisissez le département.');
      await expectNoAxeViolations(page, 'nouvelle sous-préfecture (erreurs)');
      // The department waits for its region, then lists only that region's departments.
      assert.equal(await dialog.getByLabel('Département', { exact: true }).isDisabled(), true);
      await choose('Région', 'Haut-Sassandra');
      await dialog.getByLabel('Département', { exact: true }).click();
      const options = page.locator('.ant-select-dropdown:visible');
      await options.getByText('Daloa', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'nouvelle sous-préfecture (liste des départements)');
      assert.equal(await options.getByText('Korhogo', { exact: true }).count(), 0);
      await options.getByText('Daloa', { exact: true }).click();
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const subprefecture = rowOf(table, 'DAL-2');
      await subprefecture.getByText('Daloa', { exact: true }).waitFor();

      // Editing starts from the record's region and department.
      await subprefecture.getByRole('button', { name: 'Modifier DAL-2' }).click();
      await dialog.getByTitle('Haut-Sassandra').waitFor();
      await dialog.getByTitle('Daloa').waitFor();
      await expectNoAxeViolations(page, "modification d'une sous-préfecture");
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.goto(`${suite.baseUrl}/localities`);
      await page.getByRole('button', { name: 'Nouvelle localité' }).click();
      await dialog.getByLabel('Nom').waitFor();
      await expectNoAxeViolations(page, 'nouvelle localité');
      await dialog.getByLabel('Nom').fill('Gadouan');
      await choose('Région', 'Haut-Sassandra');
      await choose('Département', 'Daloa');
      await choose('Sous-préfecture', 'Bédiala');
      // A new region empties the levels under it.
      await choose('Région', 'Poro');
      assert.equal(await dialog.getByLabel('Sous-préfecture', { exact: true }).isDisabled(), true);
      await choose('Région', 'Haut-Sassandra');
      await choose('Département', 'Daloa');
      await choose('Sous-préfecture', 'Bédiala');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const locality = rowOf(table, 'Gadouan');
      await locality.getByText('Bédiala', { exact: true }).waitFor();
      await locality.getByText('Haut-Sassandra', { exact: true }).waitFor();

      // The departments' screen, not visited above.
      await page.goto(`${suite.baseUrl}/departments`);
      await rowOf(table, 'DAL').waitFor();
      await expectNoAxeViolations(page, 'départements');
      await page.getByRole('button', { name: 'Nouveau département' }).click();
      await dialog.getByLabel('Code').waitFor();
      await expectNoAxeViolations(page, 'nouveau département');
    }),
  );

  test('an agent changes the geography but deletes nothing; a viewer only reads', { timeout: 120_000 }, () =>
    inBrowser('geography-roles', async (page) => {
      await createLogin(suite, 'agent.kone', 'agent');
      await createLogin(suite, 'lecteur.bamba', 'viewer');
      const table = page.locator('.ant-table');

      await signIn(page, suite.baseUrl, 'agent.kone', 'agent-pass-2026');
      await page.goto(`${suite.baseUrl}/regions`);
      await table.getByRole('button', { name: 'Modifier HSS' }).waitFor();
      await page.getByRole('button', { name: 'Nouvelle région' }).waitFor();
      // An agent does not delete: the button shows, disabled, saying who may; the server refuses too.
      await seeDenied(page, table.getByRole('button', { name: 'Supprimer HSS' }), MANAGERS_ONLY);
      assert.equal(await page.getByTestId('read-only').count(), 0);
      await expectNoAxeViolations(page, 'régions (agent)');

      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await signIn(page, suite.baseUrl, 'lecteur.bamba', 'lecteur-pass-2026');
      await page.goto(`${suite.baseUrl}/regions`);
      await rowOf(table, 'HSS').waitFor();
      // A viewer only reads: the screen says so, and every button says who may.
      await page.getByTestId('read-only').getByText('Lecture seule', { exact: true }).waitFor();
      await see(page, 'Votre rôle (Lecteur) permet de consulter cet écran, pas de le modifier.');
      await seeDenied(page, page.getByRole('button', { name: 'Nouvelle région' }), WRITERS);
      await seeDenied(page, table.getByRole('button', { name: 'Modifier HSS' }), WRITERS);
      await seeDenied(page, table.getByRole('button', { name: 'Supprimer HSS' }), MANAGERS_ONLY);
      assert.equal(await page.getByRole('link', { name: 'Import des localités', exact: true }).count(), 0);
      await expectNoAxeViolations(page, 'régions (lecteur)');
    }),
  );

  test('the localities are read 2,000 at a time, the next ones by keyset or by offset', { timeout: 60_000 }, () =>
    inBrowser('geography-pages', async (page) => {
      // Made-up pages (answerMadeUpPages): what is asked for is what is checked.
      const asked = await answerMadeUpPages(page, '/api/locality/get.locality_list', {
        madeUp: madeUpLocality,
        nameField: 'locality_name',
      });
      const table = page.locator('.ant-table');
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.goto(`${suite.baseUrl}/localities`);
      await table.getByText('Ligne 1', { exact: true }).waitFor();
      // Sorted by name, 2,000 of them from the start; the total below the table, no pages to click.
      await page.getByText(/^2\s001 localités$/).waitFor();
      assert.equal(asked.length, 1);
      assert.equal(asked[0].get('_limit'), '2000');
      assert.equal(asked[0].get('_orderBy'), 'locality_name');
      assert.equal(asked[0].has('after'), false);
      assert.equal(asked[0].has('_offset'), false);
      assert.equal(await page.locator('.ant-pagination').count(), 0);

      // Down to the last row: the rows after it, named by its id.
      await scrollToSee(page, 'Suite 2');
      assert.equal(asked.length, 2);
      assert.equal(asked[1].get('after'), String(madeUpLocality(1999).locality_id));
      assert.equal(asked[1].has('_offset'), false);
      assert.equal(asked[1].get('_limit'), '2000');
      assert.equal(asked[1].get('_orderBy'), 'locality_name');

      // Sorted on a parent's name, which the server does not page by keyset: the rows past those loaded.
      await table
        .locator('.ant-table-thead th')
        .filter({ hasText: /^Sous-préfecture$/ })
        .click();
      await page.getByText(/^2\s003 localités$/).waitFor();
      assert.equal(asked[2].get('_orderBy'), 'subprefecture_name');
      assert.equal(asked[2].has('after') || asked[2].has('_offset'), false);
      // The rows after the first 2,000 by their offset: asked for when the user scrolls down, or at once
      // when the list was still scrolled to its end as the new first page came (both were seen).
      await scrollToSee(page, 'Suite 4');
      const next = asked.slice(3);
      assert.equal(next.length, 1);
      assert.equal(next[0].get('_offset'), '2000');
      assert.equal(next[0].has('after'), false);
      assert.equal(next[0].get('_orderBy'), 'subprefecture_name');
    }),
  );
});

/** A locality of the made-up pages, its id above every real one's: "Ligne 1" for `i` 0. */
function madeUpLocality(i) {
  return {
    locality_id: 1_000_000_001 + i,
    locality_name: `Ligne ${i + 1}`,
    locality_subprefectureId: 1,
    locality_regionId: 1,
    department_id: 1,
    subprefecture_name: 'Essai',
    department_name: 'Essai',
    region_name: 'Essai',
  };
}

/**
 * Closes the notices in the page's top right corner, as a user does before clicking what they cover. The
 * click is dispatched to each close button, as the stack of notices moves while the pointer is over it.
 */
async function closeNotices(page) {
  for (const close of await page.locator('.ant-notification-notice-close').all()) {
    await close.dispatchEvent('click', undefined, { timeout: 1_000 }).catch(() => {});
  }
  await page.waitForFunction(() => !document.querySelector('.ant-notification-notice'));
}

/** Makes a login of `role` through the API (the users screen has its own test); its password is `<first word>-pass-2026`. */
async function createLogin(suite, name, role) {
  const signedIn = await fetch(`${suite.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: suite.admin.login, password: suite.admin.password }),
  });
  const { token } = await signedIn.json();
  const created = await fetch(`${suite.baseUrl}/api/user/post_user`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ login_name: name, login_password: `${name.split('.')[0]}-pass-2026`, login_role: role }),
  });
  assert.equal(created.status, 200, await created.text());
}
