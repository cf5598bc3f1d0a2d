// The synchronisation as a field laptop's user sees it, in Chromium, against two real suites: a central
// server, and a field laptop that signs in to it with the token of a sync login made on the central.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { animationsEnded, inBrowser, rowOf, see, seeTitle, signIn } from './browser.mjs';
import { startPair } from './pair.mjs';

const TIMEOUT = 180_000;
const AGENT = { login: 'agent.kone', password: 'agent-pass-2026' };
const SEND = 'Envoyer au serveur central';
const RECEIVE = 'Recevoir du serveur central';
// The family registered on the laptop before its first run, and the two addresses of the conflict.
const FAMILY = 'Gnamiensync';
const FIELD_ADDRESS = 'Quartier Soba, Korhogo (saisie du poste)';
const CENTRAL_ADDRESS = 'Quartier Résidentiel, Korhogo (saisie du central)';

/** Sends what the laptop has to the central server through its API, as its send button does, and waits
 *  for the run's end; resolves to its journal entry. */
async function sendByApi(field, fieldToken) {
  const started = await apiCall(field, fieldToken, 'GET', '/api/synchronization/get_synchronization_start/to_server');
  const uuid = started.data.synchronizationJournal_uuid;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const entry = (await apiCall(field, fieldToken, 'GET', `/api/synchronization/get.synchronization/${uuid}`)).data;
    if (entry.synchronizationJournal_state !== 'running') return entry;
    if (Date.now() > deadline) throw new Error(`The run ${uuid} still runs after 30 s: ${JSON.stringify(entry)}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** The value shown beside `label` in a bordered Descriptions (`scope`). */
async function describedValue(scope, label) {
  const row = scope.locator('.ant-descriptions-row', { has: scope.page().getByText(label, { exact: true }) });
  return (await row.locator('.ant-descriptions-item-content').textContent()).trim();
}

describe('synchronisation', { timeout: 10 * 60_000 }, () => {
  let central;
  let field;
  let centralToken;
  let fieldToken;
  let syncLoginId;
  let stop;

  before(async () => {
    ({ central, centralToken, field, fieldToken, syncLoginId, stop } = await startPair({
      syncLogin: 'poste-korhogo-1',
      agent: AGENT,
    }));
  });
  after(async () => {
    await stop?.();
  });

  test(
    'on a field laptop: a run sent to the central ends done, then fails once the token is revoked',
    {
      timeout: TIMEOUT,
    },
    () =>
      inBrowser('sync-field', async (page) => {
        await signIn(page, field.baseUrl, field.admin.login, field.admin.password);
        await page.getByRole('link', { name: 'Synchronisation', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/synchronization');
        await seeTitle(page, 'Synchronisation | Sésame');
        await see(page, 'Poste de terrain');
        await see(page, 'En ligne');
        await see(page, 'Aucune synchronisation pour le moment.');
        const send = page.getByRole('button', { name: SEND });
        assert.equal(await send.isEnabled(), true);
        assert.equal(await page.getByRole('button', { name: RECEIVE }).isEnabled(), true);
        await expectNoAxeViolations(page, 'synchronisation (poste de terrain)');

        // A family registered on the laptop: a main member and a spouse, to send.
        const main = await apiCall(field, fieldToken, 'POST', '/api/member/post_member', {
          member_firstname: 'Akissi',
          member_lastname: FAMILY,
        });
        await apiCall(field, fieldToken, 'POST', '/api/member/post_member', {
          member_firstname: 'Yao',
          member_lastname: FAMILY,
          member_isSpouse: true,
          member_mainMemberId: main.id,
        });

        // The browser's network state, followed live.
        await page.context().setOffline(true);
        await see(page, 'Hors ligne');
        await page.context().setOffline(false);
        await see(page, 'En ligne');

        // A run: it answers at once, and its entry is read until it ends.
        await send.click();
        const current = page.getByTestId('sync-current');
        await current.getByText('Terminée', { exact: true }).waitFor({ timeout: 30_000 });
        await current.getByText('Envoi terminé : 2 adhérent(s) envoyé(s)', { exact: false }).waitFor();
        assert.equal(await describedValue(current, 'Envoyés'), '2');
        assert.equal(await describedValue(current, 'Reçus'), '0');
        assert.equal(await describedValue(current, 'Conflits'), '0');
        assert.equal(await current.getByRole('button', { name: 'Arrêter' }).count(), 0, 'no stop once ended');
        // The central server has them now.
        const atCentral = await apiCall(central, centralToken, 'GET', `/api/member/get.member_list?filter=${FAMILY}`);
        assert.equal(atCentral.total, 2, JSON.stringify(atCentral.data));
        await current.getByText('Envoi', { exact: true }).waitFor();
        // The last runs list it too, with its counts.
        const recent = page.locator('.ant-table');
        await rowOf(recent, 'Envoi').getByText('Terminée', { exact: true }).waitFor();
        assert.match(await rowOf(recent, 'Envoi').textContent(), /Terminée.*\b2\b.*\b0\b.*\b0\b/);
        await expectNoAxeViolations(page, 'synchronisation (terminée)');

        // The journal lists it, newest first.
        await page.getByRole('link', { name: 'Voir tout le journal' }).click();
        await page.waitForURL((url) => url.pathname === '/synchronization/journal');
        await seeTitle(page, 'Journal de synchronisation | Sésame');
        const journal = page.locator('.ant-table');
        const first = rowOf(journal, 'Envoi');
        await first.getByText('Terminée', { exact: true }).waitFor();
        await first.getByText(field.admin.login, { exact: true }).waitFor();
        await see(page, '1 synchronisation');
        const header = await journal.locator('thead').textContent();
        assert.match(header, /Envoyés.*Reçus.*Conflits/);
        await expectNoAxeViolations(page, 'journal de synchronisation');

        // Its detail, the message in full.
        await first.getByRole('button', { name: /^Détail de la synchronisation n° \d+$/ }).click();
        const drawer = page.getByRole('dialog');
        await drawer.getByText(/^Synchronisation n° \d+$/).waitFor();
        const message = await drawer.getByTestId('sync-message').textContent();
        assert.match(message, /^Envoi terminé : 2 adhérent\(s\) envoyé\(s\)/);
        assert.match(message, /compte poste-korhogo-1 du serveur central/);
        assert.equal(await describedValue(drawer, 'Envoyés'), '2');
        assert.equal(await describedValue(drawer, 'Conflits'), '0');
        assert.equal(await drawer.getByTestId('sync-conflicts').count(), 0, 'no conflict listed');
        await expectNoAxeViolations(page, 'détail d’une synchronisation');
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });

        // A conflict: the main member changed on the laptop, then, later, on the central server, whose
        // version wins when the laptop sends its own.
        const onField = (await apiCall(field, fieldToken, 'GET', `/api/member/get_member/${main.id}`)).data;
        await apiCall(field, fieldToken, 'POST', '/api/member/post_member', {
          ...onField,
          member_address: FIELD_ADDRESS,
        });
        const idNumber = onField.member_idNumber;
        const found = await apiCall(
          central,
          centralToken,
          'GET',
          `/api/member/get.member_list?filter_idNumber=${encodeURIComponent(idNumber)}`,
        );
        assert.equal(found.total, 1, JSON.stringify(found.data));
        const centralId = found.data[0].member_id;
        const onCentral = (await apiCall(central, centralToken, 'GET', `/api/member/get_member/${centralId}`)).data;
        await apiCall(central, centralToken, 'POST', '/api/member/post_member', {
          ...onCentral,
          member_address: CENTRAL_ADDRESS,
        });
        await page.getByRole('link', { name: 'Synchronisation', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/synchronization');
        await page.getByRole('button', { name: SEND }).click();
        await current
          .getByText('Envoi terminé : 1 adhérent(s) envoyé(s)', { exact: false })
          .waitFor({ timeout: 30_000 });
        await current.getByText('Terminée', { exact: true }).waitFor();
        assert.equal(await describedValue(current, 'Envoyés'), '1');
        assert.equal(await describedValue(current, 'Conflits'), '1');

        // The run's detail in the journal: both versions side by side, the central server's kept.
        await page.getByRole('link', { name: 'Voir tout le journal' }).click();
        await see(page, '2 synchronisations');
        const newest = journal.locator('.ant-table-row').first();
        assert.match(await newest.textContent(), /Terminée/);
        await newest.getByRole('button', { name: /^Détail de la synchronisation n° \d+$/ }).click();
        await drawer.getByText(/^Synchronisation n° \d+$/).waitFor();
        assert.equal(await describedValue(drawer, 'Conflits'), '1');
        await drawer.getByText('1 conflit', { exact: true }).waitFor();
        const conflict = drawer.getByTestId('sync-conflict');
        await conflict.waitFor();
        assert.equal(await conflict.count(), 1);
        await conflict.getByText(`${FAMILY} Akissi`, { exact: false }).waitFor();
        await conflict.getByText(`N° d'adhérent : ${idNumber}`, { exact: true }).waitFor();
        const headers = await conflict.locator('thead th').allTextContents();
        assert.deepEqual(headers, ['Champ', 'Version gardée', 'Version écartée']);
        const addressRow = conflict.locator('.ant-table-row', { has: page.getByText('Adresse', { exact: true }) });
        const cells = addressRow.locator('td');
        assert.equal(await cells.nth(1).textContent(), CENTRAL_ADDRESS, 'the central server’s version is kept');
        assert.equal(await cells.nth(2).textContent(), FIELD_ADDRESS, 'the laptop’s version is dropped');
        // The differing values are highlighted; who changed each version, and when (jj/mm/aaaa hh:mm).
        assert.equal(await cells.nth(1).locator('mark').count(), 1);
        assert.equal(await cells.nth(2).locator('mark').count(), 1);
        const changedBy = conflict.locator('.ant-table-row', { has: page.getByText('Modifié par', { exact: true }) });
        assert.deepEqual(await changedBy.locator('td').allTextContents(), [
          'Modifié par',
          central.admin.login,
          field.admin.login,
        ]);
        const changedAt = conflict.locator('.ant-table-row', { has: page.getByText('Modifié le', { exact: true }) });
        for (const when of (await changedAt.locator('td').allTextContents()).slice(1))
          assert.match(when, /^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
        await expectNoAxeViolations(page, 'détail d’une synchronisation (conflit)');
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });

        // The central no longer knows the laptop's token: the next run fails, saying why.
        await apiCall(central, centralToken, 'DELETE', `/api/user/delete_user-sync_token/${syncLoginId}`);
        await page.getByRole('link', { name: 'Synchronisation', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/synchronization');
        await page.getByRole('button', { name: SEND }).click();
        await current.getByText('Échouée', { exact: true }).waitFor({ timeout: 30_000 });
        await current.getByText('Le serveur central refuse ce poste', { exact: false }).waitFor();
        await expectNoAxeViolations(page, 'synchronisation (échouée)');

        // The journal: both runs, newest first; filtered on the state, the failed one alone.
        await page.getByRole('link', { name: 'Voir tout le journal' }).click();
        await see(page, '3 synchronisations');
        const rows = journal.locator('.ant-table-row');
        await rows.nth(1).waitFor();
        assert.match(await rows.nth(0).textContent(), /Échouée/);
        assert.match(await rows.nth(1).textContent(), /Terminée/);
        await page.getByLabel('État').click();
        await page.locator('.ant-select-dropdown:visible').getByTitle('Échouée', { exact: true }).click();
        await see(page, '1 synchronisation');
        assert.equal(await rows.count(), 1);
        assert.match(await rows.nth(0).textContent(), /Le serveur central refuse ce poste/);
        await page.getByLabel('Type').click();
        await page.locator('.ant-select-dropdown:visible').getByTitle('Réception', { exact: true }).click();
        await see(page, 'Aucune synchronisation pour le moment.');
        await expectNoAxeViolations(page, 'journal de synchronisation (filtré)');
        // The address keeps the filters: a reload shows the same choice.
        const address = new URL(page.url());
        assert.equal(address.searchParams.get('state'), 'failed');
        assert.equal(address.searchParams.get('type'), 'from_server');
        await page.reload();
        await see(page, 'Aucune synchronisation pour le moment.');
        await page
          .getByLabel('Type')
          .locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')
          .getByText('Réception')
          .waitFor();
      }),
  );

  test(
    'a run still going on is read every second and can be stopped; a refused start says why',
    {
      timeout: TIMEOUT,
    },
    () =>
      inBrowser('sync-running', async (page) => {
        // The real runs end at once: this one is made up, running until it is asked to stop.
        const uuid = 'e2e-run-0001';
        const startedAt = new Date().toISOString();
        let state = 'running';
        let stopAsked = null;
        const polls = [];
        const entry = () => ({
          synchronizationJournal_id: 99,
          synchronizationJournal_uuid: uuid,
          synchronizationJournal_type: 'from_server',
          synchronizationJournal_state: state,
          synchronizationJournal_message:
            state === 'running' ? 'Connexion au serveur central…' : 'Arrêtée à la demande de admin.',
          synchronizationJournal_user: 'admin',
          synchronizationJournal_startedAt: startedAt,
          synchronizationJournal_stoppedAt: state === 'running' ? null : new Date().toISOString(),
          // The counts so far, growing at each read while it runs.
          synchronizationJournal_sent: 0,
          synchronizationJournal_received: 100 * Math.min(polls.length, 9),
          synchronizationJournal_conflicts: 0,
        });
        let refuse = false;
        await page.route('**/api/synchronization/get_synchronization_start/*', (route) =>
          refuse
            ? route.fulfill({
                status: 409,
                json: { status: 'error', message: 'Une synchronisation est déjà en cours sur ce poste.' },
              })
            : route.fulfill({ json: { status: 'ok', data: entry() } }),
        );
        await page.route(`**/api/synchronization/get.synchronization/${uuid}`, (route) => {
          polls.push(Date.now());
          return route.fulfill({ json: { status: 'ok', data: entry() } });
        });
        await page.route('**/api/synchronization/get_synchronization_stop', (route) => {
          stopAsked = route.request().postDataJSON();
          state = 'stopped';
          return route.fulfill({ json: { status: 'ok', data: entry() } });
        });

        await signIn(page, field.baseUrl, field.admin.login, field.admin.password);
        await page.goto(`${field.baseUrl}/synchronization`);
        await page.getByRole('button', { name: RECEIVE }).click();
        const current = page.getByTestId('sync-current');
        await current.getByText('En cours', { exact: true }).waitFor();
        await current.getByText('Connexion au serveur central…', { exact: true }).waitFor();
        await current.getByText('en cours', { exact: true }).waitFor();
        await current.getByText('Réception', { exact: true }).waitFor();
        await see(page, 'Synchronisation en cours');
        // One run at a time: nothing else starts while it runs.
        assert.equal(await page.getByRole('button', { name: SEND }).isDisabled(), true);
        assert.equal(await page.getByRole('button', { name: RECEIVE }).isDisabled(), true);
        await expectNoAxeViolations(page, 'synchronisation (en cours)');

        // Read again every second, its counts so far shown as they grow.
        const received = current.getByTestId('sync-count-received');
        await received.filter({ hasText: /^[1-9]00$/ }).waitFor();
        const before = Number(await received.textContent());
        await received.filter({ hasText: new RegExp(`^(?!${before}$)[1-9]00$`) }).waitFor();
        assert.ok(Number(await received.textContent()) > before, 'the count received grows while it runs');
        while (polls.length < 6) await page.waitForTimeout(200);
        // Never more often than every second; later at times on a loaded machine (a read waits for the
        // browser and the test's own answer), so the typical gap is what is held to a second.
        const gaps = polls.slice(1).map((at, i) => at - polls[i]);
        const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
        assert.ok(gaps.every((gap) => gap >= 700) && median <= 2000, `read every second: ${gaps.join(', ')} ms`);

        await current.getByRole('button', { name: 'Arrêter' }).click();
        await current.getByText('Arrêtée', { exact: true }).waitFor();
        assert.deepEqual(stopAsked, { uuid });
        await current.getByText('Arrêtée à la demande de admin.', { exact: true }).waitFor();
        assert.equal(await current.getByRole('button', { name: 'Arrêter' }).count(), 0);
        await see(page, 'Dernière synchronisation lancée');
        // Ended: no more reads, and a run may start again.
        const readsOnceStopped = polls.length;
        await page.waitForTimeout(2500);
        assert.ok(polls.length <= readsOnceStopped + 1, `${polls.length - readsOnceStopped} reads after the stop`);
        const send = page.getByRole('button', { name: SEND });
        assert.equal(await send.isEnabled(), true);

        // The server refuses the start (409): its French reason in the shared red notice.
        refuse = true;
        await send.click();
        await page
          .locator('.ant-notification-notice-error')
          .filter({ hasText: 'Une synchronisation est déjà en cours sur ce poste.' })
          .waitFor();
        await current.getByText('Arrêtée', { exact: true }).waitFor();
      }),
  );

  test('on the central server: nothing to start, and the server refuses a start', { timeout: TIMEOUT }, () =>
    inBrowser('sync-central', async (page) => {
      await signIn(page, central.baseUrl, central.admin.login, central.admin.password);
      await page.goto(`${central.baseUrl}/synchronization`);
      await seeTitle(page, 'Synchronisation | Sésame');
      await see(page, 'Serveur central');
      await see(page, 'Cette instance est le serveur central', { exact: false });
      await see(page, 'la synchronisation se lance depuis un poste de terrain', { exact: false });
      assert.equal(await page.getByRole('button', { name: SEND }).isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: RECEIVE }).isDisabled(), true);
      await expectNoAxeViolations(page, 'synchronisation (serveur central)');

      // Were it asked anyway, the central refuses, in French.
      const response = await fetch(`${central.baseUrl}/api/synchronization/get_synchronization_start/to_server`, {
        headers: { Authorization: `Bearer ${centralToken}` },
      });
      assert.equal(response.status, 409);
      assert.match((await response.json()).message, /[a-zà-ÿ]/i);
    }),
  );

  test(
    'an agent synchronises the laptop from its screens, but neither opens the users screen nor changes the geography',
    { timeout: TIMEOUT },
    () =>
      inBrowser('sync-agent', async (page) => {
        await signIn(page, field.baseUrl, AGENT.login, AGENT.password);
        await page.getByRole('link', { name: 'Synchronisation', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/synchronization');
        await page.getByRole('button', { name: RECEIVE }).click();
        const current = page.getByTestId('sync-current');
        // It ends (failed here: the first test revoked the laptop's token), and the journal names the agent.
        await current.getByText(/^(Terminée|Échouée)$/).waitFor({ timeout: 30_000 });
        await current.getByText('Réception', { exact: true }).waitFor();
        await page.getByRole('link', { name: 'Voir tout le journal' }).click();
        await page.waitForURL((url) => url.pathname === '/synchronization/journal');
        await rowOf(page.locator('.ant-table'), 'Réception').getByText(AGENT.login, { exact: true }).first().waitFor();
        await page.goto(`${field.baseUrl}/user_list`);
        await see(page, 'Accès refusé');

        // The laptop's geography is the central server's: its buttons say so, and stay disabled.
        await page.goto(`${field.baseUrl}/regions`);
        const add = page.getByRole('button', { name: 'Nouvelle région' });
        await add.waitFor();
        await page.waitForFunction(() => document.querySelector('.permitted-denied button[disabled]') !== null, null, {
          timeout: 10_000,
        });
        assert.equal(await add.isDisabled(), true);
        await page.locator('.permitted-denied').first().hover();
        await see(page, 'Sur un poste de terrain, la géographie vient du serveur central', { exact: false });
      }),
  );
});

// The field laptops as the central server knows them. A pair of its own: the first one's laptop has its
// token revoked by the end of its tests, so it could not send again.
describe('the field laptops on the central server', { timeout: 10 * 60_000 }, () => {
  const SYNC_LOGIN = 'poste-korhogo-1';
  const CENTRAL_AGENT = { login: 'agent.central', password: 'agent-central-2026' };
  let central;
  let field;
  let fieldToken;
  let stop;

  before(async () => {
    let centralToken;
    ({ central, centralToken, field, fieldToken, stop } = await startPair({ syncLogin: SYNC_LOGIN, agent: AGENT }));
    await apiCall(central, centralToken, 'POST', '/api/user/post_user', {
      login_name: CENTRAL_AGENT.login,
      login_password: CENTRAL_AGENT.password,
      login_role: 'agent',
    });
  });
  after(async () => {
    await stop?.();
  });

  test(
    'an administrator accepts a laptop again: its next send brings back everything made on it',
    { timeout: TIMEOUT },
    () =>
      inBrowser('sync-peers', async (page) => {
        // The laptop presents itself to the central server as it sends.
        await apiCall(field, fieldToken, 'POST', '/api/member/post_member', {
          member_firstname: 'Adama',
          member_lastname: 'Ouattara',
        });
        const first = await sendByApi(field, fieldToken);
        assert.equal(first.synchronizationJournal_state, 'done', JSON.stringify(first));

        await signIn(page, central.baseUrl, central.admin.login, central.admin.password);
        await page.goto(`${central.baseUrl}/synchronization`);
        await seeTitle(page, 'Synchronisation | Sésame');
        const peers = page.getByRole('region', { name: 'Postes de terrain' });
        await peers.getByText('ne réinstallez pas ce poste : acceptez-le de nouveau ici', { exact: false }).waitFor();
        const row = rowOf(peers, SYNC_LOGIN);
        await row.getByText('À jour', { exact: true }).waitFor();
        assert.match(await row.textContent(), /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
        assert.equal(await peers.locator('.ant-table-row').count(), 1);
        await see(page, '1 poste de terrain');
        const headers = await peers.locator('thead th').allTextContents();
        for (const header of ['Compte de synchronisation', "Identifiant d'instance", 'Première présentation'])
          assert.ok(headers.includes(header), headers.join(' | '));
        for (const when of await row.locator('td').allTextContents())
          if (/\d\d\/\d\d\/\d{4}/.test(when)) assert.match(when, /^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
        await expectNoAxeViolations(page, 'synchronisation (postes de terrain)');

        // Sorted by the server, on the column clicked.
        const sorted = page.waitForResponse(
          (response) =>
            response.url().includes('get.synchronization_peer_list') &&
            new URL(response.url()).searchParams.get('_orderBy') === 'login_name',
        );
        await peers.locator('thead th').filter({ hasText: 'Compte de synchronisation' }).click();
        await sorted;
        await row.getByText('À jour', { exact: true }).waitFor();

        // Accepted again, after a confirmation that says what it does.
        await row.getByRole('button', { name: `Accepter de nouveau le poste ${SYNC_LOGIN}` }).click();
        const confirm = page.locator('.ant-popconfirm:visible');
        await confirm.getByText(`Accepter de nouveau le poste ${SYNC_LOGIN} ?`, { exact: true }).waitFor();
        await confirm.getByText('renverra tout ce qui a été fait sur lui', { exact: false }).waitFor();
        await animationsEnded(page);
        await confirm.getByRole('button', { name: 'Accepter de nouveau', exact: true }).click();
        await page
          .locator('.ant-message-notice')
          .filter({ hasText: `Poste ${SYNC_LOGIN} accepté de nouveau` })
          .waitFor();
        await row.getByText('Accepté de nouveau : attend son envoi', { exact: true }).waitFor();
        // Nothing more to do until the laptop sends: the action waits, saying why.
        const waiting = row.getByRole('button', { name: `Accepter de nouveau le poste ${SYNC_LOGIN}` });
        assert.ok(await waiting.isDisabled(), 'the action waits for the laptop');
        await expectNoAxeViolations(page, 'synchronisation (poste accepté de nouveau)');

        // Its next send is accepted and sends everything made on it, saying why.
        const again = await sendByApi(field, fieldToken);
        assert.equal(again.synchronizationJournal_state, 'done', JSON.stringify(again));
        assert.match(again.synchronizationJournal_message, /^Le serveur central avait été restauré d'une sauvegarde/);
        await page.reload();
        await rowOf(peers, SYNC_LOGIN)
          .getByText('Renvoie tout ce qui a été fait sur le poste', { exact: true })
          .waitFor();

        // The send after it is an ordinary one: the laptop is up to date again.
        const ordinary = await sendByApi(field, fieldToken);
        assert.equal(ordinary.synchronizationJournal_state, 'done', JSON.stringify(ordinary));
        assert.doesNotMatch(ordinary.synchronizationJournal_message, /restauré d'une sauvegarde/);
        await page.reload();
        await rowOf(peers, SYNC_LOGIN).getByText('À jour', { exact: true }).waitFor();
      }),
  );

  test('an agent of the central server sees the laptops but may not accept one again', { timeout: TIMEOUT }, () =>
    inBrowser('sync-peers-agent', async (page) => {
      await signIn(page, central.baseUrl, CENTRAL_AGENT.login, CENTRAL_AGENT.password);
      await page.goto(`${central.baseUrl}/synchronization`);
      const peers = page.getByRole('region', { name: 'Postes de terrain' });
      await rowOf(peers, SYNC_LOGIN).getByText('À jour', { exact: true }).waitFor();
      assert.equal(await peers.getByRole('button', { name: /Accepter de nouveau/ }).count(), 0);
      const headers = await peers.locator('thead th').allTextContents();
      assert.ok(!headers.includes('Actions'), headers.join(' | '));
    }),
  );
});
