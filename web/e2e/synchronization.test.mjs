// The synchronisation as a field laptop's user sees it, in Chromium, against two real suites: a central
// server, and a field laptop that signs in to it with the token of a sync login made on the central.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiSignIn } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, rowOf, see, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const TIMEOUT = 180_000;
const AGENT = { login: 'agent.kone', password: 'agent-pass-2026' };
const SEND = 'Envoyer au serveur central';
const RECEIVE = 'Recevoir du serveur central';

describe('synchronisation', { timeout: 10 * 60_000 }, () => {
  let central;
  let field;
  let centralToken;
  let syncLoginId;

  before(async () => {
    central = await startSuite();
    centralToken = await apiSignIn(central);
    // The field laptop's account on the central: a sync login, whose token the laptop is given.
    const made = await apiCall(central, centralToken, 'POST', '/api/user/post_user', {
      login_name: 'poste-korhogo-1',
      login_role: 'sync',
    });
    assert.match(made.login_syncToken ?? '', /\S/, 'a sync login is answered its token');
    syncLoginId = made.id;
    field = await startSuite({
      env: { RUNNING_ENV: 'field', SYNC_CENTRAL_URL: central.baseUrl, SYNC_TOKEN: made.login_syncToken },
    });
    const fieldToken = await apiSignIn(field);
    await apiCall(field, fieldToken, 'POST', '/api/user/post_user', {
      login_name: AGENT.login,
      login_password: AGENT.password,
      login_role: 'agent',
    });
  });
  after(async () => {
    await field?.stop();
    await central?.stop();
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

        // The browser's network state, followed live.
        await page.context().setOffline(true);
        await see(page, 'Hors ligne');
        await page.context().setOffline(false);
        await see(page, 'En ligne');

        // A run: it answers at once, and its entry is read until it ends.
        await send.click();
        const current = page.getByTestId('sync-current');
        await current.getByText('Terminée', { exact: true }).waitFor({ timeout: 30_000 });
        await current.getByText('Envoi terminé', { exact: false }).waitFor();
        assert.equal(await current.getByRole('button', { name: 'Arrêter' }).count(), 0, 'no stop once ended');
        await current.getByText('Envoi', { exact: true }).waitFor();
        // The last runs list it too.
        const recent = page.locator('.ant-table');
        await rowOf(recent, 'Envoi').getByText('Terminée', { exact: true }).waitFor();
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
        await expectNoAxeViolations(page, 'journal de synchronisation');

        // Its detail, the message in full.
        await first.getByRole('button', { name: /^Détail de la synchronisation n° \d+$/ }).click();
        const drawer = page.getByRole('dialog');
        await drawer.getByText(/^Synchronisation n° \d+$/).waitFor();
        const message = await drawer.getByTestId('sync-message').textContent();
        assert.match(message, /^Envoi terminé : 0 adhérent\(s\) envoyé\(s\)/);
        assert.match(message, /compte poste-korhogo-1 du serveur central/);
        await expectNoAxeViolations(page, 'détail d’une synchronisation');
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
        await see(page, '2 synchronisations');
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

        // Read again every second.
        while (polls.length < 4) await page.waitForTimeout(200);
        const gaps = polls.slice(1).map((at, i) => at - polls[i]);
        assert.ok(
          gaps.every((gap) => gap >= 700 && gap <= 2500),
          `read every second: ${gaps.join(', ')} ms`,
        );

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

  test('an agent does not see the synchronisation screens', { timeout: TIMEOUT }, () =>
    inBrowser('sync-agent', async (page) => {
      await signIn(page, field.baseUrl, AGENT.login, AGENT.password);
      await page.getByRole('link', { name: 'Adhérents', exact: true }).first().waitFor();
      assert.equal(await page.getByRole('link', { name: 'Synchronisation', exact: true }).count(), 0);
      assert.equal(await page.getByRole('link', { name: 'Journal de synchronisation', exact: true }).count(), 0);
      await page.goto(`${field.baseUrl}/synchronization`);
      await see(page, 'Accès refusé');
      assert.equal(await page.getByRole('button', { name: SEND }).count(), 0);
    }),
  );
});
