// The administrator's tools, in Chromium, against the real product: the login parameters the product
// reads, set on a fresh install to their defaults (no screen asks for one and meets a 404), each edited
// with the input of its type and used at once by the screens that read it; another parameter named and
// typed by hand; the password-hash tool.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, rowOf, see, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';
import { apiCall, apiSignIn } from './api.mjs';

describe('tools', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;
  before(async () => {
    suite = await startSuite();
    token = await apiSignIn(suite);
  });
  after(async () => {
    await suite?.stop();
  });

  test('login parameters edited with their types; the hash of a password', { timeout: 180_000 }, () =>
    inBrowser('tools', async (page) => {
      // Every login parameter a screen asks for is there: none answers 404.
      const missing = [];
      page.on('response', (response) => {
        if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/api/loginparam/'))
          missing.push(response.url());
      });
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Outils', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/tools');
      const params = page.locator('.ant-table').first();
      // A fresh install has each parameter at the value the product would take without it.
      const price = rowOf(params, 'Prix de la carte (FCFA)');
      await price.getByText((5000).toLocaleString('fr-FR'), { exact: true }).waitFor();
      await rowOf(params, 'Validité d’une carte (mois)').getByText('60', { exact: true }).waitFor();
      await rowOf(params, 'Opérateurs de paiement mobile')
        .getByText('Orange Money, MTN MoMo, Moov Money, Wave', { exact: true })
        .waitFor();
      await rowOf(params, 'Types de paiement')
        .getByText('carte=Carte de membre, cotisation=Cotisation, autre=Autre', { exact: true })
        .waitFor();
      await expectNoAxeViolations(page, 'outils');

      // The card price is a whole number: none is not accepted, 7500 is saved as a number.
      await price.getByRole('button', { name: 'Modifier Prix de la carte (FCFA)' }).click();
      const form = page.getByRole('dialog', { name: 'Modifier : Prix de la carte (FCFA)' });
      await form.getByText('5 000 FCFA si non réglé', { exact: false }).waitFor();
      assert.equal(await form.getByLabel('Valeur').inputValue(), '5000');
      await expectNoAxeViolations(page, 'outils (paramètre)');
      await form.getByLabel('Valeur').fill('');
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      await form.getByText('Saisissez une valeur', { exact: true }).waitFor();
      await form.getByLabel('Valeur').fill('7500');
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      await form.waitFor({ state: 'hidden' });
      await price.getByText((7500).toLocaleString('fr-FR'), { exact: true }).waitFor();
      const saved = await apiCall(suite, token, 'GET', '/api/loginparam/get_loginParam/card_price');
      assert.equal(saved.data.loginParam_intValue, 7500);
      assert.equal(saved.data.loginParam_stringValue ?? null, null);

      // The payment types: the new list is the choice of the payment form at once.
      const types = rowOf(params, 'Types de paiement');
      await types.getByRole('button', { name: 'Modifier Types de paiement' }).click();
      const typesForm = page.getByRole('dialog', { name: 'Modifier : Types de paiement' });
      await typesForm.getByLabel('Valeur').fill('carte=Carte de membre, don=Don à la coopérative');
      await typesForm.getByRole('button', { name: 'Enregistrer' }).click();
      await typesForm.waitFor({ state: 'hidden' });
      await types.getByText('carte=Carte de membre, don=Don à la coopérative', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.getByRole('tab', { name: 'Paiements', exact: true }).click();
      await page.getByRole('button', { name: 'Nouveau paiement' }).click();
      const payment = page.getByRole('dialog', { name: 'Nouveau paiement' });
      await payment.getByLabel('Type', { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Don à la coopérative', { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await payment.getByRole('button', { name: 'Annuler' }).click();
      await payment.waitFor({ state: 'hidden' });
      // The cards screen read its parameters (the operators, the types) without a 404.
      assert.deepEqual(missing, []);

      // Another parameter, named and typed here: a yes-or-no one.
      await page.getByRole('link', { name: 'Outils', exact: true }).click();
      await page.getByRole('button', { name: 'Autre paramètre' }).click();
      const other = page.getByRole('dialog', { name: 'Autre paramètre' });
      await other.getByLabel('Paramètre').fill('member_photoRequired');
      await other.getByLabel('Type').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Oui / non', { exact: true }).click();
      await other.getByRole('switch').click();
      await other.getByRole('button', { name: 'Enregistrer' }).click();
      await other.waitFor({ state: 'hidden' });
      const flag = await apiCall(suite, token, 'GET', '/api/loginparam/get_loginParam/member_photoRequired');
      assert.equal(flag.data.loginParam_boolValue, true);

      // The hash of a password, to copy.
      await page.getByLabel('Mot de passe', { exact: true }).fill('Korhogo-terrain-2026');
      await page.getByRole('button', { name: "Calculer l'empreinte" }).click();
      const hash = page.getByLabel('Empreinte argon2id');
      await hash.getByText(/^\$argon2id\$/).waitFor();
      await see(page, "Le texte saisi n'est pas gardé", { exact: false });
      await expectNoAxeViolations(page, 'outils (empreinte)');
    }),
  );
});
