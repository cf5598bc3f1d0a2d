// People are found as they are named: on /members, the words of a search match first names, last names,
// member number and phone in any order, accents and case ignored, answered by the server. In Chromium,
// against the real product.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiSignIn } from './api.mjs';
import { inBrowser, see, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

describe('member search', { timeout: 5 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
    const token = await apiSignIn(suite);
    for (const [firstname, lastname, contact] of [
      ['Serge', 'Kouamé', '0708091011'],
      ['Serge', 'Koffi', '0102030405'],
      ['Awa', 'Kouamé', '0504030201'],
    ]) {
      await apiCall(suite, token, 'POST', '/api/member/post_member', {
        member_firstname: firstname,
        member_lastname: lastname,
        member_contact: contact,
      });
    }
  });
  after(async () => {
    await suite?.stop();
  });

  test('two words in any order, accents and case aside, and a phone number', { timeout: 120_000 }, () =>
    inBrowser('member-search', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Adhérents', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/members');
      await see(page, '3 adhérents');
      const search = page.getByPlaceholder('Rechercher : nom, numéro, contact');
      const table = page.locator('.ant-table');
      for (const query of ['serge kouame', 'kouame serge', 'KOUAMÉ Serge', '0708091011']) {
        await search.fill(query);
        await search.press('Enter');
        await see(page, '1 adhérent');
        await table.getByText('Serge', { exact: true }).waitFor();
        await table.getByText('Kouamé', { exact: true }).waitFor();
        assert.equal(await table.getByText('Koffi', { exact: true }).count(), 0, query);
        assert.equal(await table.getByText('Awa', { exact: true }).count(), 0, query);
      }
      // One word still finds everyone who bears it.
      await search.fill('kouame');
      await search.press('Enter');
      await see(page, '2 adhérents');
    }),
  );
});
