// Debian's Chromium driven by playwright-core (no browser download), one fresh profile per test, and
// the few gestures every test repeats.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RESULTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'test-results');

/**
 * Opens a fresh browser profile, runs `body(page)`, and closes it. On failure a screenshot of the page is
 * saved in web/test-results/ before the error goes on to the test runner.
 * @param {string} name
 * @param {(page: import('playwright-core').Page) => Promise<void>} body
 */
export async function inBrowser(name, body) {
  const profile = await mkdtemp(join(tmpdir(), 'sesame-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: EXECUTABLE,
    headless: true,
    args: ARGS,
    locale: 'fr-FR',
    viewport: { width: 1366, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await body(page);
  } catch (error) {
    await mkdir(RESULTS, { recursive: true });
    const file = join(RESULTS, `${name.replace(/[^\w-]+/g, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    error.message += `\n(screenshot: ${file}; page: ${page.url()})`;
    throw error;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** Waits until `text` is visible on the page (exact by default). */
export async function see(page, text, { exact = true } = {}) {
  await page.getByText(text, { exact }).first().waitFor({ state: 'visible' });
}

/** Fills the sign-in form of the page currently showing /login and submits it. */
export async function submitSignIn(page, login, password) {
  await page.getByLabel('Identifiant').fill(login);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Opens /login and signs in; resolves once the landing page greets the user. */
export async function signIn(page, baseUrl, login, password) {
  await page.goto(`${baseUrl}/login`);
  await submitSignIn(page, login, password);
  await see(page, `Bonjour ${login}`);
}

/** The path (and query) the page shows, to compare with what a user sees in the address bar. */
export function pathOf(page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Waits until the document title (the browser tab's name) is `title`. */
export async function seeTitle(page, title) {
  await page
    .waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 })
    .catch(async () => {
      throw new Error(`The title is "${await page.title()}", not "${title}"`);
    });
}

/** The row of a table (in `scope`) that shows `text` in one of its cells. */
export function rowOf(scope, text) {
  return scope.locator('.ant-table-row', { has: scope.page().getByText(text, { exact: true }) });
}

/** Scrolls the page's table to its last row, with the mouse wheel as a user does. */
export async function scrollToBottom(page) {
  await page.locator('.ant-table-body, .ant-table-tbody-virtual').first().hover();
  await page.mouse.wheel(0, 1_000_000);
}
