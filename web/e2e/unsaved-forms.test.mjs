// No typed data is lost: a changed form in a modal or a drawer asks « Abandonner les modifications ? » on
// Escape, on a click outside and before the page changes through the menu; and dates are read as people
// type them, a wrong one kept with its message. In Chromium, against the real product.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { animationsEnded, dialogOpened, discardChanges, inBrowser, see, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const QUESTION = 'Abandonner les modifications ?';

describe('unsaved forms', { timeout: 10 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  /** Opens a screen from the menu, then its form. */
  async function openForm(page, menu, path, button, title) {
    await page.getByRole('link', { name: menu, exact: true }).click();
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    return dialog;
  }

  /**
   * Answers the question once its opening animation is over, as a person does: a click during antd's zoom
   * (a few frames on a busy machine) was seen to land on the form's modal behind it, which asked again.
   */
  async function answer(page, question, button) {
    await dialogOpened(page, question);
    await question.getByRole('button', { name: button }).click();
  }

  /**
   * Waits until the question has gone and its closing motion (the dialog's zoom, the mask's fade) is over:
   * a click outside during the mask's fade was seen to land on the question's mask, and nothing asked.
   */
  async function questionClosed(page, question) {
    await question.waitFor({ state: 'hidden' });
    await animationsEnded(page);
  }

  /** Escape and a click outside ask, keep the text on « Continuer la saisie », and « Abandonner » closes. */
  async function checkGuard(page, dialog, label) {
    const field = dialog.getByLabel(label, { exact: true });
    await field.fill('Texte saisi');
    const question = page.getByRole('dialog', { name: QUESTION });

    await field.press('Escape');
    await answer(page, question, 'Continuer la saisie');
    await questionClosed(page, question);
    assert.equal(await field.inputValue(), 'Texte saisi');

    await page.mouse.click(20, 450);
    await answer(page, question, 'Continuer la saisie');
    await questionClosed(page, question);
    assert.equal(await field.inputValue(), 'Texte saisi');
    await dialog.waitFor();

    // From the field, as the agent goes on typing: a key pressed while the focus is still on its way back
    // from the question reaches no dialog.
    await field.press('Escape');
    await answer(page, question, 'Abandonner');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await question.count(), 0);
  }

  test('every form asks before dropping what was typed', { timeout: 240_000 }, async (t) =>
    inBrowser('unsaved-forms', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);

      await t.test('new member (drawer)', async () => {
        const dialog = await openForm(page, 'Adhérents', '/members', 'Nouvel adhérent', 'Nouvel adhérent');
        await checkGuard(page, dialog, 'Nom');
      });
      await t.test('user', async () => {
        const dialog = await openForm(page, 'Utilisateurs', '/user_list', 'Nouvel utilisateur', 'Nouvel utilisateur');
        await checkGuard(page, dialog, 'Identifiant');
      });
      await t.test('cooperative', async () => {
        const dialog = await openForm(
          page,
          'Coopératives',
          '/cooperatives',
          'Nouvelle coopérative',
          'Nouvelle coopérative',
        );
        await checkGuard(page, dialog, 'Nom');
      });
      await t.test('region', async () => {
        const dialog = await openForm(page, 'Régions', '/regions', 'Nouvelle région', 'Nouvelle région');
        await checkGuard(page, dialog, 'Nom');
      });

      await t.test('parcel', async () => {
        const dialog = await openForm(page, 'Parcelles', '/parcels', 'Nouvelle parcelle', 'Nouvelle parcelle');
        await checkGuard(page, dialog, 'Code');
      });
      await t.test('payment', async () => {
        const dialog = await openForm(page, 'Cartes', '/cards', 'Nouveau paiement', 'Nouveau paiement');
        await checkGuard(page, dialog, 'N° de transaction');
      });
      await t.test('an unchanged form closes at once', async () => {
        const dialog = await openForm(page, 'Utilisateurs', '/user_list', 'Nouvel utilisateur', 'Nouvel utilisateur');
        await dialog.getByLabel('Identifiant').press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        assert.equal(await page.getByRole('dialog', { name: QUESTION }).count(), 0);
      });

      await t.test('leaving the page through the menu asks too', async () => {
        const dialog = await openForm(page, 'Utilisateurs', '/user_list', 'Nouvel utilisateur', 'Nouvel utilisateur');
        const field = dialog.getByLabel('Identifiant');
        await field.fill('agent.yao');
        const menu = page.getByRole('link', { name: 'Adhérents', exact: true });
        const question = page.getByRole('dialog', { name: QUESTION });
        // The form's mask covers the menu: the link is followed as a click on it would.
        await menu.dispatchEvent('click');
        await question.waitFor();
        await expectNoAxeViolations(page, 'abandonner les modifications');
        await question.getByRole('button', { name: 'Continuer la saisie' }).click();
        await question.waitFor({ state: 'hidden' });
        assert.equal(new URL(page.url()).pathname, '/user_list');
        assert.equal(await field.inputValue(), 'agent.yao');
        await menu.dispatchEvent('click');
        await discardChanges(page);
        await page.waitForURL((url) => url.pathname === '/members');
      });
    }),
  );

  test('dates as people type them, in the member form', { timeout: 120_000 }, async (t) =>
    inBrowser('unsaved-dates', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      const dialog = await openForm(page, 'Adhérents', '/members', 'Nouvel adhérent', 'Nouvel adhérent');
      const birth = dialog.getByLabel('Date de naissance', { exact: true });

      for (const typed of ['07/03/1990', '07-03-1990', '07.03.1990', '07031990', '1990-03-07']) {
        await t.test(`accepts ${typed}`, async () => {
          await birth.fill(typed);
          await birth.press('Tab');
          assert.equal(await birth.inputValue(), '07/03/1990');
        });
      }

      for (const [typed, message] of [
        ['31/02/1990', "Date invalide : 31/02/1990 n'existe pas."],
        ['01/01/2999', 'La date de naissance ne peut pas être dans le futur.'],
        ['31/12/1899', 'La date de naissance ne peut pas être avant 1900.'],
      ]) {
        await t.test(`refuses ${typed}, keeping it`, async () => {
          await birth.fill(typed);
          await birth.press('Tab');
          await see(page, message);
          assert.equal(await birth.inputValue(), typed);
        });
      }

      await t.test('the refused date blocks the save', async () => {
        await dialog.getByLabel('Nom', { exact: true }).fill('Koné');
        await dialog.getByLabel('Prénoms', { exact: true }).fill('Awa');
        await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
        await see(page, 'La date de naissance ne peut pas être avant 1900.');
        assert.equal(await birth.inputValue(), '31/12/1899');
        await dialog.waitFor();
      });
    }),
  );
});
