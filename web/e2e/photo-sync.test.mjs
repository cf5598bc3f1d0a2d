// Members' photos going from a field laptop to the central server, in Chromium, against two real suites: a
// central server, and a field laptop that signs in to it with the token of a sync login made on the
// central. A photo that cannot be read on the laptop fails, is listed on the tools' failed photos with
// why, and goes once « Réessayer » is clicked after it is back; then an agent's day on the laptop, whose
// family and photo the central's administrator finds after the laptop sent them.
import assert from 'node:assert/strict';
import { readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { apiCall } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, see, seeTitle, signIn } from './browser.mjs';
import { portraitPng } from './png.mjs';
import { startPair } from './pair.mjs';

const TIMEOUT = 240_000;
const AGENT = { login: 'agent.bamba', password: 'agent-pass-2026' };
const SEND = 'Envoyer au serveur central';
const EMPTY = 'Aucune photo en échec : toutes les photos ont été envoyées.';
const SENT = 'Photo envoyée au serveur central.';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** Uploads `content` as member `memberId`'s photo, as the member screen does (multipart). */
async function apiUploadPhoto(suite, token, memberId, content) {
  const form = new FormData();
  form.append('member_id', String(memberId));
  form.append('member_photo', new Blob([content], { type: 'image/png' }), 'portrait.png');
  const response = await fetch(`${suite.baseUrl}/api/member/post_member-photo`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  assert.equal(response.status, 200, await response.text());
}

/** Starts a run sending the laptop's changes and waits until it ended; answers its journal entry. */
async function apiSendToCentral(suite, token) {
  const started = await apiCall(suite, token, 'GET', '/api/synchronization/get_synchronization_start/to_server');
  const uuid = started.data.synchronizationJournal_uuid;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const entry = (await apiCall(suite, token, 'GET', `/api/synchronization/get.synchronization/${uuid}`)).data;
    if (entry.synchronizationJournal_state !== 'running') return entry;
    if (Date.now() > deadline) throw new Error(`the run still runs after 60 s: ${JSON.stringify(entry)}`);
    await sleep(250);
  }
}

/** The central's copy of a member registered on the laptop, found by its identity number. */
async function centralMember(central, token, idNumber) {
  const found = await apiCall(
    central,
    token,
    'GET',
    `/api/member/get.member_list?filter_idNumber=${encodeURIComponent(idNumber)}`,
  );
  assert.equal(found.total, 1, JSON.stringify(found.data));
  return found.data[0];
}

/** Asserts that the central has member `memberId`'s photo, as an image. */
async function assertCentralPhoto(central, token, memberId) {
  const response = await fetch(`${central.baseUrl}/api/member/get_member-photo/${memberId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(response.status, 200, await response.clone().text());
  assert.match(response.headers.get('content-type') ?? '', /^image\//);
  assert.ok((await response.arrayBuffer()).byteLength > 0, 'the photo has bytes');
}

describe('photos sent by a field laptop', { timeout: 10 * 60_000 }, () => {
  let central;
  let field;
  let centralToken;
  let fieldToken;
  let files;
  let stop;

  before(async () => {
    files = await mkdtemp(join(tmpdir(), 'sesame-e2e-files-'));
    ({ central, centralToken, field, fieldToken, stop } = await startPair({
      syncLogin: 'poste-bouake-1',
      agent: AGENT,
    }));
  });
  after(async () => {
    await stop?.();
    if (files) await rm(files, { recursive: true, force: true });
  });

  test(
    'a photo whose file is lost on the laptop is listed as failed, and sent again with « Réessayer »',
    { timeout: TIMEOUT },
    () =>
      inBrowser('photo-sync-failed', async (page) => {
        // A member with a photo, registered on the laptop; its photo's file is then lost.
        const member = await apiCall(field, fieldToken, 'POST', '/api/member/post_member', {
          member_firstname: 'Mariam',
          member_lastname: 'Photoperdue',
        });
        await apiUploadPhoto(field, fieldToken, member.id, portraitPng());
        const { member_idNumber: idNumber } = (
          await apiCall(field, fieldToken, 'GET', `/api/member/get_member/${member.id}`)
        ).data;
        const file = join(field.photos, 'photos', `${member.id}.jpg`);
        const photo = await readFile(file);
        await rm(file);

        // The run sends the member, and says the photo failed.
        const run = await apiSendToCentral(field, fieldToken);
        assert.equal(run.synchronizationJournal_state, 'done', run.synchronizationJournal_message);
        assert.match(run.synchronizationJournal_message, /\b1 en échec\b/);
        await centralMember(central, centralToken, idNumber);

        // The administrator finds it from the tools.
        await signIn(page, field.baseUrl, field.admin.login, field.admin.password);
        await page.getByRole('link', { name: 'Outils', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/tools');
        await see(page, 'Photos en échec de synchronisation');
        await page.getByTestId('photo-failure-count').getByText('1 photo en échec', { exact: true }).waitFor();
        await page.getByRole('link', { name: 'Voir les photos en échec' }).click();
        await page.waitForURL((url) => url.pathname === '/tools/photo_sync_failed');
        await seeTitle(page, 'Photos non synchronisées | Sésame');

        const table = page.locator('.ant-table');
        const row = table.locator('.ant-table-row', { has: page.getByText(idNumber, { exact: true }) });
        await row.waitFor();
        assert.equal(await table.locator('.ant-table-row').count(), 1);
        const cells = row.locator('td');
        // The member's name leads to it in the members list, searched by its number.
        const link = row.getByRole('link', { name: 'Mariam Photoperdue', exact: true });
        assert.equal(await link.getAttribute('href'), `/members?filter=${idNumber}`);
        assert.equal(await cells.nth(1).textContent(), '1', 'one attempt');
        assert.match(
          await cells.nth(2).textContent(),
          /^Le fichier de la photo est introuvable ou illisible sur ce poste : reprenez la photo/,
        );
        assert.match(await cells.nth(3).textContent(), /^\d\d\/\d\d\/\d{4} \d\d:\d\d$/, 'when it failed');
        // A minute after the failure, or already due if the test was slow to get here.
        assert.match(
          await cells.nth(4).textContent(),
          /^(\d\d\/\d\d\/\d{4} \d\d:\d\d(dans 1 min|dans moins d'une minute)|Dès la prochaine synchronisation)$/,
        );
        await see(page, '1 photo en échec');
        await expectNoAxeViolations(page, 'photos en échec');

        // Tried again while the file is still missing: it fails again, said in red, its row read again.
        const retry = row.getByRole('button', { name: /^Réessayer/ });
        await retry.click();
        const notice = page
          .locator('.ant-notification-notice-error')
          .filter({ hasText: /^Le fichier de la photo est introuvable ou illisible sur ce poste/ });
        await notice.waitFor();
        await cells.nth(1).getByText('2', { exact: true }).waitFor();
        assert.match(await cells.nth(4).textContent(), /dans 2 min$/, 'the wait doubled');
        await notice.locator('.ant-notification-notice-close').click();
        await notice.waitFor({ state: 'hidden' });

        // The file is back: sent, and the list is empty.
        await writeFile(file, photo);
        await retry.click();
        await see(page, SENT);
        await see(page, EMPTY);
        await expectNoAxeViolations(page, 'photos en échec (aucune)');

        // The central has it now; the laptop lists no failure any more.
        const centralCopy = await centralMember(central, centralToken, idNumber);
        await assertCentralPhoto(central, centralToken, centralCopy.member_id);
        const failures = await apiCall(field, fieldToken, 'GET', '/api/tools/get.missing-photo_list');
        assert.equal(failures.total, 0);
      }),
  );

  test(
    "an agent's day on the laptop: a family and a photo registered, sent, found on the central",
    { timeout: TIMEOUT },
    async () => {
      const portrait = join(files, 'portrait.png');
      await writeFile(portrait, portraitPng());
      let idNumber = '';

      // The agent registers a main member with its photo, then its spouse, from the member screens.
      await inBrowser('photo-sync-agent', async (page) => {
        await signIn(page, field.baseUrl, AGENT.login, AGENT.password);
        await page.getByRole('link', { name: 'Adhérents', exact: true }).first().click();
        await page.waitForURL((url) => url.pathname === '/members');
        await page.getByRole('button', { name: 'Nouvel adhérent' }).click();
        const drawer = page.getByRole('dialog', { name: 'Nouvel adhérent' });
        await drawer.getByLabel('Nom', { exact: true }).fill('Tanohterrain');
        await drawer.getByLabel('Prénoms', { exact: true }).fill('Aya');
        await drawer.locator('input[type=file]').setInputFiles(portrait);
        const crop = page.getByRole('dialog', { name: 'Recadrer la photo' });
        await crop.getByRole('button', { name: 'Valider' }).click();
        await crop.waitFor({ state: 'hidden' });
        await see(page, "La photo sera enregistrée avec l'adhérent.");
        await drawer.getByRole('button', { name: 'Enregistrer', exact: true }).click();
        await see(page, 'Adhérent créé');
        await see(page, 'Photo enregistrée');
        const main = page.getByRole('dialog', { name: /^Aya Tanohterrain \([A-Z]+\d{9}\)$/ });
        await main.getByRole('img', { name: "Photo d'Aya Tanohterrain" }).waitFor();
        idNumber = (await main.locator('.ant-drawer-title').textContent())?.match(/\(([A-Z]+\d{9})\)/)?.[1] ?? '';
        assert.match(idNumber, /^[A-Z]+\d{9}$/);

        await main.getByRole('tab', { name: 'Famille' }).click();
        await main.getByRole('button', { name: 'Ajouter un conjoint' }).click();
        const spouse = page.getByRole('dialog', { name: 'Nouveau conjoint' });
        await spouse.getByLabel('Prénoms', { exact: true }).fill('Koffi');
        await spouse.getByRole('button', { name: 'Enregistrer', exact: true }).click();
        await spouse.waitFor({ state: 'hidden' });
        await main.getByRole('cell', { name: 'Koffi', exact: true }).waitFor();
        await main.getByText('1 conjoint').waitFor();
        await page.keyboard.press('Escape');
        await main.waitFor({ state: 'hidden' });

        // The agent sends the day's work from the synchronisation screen.
        await page.getByRole('link', { name: 'Synchronisation', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/synchronization');
        await page.getByRole('button', { name: SEND }).click();
        const current = page.getByTestId('sync-current');
        await current.getByText('Terminée', { exact: true }).waitFor({ timeout: 60_000 });
        await current.getByText('Envoi terminé : 2 adhérent(s) envoyé(s)', { exact: false }).waitFor();
        await current.getByText('1 photo(s) envoyée(s)', { exact: false }).waitFor();
        assert.doesNotMatch(await current.textContent(), /en échec/);
      });

      // On the central, the administrator finds the main member by name, its spouse and its photo.
      await inBrowser('photo-sync-central', async (page) => {
        const photoAnswers = [];
        page.on('response', (response) => {
          if (new URL(response.url()).pathname.startsWith('/api/member/get_member-photo/'))
            photoAnswers.push(response.status());
        });
        await signIn(page, central.baseUrl, central.admin.login, central.admin.password);
        await page.getByRole('link', { name: 'Adhérents', exact: true }).first().click();
        await page.waitForURL((url) => url.pathname === '/members');
        const search = page.getByPlaceholder('Rechercher : nom, numéro, contact');
        await search.fill('aya tanohterrain');
        await search.press('Enter');
        await see(page, '1 adhérent');
        const table = page.locator('.ant-table');
        await table.getByText('Aya', { exact: true }).click();
        const main = page.getByRole('dialog', { name: `Aya Tanohterrain (${idNumber})` });
        await main.waitFor();
        const img = main.getByRole('img', { name: "Photo d'Aya Tanohterrain" });
        await img.waitFor();
        await page.waitForFunction(
          (element) => element.complete && element.naturalWidth > 0,
          await img.elementHandle(),
        );
        await main.getByRole('tab', { name: 'Famille' }).click();
        await main.getByRole('cell', { name: 'Koffi', exact: true }).waitFor();
        await main.getByRole('cell', { name: 'Conjoint', exact: true }).waitFor();
        await expectNoAxeViolations(page, 'fiche adhérent reçue du poste de terrain');
        assert.ok(photoAnswers.length > 0, 'the photo was asked for');
        assert.ok(
          photoAnswers.every((status) => status === 200),
          `photo answers: ${photoAnswers.join(', ')}`,
        );
      });
      const copy = await centralMember(central, centralToken, idNumber);
      await assertCentralPhoto(central, centralToken, copy.member_id);
    },
  );
});
