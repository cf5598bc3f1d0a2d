// The lists of the cards screen at the widths of the office's screens, in Chromium, against the real
// product, with a few payments and cards made through the API: at 1,440 pixels the payments show every
// column and the words « Modifier » and « Supprimer » whole; at 1,280 pixels the payments and the cards fit
// (the columns left out wait in « Colonnes »). A heading fits when its text is not cut short, it lies
// within the table's visible box, and nothing covers it (a column fixed on the right, the window's edge).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiPaidMember, apiSignIn, waitFor } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, rowOf, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const TIMEOUT = 180_000;
/** The payment a card has not used: it can be changed or deleted. */
const FREE = 'ORANGE-MONEY-2026-0000451';

/**
 * Every heading of `table` whose text does not show whole: cut short (« … »), outside the table's visible
 * box or the window, or covered by another element (a fixed column).
 */
async function cutHeadings(table) {
  return table.evaluate((element) => {
    const visible = element.querySelector('.ant-table-container').getBoundingClientRect();
    const inside = (box, frame) =>
      box.left >= frame.left - 0.5 &&
      box.right <= frame.right + 0.5 &&
      box.top >= frame.top - 0.5 &&
      box.bottom <= frame.bottom + 0.5;
    const window_ = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const cut = [];
    for (const cell of element.querySelectorAll('.ant-table-thead th')) {
      const title = cell.querySelector('.ant-table-column-title') ?? cell;
      const text = title.textContent.trim();
      if (text === '') continue; // the selection's column: a checkbox, checked by its name elsewhere
      const range = document.createRange();
      range.selectNodeContents(title);
      const box = range.getBoundingClientRect();
      const reasons = [];
      if (title.scrollWidth > title.clientWidth)
        reasons.push(`cut short (${title.scrollWidth} > ${title.clientWidth})`);
      if (!inside(box, visible))
        reasons.push(`outside the table (${box.left}–${box.right} in ${visible.left}–${visible.right})`);
      if (!inside(box, window_)) reasons.push('outside the window');
      const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!cell.contains(onTop)) reasons.push(`covered by ${onTop?.className}`);
      if (reasons.length > 0) cut.push(`${text}: ${reasons.join(', ')}`);
    }
    return cut;
  });
}

/** The headings `table` shows, in order. */
async function headings(table) {
  return (await table.locator('.ant-table-thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** Whether `button` shows whole: within its cell and the window, and on top at its centre. */
async function shownWhole(button) {
  return button.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const cell = element.closest('.ant-table-cell').getBoundingClientRect();
    const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return (
      box.left >= cell.left - 0.5 &&
      box.right <= cell.right + 0.5 &&
      box.left >= 0 &&
      box.right <= window.innerWidth &&
      box.bottom <= window.innerHeight &&
      element.contains(onTop) &&
      element.scrollWidth <= element.clientWidth
    );
  });
}

describe('the cards screen at the widths of the office', { timeout: 10 * 60_000 }, () => {
  let suite;
  let cardNumber;
  before(async () => {
    suite = await startSuite();
    const token = await apiSignIn(suite);
    // A member with a long name whose payment made a card, and one whose payment is still free.
    const carded = await apiPaidMember(suite, token, 'Marie-Françoise Adjoua', 'Kouadio-Ouattara', 'WAVE-2026-0000450');
    await apiPaidMember(suite, token, 'Aminata', 'Diabaté-Coulibaly', FREE);
    await waitFor(async () =>
      (await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list')).data.some(
        (candidate) => candidate.member_id === carded,
      ),
    );
    const made = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', { member_ids: [carded] });
    const card = await apiCall(suite, token, 'GET', `/api/card/get_card/${made.data.card_ids[0]}`);
    cardNumber = card.data.card_idNumber;
  });
  after(async () => {
    await suite?.stop();
  });

  /** Opens a tab of /cards at `width` pixels; answers its table once its rows are drawn. */
  async function openTab(page, width, tab, rowText) {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
    await page.goto(`${suite.baseUrl}/cards?tab=${tab}`);
    const table = page.locator('.ant-table').first();
    await rowOf(table, rowText).waitFor();
    // The column widths follow the table's measured width: let them settle.
    await page.waitForFunction(() => document.querySelector('.ant-table-placeholder') === null);
    await page.evaluate(
      () => new Promise((done) => window.requestAnimationFrame(() => window.requestAnimationFrame(done))),
    );
    return table;
  }

  test('at 1,440 pixels the payments show every column and their actions whole', { timeout: TIMEOUT }, () =>
    inBrowser('widths-payments-1440', async (page) => {
      const table = await openTab(page, 1440, 'payments', FREE);
      assert.deepEqual(await headings(table), [
        'Date',
        'Montant',
        'Opérateur',
        'N° de transaction',
        'Adhérent',
        'Type',
        'État',
        'Actions',
      ]);
      assert.deepEqual(await cutHeadings(table), []);
      // Nothing to scroll sideways.
      const body = table.locator('.ant-table-tbody-virtual-holder, .ant-table-body').first();
      assert.equal(await body.evaluate((element) => element.scrollWidth <= element.clientWidth + 1), true);
      const row = rowOf(table, FREE);
      for (const name of [`Modifier ${FREE}`, `Supprimer ${FREE}`]) {
        const button = row.getByRole('button', { name });
        await button.waitFor();
        assert.equal(await shownWhole(button), true, `${name} is cut`);
      }
      await row.getByText('Supprimer', { exact: true }).waitFor();
      // The type and the state, and a long name cut short with its whole in the tooltip.
      await rowOf(table, 'WAVE-2026-0000450').getByText('Utilisée pour une carte', { exact: true }).waitFor();
      await row.getByText('Carte de membre', { exact: true }).waitFor();
      const member = row.getByTitle(/^Aminata Diabaté-Coulibaly \(C\d+\)$/);
      await member.waitFor();
      await expectNoAxeViolations(page, 'paiements à 1 440 pixels');
    }),
  );

  test('at 1,280 pixels the payments fit; the type and the operator wait in « Colonnes »', { timeout: TIMEOUT }, () =>
    inBrowser('widths-payments-1280', async (page) => {
      const table = await openTab(page, 1280, 'payments', FREE);
      assert.deepEqual(await cutHeadings(table), []);
      assert.deepEqual(await headings(table), ['Date', 'Montant', 'N° de transaction', 'Adhérent', 'État', 'Actions']);
      const button = rowOf(table, FREE).getByRole('button', { name: `Supprimer ${FREE}` });
      assert.equal(await shownWhole(button), true, '« Supprimer » is cut');

      // « Colonnes »: the type ticked shows; the list then scrolls sideways, its actions kept on the right.
      await page.getByRole('button', { name: 'Colonnes' }).click();
      const type = page.getByRole('checkbox', { name: 'Type' });
      await type.waitFor();
      assert.equal(await type.isChecked(), false);
      await expectNoAxeViolations(page, 'colonnes des paiements');
      await type.check();
      await table.locator('.ant-table-thead').getByText('Type', { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      assert.equal(await shownWhole(button), true, '« Supprimer » is cut once the type shows');
    }),
  );

  test('at 1,280 pixels the cards fit, every heading whole', { timeout: TIMEOUT }, () =>
    inBrowser('widths-cards-1280', async (page) => {
      const table = await openTab(page, 1280, 'cards', cardNumber);
      assert.deepEqual(await cutHeadings(table), []);
      assert.deepEqual(await headings(table), [
        'N° de carte',
        "N° d'adhérent",
        'Nom',
        'Prénoms',
        'État',
        "Date d'expiration",
      ]);
      await expectNoAxeViolations(page, 'cartes à 1 280 pixels');
    }),
  );

  test('at 1,440 pixels the cards show every column', { timeout: TIMEOUT }, () =>
    inBrowser('widths-cards-1440', async (page) => {
      const table = await openTab(page, 1440, 'cards', cardNumber);
      assert.deepEqual(await cutHeadings(table), []);
      assert.equal((await headings(table)).includes('Imprimée le'), true);
    }),
  );
});
