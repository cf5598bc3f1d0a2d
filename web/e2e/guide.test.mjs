// The user guide's screenshots, taken from the real product so that they stay current: with a little
// realistic data made through the API (a geography, a cooperative, members who paid, their cards, a
// delivery, a parcel, two more users), every screen the guide documents is opened as the administrator
// at 1280×800, once loaded, checked by axe-core, and saved. With GUIDE_REFRESH=1 they go to web/public/guide/<name>.png
// (commit them; `npm run build` copies them to web/dist/guide/, which the gateway serves); otherwise to
// a folder of this run, so that `make test` takes every screenshot without rewriting the committed ones.
// The test fails when a screen of src/app/screens.ts has no section in the guide, when a section shows a
// screenshot this test does not take, or when one it takes is not committed.
//   GUIDE_REFRESH=1 node --test e2e/guide.test.mjs
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiPay, apiSignIn, waitFor } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, rowOf, screenSettled, see, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const COMMITTED_DIR = join(WEB, 'public', 'guide');
const SHOTS_DIR = process.env.GUIDE_REFRESH ? COMMITTED_DIR : await mkdtemp(join(tmpdir(), 'sesame-guide-'));
const VIEWPORT = { width: 1280, height: 800 };
const MAX_BYTES = 400 * 1024;

/** A screen whose list shows `text` in a row once loaded. */
const rowShown = (text) => (page) => rowOf(page.locator('.ant-table').first(), text).waitFor();
/** A screen that shows `text` (or a text starting so, `exact` false) once loaded. */
const textShown =
  (text, exact = true) =>
  (page) =>
    see(page, text, { exact });
/** A list loaded, with rows or not. */
const listLoaded = (page) => page.locator('.ant-table-row, .ant-table-placeholder').first().waitFor();

/**
 * The screenshots: the file's name, the screen's address and title (the browser tab's name), and what
 * shows it is loaded. The guide's sections name these files (src/features/documentation/guide/).
 */
const SHOTS = [
  { name: 'accueil', path: '/', title: 'Accueil', ready: textShown('Paiements sans carte') },
  { name: 'adherents', path: '/members', title: 'Adhérents', ready: rowShown('Koné') },
  { name: 'cooperatives', path: '/cooperatives', title: 'Coopératives', ready: rowShown('COOP-KOKO') },
  { name: 'parcelles', path: '/parcels', title: 'Parcelles', ready: rowShown('PAR-0001') },
  { name: 'cartes', path: '/cards', title: 'Cartes', ready: rowShown('W-GUIDE-01') },
  { name: 'livraisons', path: '/delivery', title: 'Livraisons', ready: listLoaded },
  {
    name: 'lecteur',
    path: '/reader',
    title: 'Lecteur de cartes',
    ready: textShown('Clé de vérification à jour', false),
  },
  { name: 'regions', path: '/regions', title: 'Régions', ready: rowShown('Gbêkê') },
  { name: 'departements', path: '/departments', title: 'Départements', ready: rowShown('Bouaké') },
  {
    name: 'sous-prefectures',
    path: '/subprefectures',
    title: 'Sous-préfectures',
    ready: rowShown('Bouaké-Ville'),
  },
  { name: 'localites', path: '/localities', title: 'Localités', ready: rowShown('Koko') },
  {
    name: 'import-localites',
    path: '/localities/import',
    title: 'Import des localités',
    ready: textShown('Télécharger le modèle'),
  },
  { name: 'rapports', path: '/reports', title: 'Rapports', ready: rowShown('Carte 2026') },
  {
    name: 'statistiques',
    path: '/metabase_stats',
    title: 'Statistiques',
    ready: textShown("Membres par tranche d'âge"),
  },
  {
    name: 'rapport-statistique',
    path: '/metabase_stats/report?name=membres',
    title: 'Rapport statistique',
    ready: textShown('Inscriptions par mois'),
  },
  { name: 'synchronisation', path: '/synchronization', title: 'Synchronisation', ready: textShown('Cette instance') },
  {
    name: 'journal-synchronisation',
    path: '/synchronization/journal',
    title: 'Journal de synchronisation',
    ready: listLoaded,
  },
  { name: 'utilisateurs', path: '/user_list', title: 'Utilisateurs', ready: rowShown('agent.koko') },
  {
    name: 'outils',
    path: '/tools',
    title: 'Outils',
    // Every parameter's value read: none still shows "…".
    ready: (page) => page.waitForFunction(() => !document.body.innerText.includes('…')),
  },
  {
    name: 'photos-non-synchronisees',
    path: '/tools/photo_sync_failed',
    title: 'Photos non synchronisées',
    ready: textShown('Cette instance est le serveur central', false),
  },
  { name: 'a-propos', path: '/about', title: 'À propos', ready: textShown('Version du serveur') },
  { name: 'readme', path: '/README', title: 'README', ready: textShown("Guide de l'utilisateur") },
];

/** The sign-in page, shot before signing in; the guide itself, shot last with the pictures just taken. */
const LOGIN_SHOT = { name: 'connexion', path: '/login', title: 'Connexion' };
const GUIDE_SHOT = { name: 'documentation', path: '/documentation', title: 'Documentation' };
const ALL_SHOTS = [LOGIN_SHOT, ...SHOTS, GUIDE_SHOT];

/** The screens' paths as src/app/screens.ts declares them (every screen of the menu and the home page). */
async function declaredScreens() {
  const source = await readFile(join(WEB, 'src', 'app', 'screens.ts'), 'utf8');
  const paths = [...source.matchAll(/\bpath: '([^']+)'/g)].map((match) => match[1]);
  assert.ok(paths.includes('/members') && paths.includes('/documentation'), 'screens.ts was not read');
  return paths;
}

/** The guide as the administrator sees it: each section's screen and the screenshot it shows. */
async function guideSections(page) {
  const sections = page.locator('section[data-guide-path]');
  await sections.first().waitFor();
  return sections.evaluateAll((elements) =>
    elements.map((element) => ({
      path: element.dataset.guidePath,
      title: element.querySelector('h2')?.textContent ?? '',
      pictures: [...element.querySelectorAll('img')].map((image) => new URL(image.src).pathname),
      opens: element.querySelector('a[href]')?.getAttribute('href') ?? '',
    })),
  );
}

async function shoot(page, shot) {
  await page.mouse.move(0, 0);
  await screenSettled(page);
  await page.screenshot({ path: join(SHOTS_DIR, `${shot.name}.png`), type: 'png' });
}

describe('the user guide', { timeout: 15 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
    const token = await apiSignIn(suite);
    const save = async (path, body) => (await apiCall(suite, token, 'POST', path, body)).id;

    // Two regions, each down to a locality.
    const localities = {};
    for (const [code, region, department, subprefecture, locality] of [
      ['GBK', 'Gbêkê', 'Bouaké', 'Bouaké-Ville', 'Koko'],
      ['HSS', 'Haut-Sassandra', 'Daloa', 'Daloa-Centre', 'Gbokora'],
    ]) {
      const regionId = await save('/api/region/post_region', { region_code: code, region_name: region });
      const departmentId = await save('/api/department/post_department', {
        department_code: `${code}-D1`,
        department_name: department,
        department_regionId: regionId,
      });
      const subprefectureId = await save('/api/subprefecture/post_subprefecture', {
        subprefecture_code: `${code}-S1`,
        subprefecture_name: subprefecture,
        subprefecture_departmentId: departmentId,
      });
      localities[locality] = await save('/api/locality/post_locality', {
        locality_name: locality,
        locality_subprefectureId: subprefectureId,
      });
    }
    const cooperative = await save('/api/cooperative/post_cooperative', {
      cooperative_code: 'COOP-KOKO',
      cooperative_name: 'Coopérative agricole de Koko',
      cooperative_localityId: localities.Koko,
      cooperative_contact: '07 07 12 34 56',
    });

    // Five members; four paid by mobile money, three of them have their card, Awa's printed and on its way.
    const members = {};
    const year = new Date().getFullYear();
    for (const [firstname, lastname, gender, age, locality, phone] of [
      ['Awa', 'Koné', 'F', 34, 'Koko', '0701020304'],
      ['Ali', 'Traoré', 'M', 45, 'Koko', '0705060708'],
      ['Aya', 'Yao', 'F', 27, 'Gbokora', '0709101112'],
      ['Moussa', 'Diallo', 'M', 52, 'Gbokora', '0713141516'],
      ['Adjoua', "N'Guessan", 'F', 61, 'Koko', '0717181920'],
    ]) {
      members[lastname] = await save('/api/member/post_member', {
        member_firstname: firstname,
        member_lastname: lastname,
        member_gender: gender,
        member_birthDate: `${year - age}-03-15`,
        member_localityId: localities[locality],
        member_cooperativeId: cooperative,
        member_contact: phone,
      });
    }
    const payers = ['Koné', 'Traoré', 'Yao', 'Diallo'];
    for (const [i, lastname] of payers.entries()) {
      await apiPay(suite, token, members[lastname], `W-GUIDE-0${i + 1}`, { operator: i % 2 ? 'Orange Money' : 'Wave' });
    }
    await save('/api/parcel/post_parcel', {
      parcel_code: 'PAR-0001',
      parcel_memberId: members['Koné'],
      parcel_localityId: localities.Koko,
      parcel_area: 2.5,
      parcel_crop: 'Cacao',
      parcel_latitude: 7.69,
      parcel_longitude: -5.03,
    });
    await save('/api/parcel/post_parcel', {
      parcel_code: 'PAR-0002',
      parcel_memberId: members['Yao'],
      parcel_localityId: localities.Gbokora,
      parcel_area: 1.2,
      parcel_crop: 'Café',
    });

    // The cards service learns of the payments from their events: the three card holders, once candidates.
    const holders = [members['Koné'], members['Traoré'], members['Yao']];
    await waitFor(async () => {
      const { data } = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list');
      return holders.every((id) => data.some((candidate) => candidate.member_id === id));
    });
    const { data: made } = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', {
      member_ids: holders,
    });
    const printed = made.card_ids.slice(0, 1);
    await apiCall(suite, token, 'POST', '/api/card/post.mark_as_printed', { card_ids: printed });
    await apiCall(suite, token, 'POST', '/api/delivery/post_delivery', {
      delivery_isErrorType: false,
      cards: printed.map((id) => ({ card_id: id })),
    });

    // Two document templates, a card and a delivery slip (blank pages of their type).
    for (const [name, type, description] of [
      ['Carte 2026', 'card', "La carte d'adhérent de l'année"],
      ['Bordereau standard', 'delivery_slip', 'Le bordereau signé à la remise des cartes'],
    ]) {
      await save('/api/report/post.report', { report_name: name, report_type: type, report_description: description });
    }

    for (const [login, role] of [
      ['agent.koko', 'agent'],
      ['lecteur.daloa', 'viewer'],
    ]) {
      await apiCall(suite, token, 'POST', '/api/user/post_user', {
        login_name: login,
        login_password: `${login}-passe-2026`,
        login_role: role,
      });
    }
  });
  after(async () => {
    await suite?.stop();
    if (SHOTS_DIR !== COMMITTED_DIR) await rm(SHOTS_DIR, { recursive: true, force: true });
  });

  test('has a section for every screen, each showing a screenshot this test takes', { timeout: 180_000 }, () =>
    inBrowser('guide-sections', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.goto(`${suite.baseUrl}/documentation`);
      await seeTitle(page, 'Documentation | Sésame');
      await page.getByRole('tab', { name: "Guide de l'utilisateur", selected: true }).waitFor();
      const sections = await guideSections(page);

      const documented = new Set(sections.map((section) => section.path));
      const missing = [...(await declaredScreens()), '/login'].filter((path) => !documented.has(path));
      assert.deepEqual(missing, [], `screens without a section in the guide: ${missing.join(', ')}`);

      const taken = new Set(ALL_SHOTS.map((shot) => `/guide/${shot.name}.png`));
      for (const section of sections) {
        assert.ok(section.title, `${section.path}: a section without a title`);
        assert.equal(section.opens, section.path, `${section.path}: « Ouvrir l'écran » leads elsewhere`);
        assert.equal(section.pictures.length, 1, `${section.path}: ${section.pictures.length} screenshots`);
        assert.ok(taken.has(section.pictures[0]), `${section.path}: ${section.pictures[0]} is not taken by this test`);
      }
      // Each screenshot is of the screen its section tells.
      for (const shot of ALL_SHOTS) {
        const section = sections.find((s) => s.pictures[0] === `/guide/${shot.name}.png`);
        assert.equal(section?.path, shot.path.replace(/\?.*/, ''), `${shot.name}.png is not shown by its section`);
      }

      // The table of contents leads to a section; « Ouvrir l'écran » opens its screen.
      await page
        .getByRole('navigation', { name: 'Sommaire du guide' })
        .getByRole('link', { name: 'Livraisons' })
        .click();
      await page.waitForFunction(() => {
        const top = document.querySelector('section[data-guide-path="/delivery"]')?.getBoundingClientRect().top;
        return top !== undefined && top >= 0 && top < 100;
      });
      await page.getByRole('link', { name: "Ouvrir l'écran Livraisons" }).click();
      await page.waitForURL((url) => url.pathname === '/delivery');
      await seeTitle(page, 'Livraisons | Sésame');
    }),
  );

  test('screenshots every screen it documents, at 1280×800', { timeout: 10 * 60_000 }, () =>
    inBrowser('guide-screenshots', async (page) => {
      await mkdir(SHOTS_DIR, { recursive: true });
      await page.setViewportSize(VIEWPORT);

      await page.goto(`${suite.baseUrl}${LOGIN_SHOT.path}`);
      await seeTitle(page, `${LOGIN_SHOT.title} | Sésame`);
      await page.getByRole('button', { name: 'Se connecter' }).waitFor();
      await shoot(page, LOGIN_SHOT);

      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      for (const shot of SHOTS) {
        await page.goto(`${suite.baseUrl}${shot.path}`);
        await seeTitle(page, `${shot.title} | Sésame`);
        await shot.ready(page);
        await shoot(page, shot);
        // Every screen of the guide, its data loaded, as a keyboard or a screen reader meets it.
        await expectNoAxeViolations(page, `${shot.title} (avec des données)`);
      }

      // The guide shows the pictures just taken, not those of the build.
      await page.route(
        (url) => url.pathname.startsWith('/guide/') && url.pathname.endsWith('.png'),
        (route) => {
          const file = join(SHOTS_DIR, new URL(route.request().url()).pathname.slice('/guide/'.length));
          return existsSync(file) ? route.fulfill({ path: file }) : route.fallback();
        },
      );
      await page.goto(`${suite.baseUrl}${GUIDE_SHOT.path}`);
      await seeTitle(page, `${GUIDE_SHOT.title} | Sésame`);
      await page.locator('section[data-guide-path="/login"] img').waitFor();
      await shoot(page, GUIDE_SHOT);

      for (const shot of ALL_SHOTS) {
        const { size } = await stat(join(SHOTS_DIR, `${shot.name}.png`));
        assert.ok(size < MAX_BYTES, `${shot.name}.png weighs ${size} bytes`);
        assert.ok(
          existsSync(join(COMMITTED_DIR, `${shot.name}.png`)),
          `web/public/guide/${shot.name}.png is not committed: run GUIDE_REFRESH=1 node --test e2e/guide.test.mjs`,
        );
      }
    }),
  );
});
