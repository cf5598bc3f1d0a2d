// Debian's Chromium driven by playwright-core (no browser download), one fresh profile per test, and
// the few gestures every test repeats.
import assert from 'node:assert/strict';
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
    // As a user who asked the system for less motion: the screens then open dialogs and show notices
    // without antd's animations, so that no click lands on a dialog still zooming in and no check reads
    // a notice half-faded (both were seen on busy machines).
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await body(page);
    // A route handler still reading the server's answer when the browser closes would fail after the test
    // (« Response has been disposed »): every handler is let finish first.
    await page.unrouteAll({ behavior: 'wait' });
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

/**
 * Waits until `dialog` is shown and antd's opening zoom is over, as a person waits before clicking: a click
 * during the zoom (a few frames on a busy machine) was seen to land on what is behind the dialog.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} dialog
 */
export async function dialogOpened(page, dialog) {
  await dialog.waitFor();
  await page.waitForFunction(() => document.querySelector('.ant-zoom-appear, .ant-zoom-enter') === null);
}

/** Answers « Abandonner » to « Abandonner les modifications ? » once the question has opened, and waits
 *  until it has gone: a click while the question still zooms in can be lost. */
export async function discardChanges(page) {
  const question = page.getByRole('dialog', { name: 'Abandonner les modifications ?' });
  await dialogOpened(page, question);
  await question.getByRole('button', { name: 'Abandonner' }).click();
  await question.waitFor({ state: 'hidden' });
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

/** Waits until the page's finite animations (a dialog opening, a notice sliding in) have ended; spinners,
 *  which never do, are not waited for. */
export async function animationsEnded(page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Waits until the screen is drawn as a user would read it: nothing loading (no spinner, no skeleton), the
 *  images in view loaded, its animations ended. */
export async function screenSettled(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .boot-spinner') === null &&
      [...document.images].every((image) => image.complete || image.getBoundingClientRect().top >= window.innerHeight),
  );
  await animationsEnded(page);
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

/**
 * Scrolls the page's table down until a row showing `text` (a string, or a pattern) is drawn: the first
 * scroll asks for the next page, whose rows lie below the view once they come (only the rows in view are
 * drawn). Resolves to the text of the first such row.
 */
export async function scrollToSee(page, text) {
  const row = page.locator('.ant-table').first().getByText(text, { exact: true }).first();
  for (let tries = 0; tries < 30 && !(await row.isVisible()); tries++) {
    await scrollToBottom(page);
    await page.waitForTimeout(100);
  }
  await row.waitFor();
  return row.textContent();
}

/**
 * Answers the list calls of `pathname` (`/api/...`) with made-up pages, as making 2,000 rows by REST would
 * take minutes (and a made-up id means nothing to the server): the first page is the 2,000 rows
 * `madeUp(0)`..`madeUp(1999)`, "Ligne 1" first in `nameField`; a page asked for after a row or past rows is
 * one row whose `nameField` is "Suite <n>", n the call's number. Each answer's total is 2,000 and the
 * call's number, so that the screen shows which answer it is at; `extra` goes into every answer (the rest
 * is the shape of the server's first answer). Resolves to the query of each call, in order.
 */
export async function answerMadeUpPages(page, pathname, { madeUp, nameField, extra = {} }) {
  const asked = [];
  let shape;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const query = new URL(route.request().url()).searchParams;
      asked.push(query);
      shape ??= await (await route.fetch()).json();
      const data =
        query.has('after') || query.has('_offset')
          ? [{ ...madeUp(2000), [nameField]: `Suite ${asked.length}` }]
          : Array.from({ length: 2000 }, (_, i) => ({ ...madeUp(i), [nameField]: `Ligne ${i + 1}` }));
      return route.fulfill({ json: { ...shape, data, total: 2000 + asked.length, ...extra } });
    },
  );
  return asked;
}

/**
 * Checks a list answered by made-up pages (answerMadeUpPages), open on its first page: it was asked for
 * from the start, 2,000 rows sorted by `orderBy`, and no pages to click; scrolled down, the rows after the
 * last one (`lastId`) are asked for. A click on the column `header` sorts by `sortedBy` and starts again
 * from the first page; scrolled down, the rows after the last one are asked for again, or those past the
 * 2,000 loaded when the server does not page that sort by keyset (`offset`).
 */
export async function checkKeysetPages(page, asked, { orderBy, lastId, header, sortedBy, offset = false }) {
  const table = page.locator('.ant-table').first();
  await table.getByText('Ligne 1', { exact: true }).waitFor();
  assert.equal(asked.length, 1);
  assert.equal(asked[0].get('_limit'), '2000');
  assert.equal(asked[0].get('_orderBy'), orderBy);
  assert.equal(asked[0].has('after') || asked[0].has('_offset'), false);
  assert.equal(await page.locator('.ant-pagination').count(), 0);

  await scrollToSee(page, 'Suite 2');
  assert.equal(asked.length, 2);
  assert.equal(asked[1].get('after'), String(lastId));
  assert.equal(asked[1].has('_offset'), false);
  assert.equal(asked[1].get('_limit'), '2000');
  assert.equal(asked[1].get('_orderBy'), orderBy);

  const sorted = page.waitForResponse((response) => new URL(response.url()).searchParams.get('_orderBy') === sortedBy);
  await table.locator('.ant-table-thead th').filter({ hasText: header }).click();
  await sorted;
  // Still scrolled to the end, the table may ask for the next rows at once: the sort's first page is
  // the third call, the one after it, if any, already the next page.
  assert.ok(asked.length === 3 || asked.length === 4, `${asked.length} calls`);
  assert.equal(asked[2].get('_orderBy'), sortedBy);
  assert.equal(asked[2].has('after') || asked[2].has('_offset'), false);
  // The sort's next rows: a scroll made while the first sorted page was being drawn may have asked for
  // a page the sorted list never shows, so its first next row is the answer of call n, n >= 4, and that
  // call asked for the sorted rows after those loaded.
  const shown = await scrollToSee(page, /^Suite ([4-9]|\d{2,})$/);
  const next = asked[Number(shown.replace('Suite ', '')) - 1];
  assert.equal(next.get('_orderBy'), sortedBy);
  if (offset) {
    assert.equal(next.get('_offset'), '2000');
    assert.equal(next.has('after'), false);
  } else {
    assert.equal(next.get('after'), String(lastId));
    assert.equal(next.has('_offset'), false);
  }
}

/**
 * A button the signed-in role may not use: shown but disabled, and hovering it shows the tooltip naming
 * the roles that may (`reason`). The tooltip listens on the span around the disabled button.
 */
export async function seeDenied(page, button, reason) {
  await button.waitFor();
  assert.equal(await button.isDisabled(), true, `${await button.textContent()} should be disabled`);
  await button.locator('xpath=..').hover();
  const tooltip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').filter({ hasText: reason }).first();
  await tooltip.waitFor();
  await page.mouse.move(0, 0);
  // The tooltip fades out after a short delay: a check made meanwhile (axe's contrast) would see it half drawn.
  await tooltip.waitFor({ state: 'hidden' });
}
