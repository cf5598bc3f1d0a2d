// Members and their families as an agent of the network works with them, in Chromium, against the real
// product: a main member with a photo (imported and cropped), a spouse and a child added from the family
// tab, found again by part of their name, and their family seen from one of them; then the list read by
// pages of 2,000 rows, the next one asked for as the user scrolls down.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, scrollToBottom, see, seeTitle, signIn } from './browser.mjs';
import { portraitPng } from './png.mjs';
import { startSuite } from './suite.mjs';
import { apiCall, apiSignIn } from './api.mjs';

describe('members', { timeout: 10 * 60_000 }, () => {
  let suite;
  let files;
  before(async () => {
    suite = await startSuite();
    files = await mkdtemp(join(tmpdir(), 'sesame-e2e-files-'));
    // A place to live in, made through the API: the geography screens are not what is tested here.
    const token = await apiSignIn(suite);
    const imported = await fetch(`${suite.baseUrl}/api/locality/post_locality-import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify([
        {
          region_code: 'GBK',
          region_name: 'Gbêkê',
          department_code: 'BKE',
          department_name: 'Bouaké',
          subprefecture_code: 'BKE-1',
          subprefecture_name: 'Bouaké-Ville',
          locality_name: 'Koko',
        },
      ]),
    });
    assert.equal(imported.status, 200, await imported.text());
  });
  after(async () => {
    await suite?.stop();
    if (files) await rm(files, { recursive: true, force: true });
  });

  test('a family with a photo: create, add a spouse and a child, search, open the family', { timeout: 240_000 }, () =>
    inBrowser('member-family', async (page) => {
      const photo = join(files, 'portrait.png');
      await writeFile(photo, portraitPng());
      const notImage = join(files, 'notes.txt');
      await writeFile(notImage, 'pas une image');

      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      await seeTitle(page, 'Adhérents | Sésame');
      await page.locator('.ant-table-placeholder').waitFor();
      await expectNoAxeViolations(page, 'adhérents (vide)');

      // A new main member.
      await page.getByRole('button', { name: 'Nouvel adhérent' }).click();
      const drawer = page.getByRole('dialog', { name: 'Nouvel adhérent' });
      await drawer.waitFor();
      await drawer.getByLabel('Nom', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'nouvel adhérent');

      // This Chromium has no camera: the button says so in French.
      await drawer.getByRole('button', { name: 'Prendre une photo' }).click();
      await see(page, "Aucune caméra n'est disponible sur cet ordinateur.");

      // The browser refuses what is not an image before anything is sent.
      await drawer.locator('input[type=file]').setInputFiles(notImage);
      await see(page, 'Choisissez une image JPEG, PNG ou WebP.');

      // The names are required.
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await see(page, 'Saisissez le nom');
      await see(page, 'Saisissez le prénom');
      await expectNoAxeViolations(page, 'nouvel adhérent (erreurs)');

      await drawer.getByLabel('Nom', { exact: true }).fill('Kouamé');
      await drawer.getByLabel('Prénoms', { exact: true }).fill('Adjoua');
      await pickDate(drawer, 'Date de naissance', '12/05/1980');
      await choose(page, drawer, 'Région', 'Gbêkê');
      await choose(page, drawer, 'Département', 'Bouaké');
      await choose(page, drawer, 'Sous-préfecture', 'Bouaké-Ville');
      await choose(page, drawer, 'Localité', 'Koko');
      await drawer.getByLabel('Téléphone', { exact: true }).fill('0707080910');

      // The photo: imported, cropped, kept until the member is saved.
      await drawer.locator('input[type=file]').setInputFiles(photo);
      const crop = page.getByRole('dialog', { name: 'Recadrer la photo' });
      await crop.waitFor();
      await expectNoAxeViolations(page, 'recadrage de la photo');
      await crop.getByRole('button', { name: 'Valider' }).click();
      await crop.waitFor({ state: 'hidden' });
      await see(page, "La photo sera enregistrée avec l'adhérent.");
      await expectNoAxeViolations(page, 'nouvel adhérent (rempli)');

      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await see(page, 'Adhérent créé');
      await see(page, 'Photo enregistrée');
      // The drawer now shows the saved member, its number and its photo.
      const main = page.getByRole('dialog', { name: /^Adjoua Kouamé \(C\d{9}\)$/ });
      await main.waitFor();
      await main.getByRole('img', { name: "Photo d'Adjoua Kouamé" }).waitFor();
      const mainNumber = (await main.locator('.ant-drawer-title').textContent())?.match(/C\d{9}/)?.[0] ?? '';
      assert.match(mainNumber, /^C\d{9}$/);
      await main.getByText('Suivi', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'fiche adhérent');

      // A spouse, then a child, from the family tab: the last name and locality come with them.
      await main.getByRole('tab', { name: 'Famille' }).click();
      await main.getByRole('button', { name: 'Ajouter un conjoint' }).click();
      const spouse = page.getByRole('dialog', { name: 'Nouveau conjoint' });
      await spouse.waitFor();
      assert.equal(await spouse.getByLabel('Nom', { exact: true }).inputValue(), 'Kouamé');
      await spouse.getByText('Koko', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'nouveau conjoint');
      await spouse.getByLabel('Prénoms', { exact: true }).fill('Yao');
      await spouse.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await spouse.waitFor({ state: 'hidden' });
      await main.getByRole('cell', { name: 'Yao', exact: true }).waitFor();

      await main.getByRole('button', { name: 'Ajouter un enfant' }).click();
      const child = page.getByRole('dialog', { name: 'Nouvel enfant' });
      await child.waitFor();
      await child.getByLabel('Prénoms', { exact: true }).fill('Affoué');
      await pickDate(child, 'Date de naissance', '03/02/2010');
      await child.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await child.waitFor({ state: 'hidden' });
      await main.getByRole('cell', { name: 'Affoué', exact: true }).waitFor();
      await main.getByText('1 conjoint, 1 enfant').waitFor();
      await expectNoAxeViolations(page, 'fiche adhérent (famille)');
      await main.getByRole('button', { name: 'Annuler' }).click();
      await main.waitFor({ state: 'hidden' });

      // Found by part of the name, accents and case aside.
      const search = page.getByPlaceholder('Rechercher : nom, numéro, contact');
      await search.fill('kouam');
      await search.press('Enter');
      await see(page, '3 adhérents');
      const table = page.locator('.ant-table');
      await table.getByText("Conjoint d'Adjoua Kouamé", { exact: true }).waitFor();
      await table.getByText("Enfant d'Adjoua Kouamé", { exact: true }).waitFor();
      await table.getByText('Koko (Gbêkê)').first().waitFor();
      // The main member's thumbnail loaded with the token.
      await table.getByRole('img', { name: "Photo d'Adjoua Kouamé" }).waitFor();
      await expectNoAxeViolations(page, 'adhérents');

      // And by part of the number, in its own filter.
      const byNumber = page.getByPlaceholder("N° d'adhérent");
      await byNumber.fill(mainNumber.slice(1));
      await byNumber.press('Enter');
      await see(page, '1 adhérent');
      await byNumber.fill('');
      await byNumber.press('Enter');
      await see(page, '3 adhérents');

      // The family seen from the spouse: the three of them.
      await table.getByText('Yao', { exact: true }).click();
      const yao = page.getByRole('dialog', { name: /^Yao Kouamé \(C\d{9}\)$/ });
      await yao.waitFor();
      await yao.getByRole('tab', { name: 'Famille' }).click();
      for (const name of ['Adjoua', 'Yao', 'Affoué']) await yao.getByRole('cell', { name, exact: true }).waitFor();
      await yao.getByRole('cell', { name: 'Adhérent principal', exact: true }).waitFor();
      await yao.getByRole('cell', { name: 'Conjoint', exact: true }).waitFor();
      await yao.getByRole('cell', { name: 'Enfant', exact: true }).waitFor();
      await expectNoAxeViolations(page, 'fiche du conjoint (famille)');

      // The main member keeps its dependants: the server refuses to delete it, in a French notice.
      await yao.getByRole('cell', { name: 'Adjoua', exact: true }).click();
      const adjoua = page.getByRole('dialog', { name: /^Adjoua Kouamé/ });
      await adjoua.waitFor();
      await adjoua.getByRole('button', { name: 'Supprimer' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Supprimer' }).click();
      await see(page, /personnes à charge/, { exact: false });
      await expectNoAxeViolations(page, "suppression refusée d'un adhérent");
    }),
  );

  test('the list reads 2,000 members at a time, and the next ones as the user scrolls down', { timeout: 60_000 }, () =>
    inBrowser('member-keyset', async (page) => {
      const token = await apiSignIn(suite);
      for (const firstname of ['Premier', 'Second']) {
        await apiCall(suite, token, 'POST', '/api/member/post_member', {
          member_firstname: firstname,
          member_lastname: 'Suivant',
        });
      }

      // Making 2,000 members by REST would take minutes: the first page is made here, 2,000 rows whose ids
      // lie above every real member's, so the page after its last row is the real members, from the server.
      const asked = [];
      let releaseNext;
      const nextMayGo = new Promise((done) => (releaseNext = done));
      await page.route(
        (url) => url.pathname === '/api/member/get.member_list',
        async (route) => {
          const query = new URL(route.request().url()).searchParams;
          asked.push(query);
          if (query.has('after')) {
            // Held a moment, so that the spinner below the rows can be seen.
            await nextMayGo;
            return route.continue();
          }
          const real = await (await route.fetch()).json();
          const first = Array.from({ length: 2000 }, (_, i) => ({
            member_id: FIRST_SYNTHETIC_ID + 1999 - i,
            member_idNumber: `T${String(i + 1).padStart(9, '0')}`,
            member_firstname: `Ligne ${i + 1}`,
            member_lastname: 'Essai',
            member_gender: '',
            member_birthDate: null,
            member_isSpouse: false,
            member_isChild: false,
            member_hasValidCard: false,
            member_hasUnusedTransaction: false,
            member_mainMemberName: '',
            photoFilePath: '',
            locality_name: '',
            region_name: '',
          }));
          return route.fulfill({ json: { ...real, data: first, total: real.total + 2000, totalExact: true } });
        },
      );

      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      const table = page.locator('.ant-table');
      await table.getByText('Ligne 1', { exact: true }).waitFor();
      // The latest members first, 2,000 of them; the total counts them all.
      assert.equal(asked.length, 1);
      assert.equal(asked[0].get('_limit'), '2000');
      assert.equal(asked[0].get('_orderBy'), 'member_id');
      assert.equal(asked[0].get('_descending'), 'true');
      assert.equal(asked[0].has('after'), false);
      await page.getByText(/^2\s0\d\d adhérents$/).waitFor();

      // Down to the last row loaded: the rows after it are asked for, and a spinner says so meanwhile.
      const loadingMore = page.getByText('Chargement des lignes suivantes…', { exact: true });
      await scrollToBottom(page);
      await loadingMore.waitFor();
      releaseNext();
      await loadingMore.waitFor({ state: 'detached' });
      assert.equal(asked.length, 2);
      assert.equal(asked[1].get('after'), String(FIRST_SYNTHETIC_ID));
      assert.equal(asked[1].get('_limit'), '2000');
      assert.equal(asked[1].get('_orderBy'), 'member_id');
      assert.equal(asked[1].get('_descending'), 'true');
      await scrollToBottom(page);
      await table.getByText('Premier', { exact: true }).waitFor();
      await table.getByText('Second', { exact: true }).waitFor();

      // That page was short: the list ends there, and scrolling asks for nothing more.
      await scrollToBottom(page);
      await page.waitForTimeout(500);
      assert.equal(asked.length, 2);

      // A new sort starts again from the first page, at the top.
      // The rows of the page before stay shown while the new one loads: its answer is awaited, not a row.
      const sorted = page.waitForResponse((response) => response.url().includes('_orderBy=member_lastname'));
      await page.locator('.ant-table-thead th').filter({ hasText: /^Nom$/ }).click();
      const query = new URL((await sorted).url()).searchParams;
      assert.equal(query.has('after'), false);
      await table.getByText('Ligne 1', { exact: true }).waitFor();
    }),
  );
});

/** Above every id the suite gives a member in these tests. */
const FIRST_SYNTHETIC_ID = 1_000_000_001;

/** Types a day into a date picker (JJ/MM/AAAA) and confirms it. */
async function pickDate(scope, label, day) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** Picks an option in an antd select (its options open in a popup). */
async function choose(page, scope, label, option) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}
