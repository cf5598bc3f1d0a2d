// Signing in and out as a person would, in Chromium, against the real product.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, pathOf, see, seeTitle, signIn, submitSignIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const TIMEOUT = 90_000;

describe('session', { timeout: 10 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('a wrong password shows "Identifiant ou mot de passe incorrect"', { timeout: TIMEOUT }, () =>
    inBrowser('wrong-password', async (page) => {
      await page.goto(`${suite.baseUrl}/login`);
      await seeTitle(page, 'Connexion | Sésame');
      await expectNoAxeViolations(page, 'connexion');
      await submitSignIn(page, suite.admin.login, 'not-the-password');
      await see(page, 'Identifiant ou mot de passe incorrect');
      await expectNoAxeViolations(page, 'connexion refusée');
      assert.equal(pathOf(page), '/login');
      assert.equal(await page.evaluate(() => localStorage.getItem('authorization_token')), null);
    }),
  );

  test('signing in lands on the home page with the user name; a reload keeps the session', { timeout: TIMEOUT }, () =>
    inBrowser('sign-in-and-reload', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      assert.equal(pathOf(page), '/');
      await see(page, 'Administrateur');
      await seeTitle(page, 'Accueil | Sésame');
      await expectNoAxeViolations(page, 'accueil');
      assert.ok(await page.evaluate(() => localStorage.getItem('authorization_token')), 'the token is saved');

      await page.reload();
      await see(page, `Bonjour ${suite.admin.login}`);
      assert.equal(pathOf(page), '/');
      await see(page, 'Se déconnecter');
    }),
  );

  test('a deep link while signed out goes to /login, then back to the screen after sign-in', { timeout: TIMEOUT }, () =>
    inBrowser('deep-link', async (page) => {
      await page.goto(`${suite.baseUrl}/members`);
      await page.waitForURL((url) => url.pathname === '/login');
      await see(page, 'Connexion');
      await submitSignIn(page, suite.admin.login, suite.admin.password);
      await page.waitForURL((url) => url.pathname === '/members');
      await see(page, 'Nouvel adhérent');
      await seeTitle(page, 'Adhérents | Sésame');
    }),
  );

  test('signing out goes to /login, and a reload stays there', { timeout: TIMEOUT }, () =>
    inBrowser('sign-out', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('button', { name: 'Se déconnecter' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await see(page, 'Se connecter');
      assert.equal(await page.evaluate(() => localStorage.getItem('authorization_token')), null);

      await page.reload();
      await see(page, 'Se connecter');
      assert.equal(pathOf(page), '/login');

      // The home page is closed again.
      await page.goto(`${suite.baseUrl}/`);
      await page.waitForURL((url) => url.pathname === '/login');
      await see(page, 'Se connecter');
    }),
  );

  test('about, README and an unknown path', { timeout: TIMEOUT }, () =>
    inBrowser('about-readme-not-found', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);

      await page.getByRole('link', { name: 'À propos' }).click();
      await page.waitForURL((url) => url.pathname === '/about');
      await see(page, '1.0.9');
      await see(page, 'Serveur central (central)');
      await seeTitle(page, 'À propos | Sésame');
      await expectNoAxeViolations(page, 'à propos');

      await page.getByRole('link', { name: 'README' }).click();
      await page.getByRole('heading', { name: "Guide de l'utilisateur", level: 1 }).last().waitFor();
      await see(page, 'Une journée de travail');
      await expectNoAxeViolations(page, 'README');

      await page.goto(`${suite.baseUrl}/no/such/screen`);
      await see(page, 'Page introuvable');
      await expectNoAxeViolations(page, 'page introuvable');
      await page.getByRole('link', { name: "Retour à l'accueil" }).click();
      await see(page, `Bonjour ${suite.admin.login}`);
    }),
  );

  test('a screen whose code cannot be loaded: one reload, then a French message', { timeout: TIMEOUT }, () =>
    inBrowser('load-failure', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      // As after a new version was deployed: the statistics screen's file is gone.
      let attempts = 0;
      await page.route(/\/assets\/StatisticsPage-[^/]*\.js$/, (route) => {
        attempts += 1;
        return route.abort('failed');
      });
      await page.getByRole('link', { name: 'Statistiques', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/metabase_stats');
      await see(
        page,
        "Une nouvelle version de l'application est disponible ou le réseau est coupé : rechargez la page.",
      );
      assert.equal(attempts, 2, 'the page was reloaded once, then gave up');
      await expectNoAxeViolations(page, 'écran qui ne se charge pas');
      await see(page, `${suite.admin.login}`);
    }),
  );
});
