// The report templates as an administrator uses them, in Chromium, against the real product: a card
// template made, drawn in the designer (a field of the data inserted), saved as a version with its notes,
// previewed, an old version restored as a new one, copied and the copy made the default; the type filter
// kept in the address; and a viewer who sees the list read-only, each button saying who may.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiCall, apiSignIn } from './api.mjs';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, pathOf, rowOf, see, seeDenied, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';

const WRITERS = 'Réservé aux administrateurs et gestionnaires';

describe('reports', { timeout: 10 * 60_000 }, () => {
  let suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('a card template: drawn, versioned, restored, copied, made the default', { timeout: 240_000 }, () =>
    inBrowser('reports-admin', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Rapports', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/reports');
      await seeTitle(page, 'Rapports | Sésame');
      // A fresh install: the card template Sésame ships, the default of the cards.
      const shipped = rowOf(page.locator('.ant-table'), 'Carte de membre');
      await shipped.getByText('Par défaut', { exact: true }).waitFor();
      await shipped.getByText('v1', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'modèles (installation neuve)');

      // The name and the type are required, said in French.
      await page.getByRole('button', { name: 'Nouveau modèle' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouveau modèle' });
      await dialog.getByLabel('Nom').waitFor();
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, 'Saisissez le nom du modèle');
      await see(page, 'Choisissez le type du modèle');
      await expectNoAxeViolations(page, 'nouveau modèle (erreurs)');
      await dialog.getByLabel('Nom').fill('Carte 2026');
      await dialog.getByLabel('Description').fill('La carte de la campagne 2026');
      await chooseOption(page, dialog.getByRole('combobox', { name: 'Type' }), 'Carte');
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();

      // Saved, it opens in the designer: a CR80 page, nothing on it yet.
      const designer = page.locator('.ant-drawer').filter({ hasText: 'Modèle Carte 2026' });
      await designer.getByText('Modèle Carte 2026', { exact: true }).waitFor();
      await designer.getByText('Version 1 enregistrée', { exact: true }).waitFor();
      const before = await apiTemplate(suite, 'Carte 2026');
      assert.equal(before.report_version, 1);
      assert.deepEqual(JSON.parse(before.report_json).basePdf, { width: 85.6, height: 53.98, padding: [0, 0, 0, 0] });

      // A field of the preview data inserted: the designer shows it, and the change is not saved yet.
      await chooseOption(
        page,
        designer.getByRole('combobox', { name: 'Insérer un champ des données' }),
        'card_firstname',
      );
      await designer.getByText('Modifications non enregistrées', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'concepteur');
      // Selected on the page, the element shows its properties: it is moved by its X.
      await designer.locator('.pdfme-designer-root').getByText('Aya', { exact: true }).first().click();
      const x = designer.getByLabel('X', { exact: true });
      assert.equal(await x.inputValue(), '4');
      await expectNoAxeViolations(page, 'concepteur (élément choisi)');
      await x.fill('12');
      await x.press('Tab');
      // Nothing typed is lost: closing asks first.
      await designer.locator('.ant-drawer-close').first().click();
      const question = page.getByRole('dialog', { name: 'Abandonner les modifications ?' });
      await question.waitFor();
      await question.getByRole('button', { name: 'Continuer la saisie' }).click();
      await question.waitFor({ state: 'hidden' });

      // Saved as version 2, with its notes (required).
      await designer.getByRole('button', { name: 'Enregistrer une version' }).click();
      const save = page.getByRole('dialog', { name: 'Enregistrer une version' });
      await save.getByLabel('Notes de version').waitFor();
      await save.getByRole('button', { name: 'Enregistrer' }).click();
      await see(page, 'Décrivez ce qui change dans cette version');
      await expectNoAxeViolations(page, 'enregistrer une version');
      await save.getByLabel('Notes de version').fill('Prénom ajouté');
      await save.getByRole('button', { name: 'Enregistrer' }).click();
      await save.waitFor({ state: 'hidden' });
      await see(page, 'Version 2 enregistrée');
      const second = await apiTemplate(suite, 'Carte 2026');
      assert.equal(second.report_version, 2);
      const elements = JSON.parse(second.report_json).schemas[0];
      assert.deepEqual(
        elements.map((element) => [element.name, element.type, element.position.x]),
        [['card_firstname', 'text', 12]],
      );

      // The preview: made in the browser with the sample record, then opened in a new tab.
      await designer.getByRole('button', { name: 'Aperçu' }).click();
      const preview = page.getByRole('dialog', { name: 'Aperçu avec les données d’exemple' });
      await preview.getByText(/^Aperçu prêt : 1 page, \d+ Ko\.$/).waitFor({ timeout: 60_000 });
      await expectNoAxeViolations(page, 'aperçu');
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        preview.getByRole('button', { name: 'Ouvrir l’aperçu' }).click(),
      ]);
      assert.match(tab.url(), /^blob:/);
      await tab.close();
      await preview.getByRole('button', { name: 'Fermer' }).last().click();
      await preview.waitFor({ state: 'hidden' });

      // The history, newest first; version 1 restored becomes version 3.
      await designer.getByRole('button', { name: 'Historique' }).click();
      const history = page.locator('.ant-drawer').filter({ hasText: 'Historique des versions' });
      const versions = history.locator('.ant-table');
      await rowOf(versions, 'Prénom ajouté').getByText('Version actuelle').waitFor();
      await rowOf(versions, 'Version 1').waitFor();
      assert.deepEqual(await versions.locator('.ant-table-row td:first-child').allInnerTexts(), [
        'Version 2\nVersion actuelle',
        'Version 1',
      ]);
      await expectNoAxeViolations(page, 'historique des versions');
      await history.getByRole('button', { name: 'Restaurer la version 1' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Restaurer' }).click();
      await see(page, 'Version 3 enregistrée');
      await rowOf(versions, 'Restauration de la version 1').getByText('Version actuelle').waitFor();
      const third = await apiTemplate(suite, 'Carte 2026');
      assert.equal(third.report_version, 3);
      assert.deepEqual(JSON.parse(third.report_json), JSON.parse(before.report_json));
      await history.locator('.ant-drawer-close').first().click();
      await history.waitFor({ state: 'hidden' });

      // Saved: the designer closes without asking.
      await designer.getByText('Version 3 enregistrée', { exact: true }).waitFor();
      await designer.locator('.ant-drawer-close').first().click();
      await designer.waitFor({ state: 'hidden' });

      // The list: its type in French, the default, the current version.
      const table = page.locator('.ant-table');
      const original = rowOf(table, 'Carte 2026');
      await original.getByText('v3', { exact: true }).waitFor();
      await original.getByText('Carte', { exact: true }).waitFor();
      assert.equal(
        await original.getByText('Par défaut', { exact: true }).count(),
        0,
        'the shipped one stays the default',
      );
      await expectNoAxeViolations(page, 'modèles');

      // Copied under the name proposed, then made the default of the cards.
      await original.getByRole('button', { name: 'Copier Carte 2026' }).click();
      const copy = page.getByRole('dialog', { name: 'Copier le modèle Carte 2026' });
      assert.equal(await copy.getByLabel('Nom de la copie').inputValue(), 'Copie de Carte 2026');
      await expectNoAxeViolations(page, 'copie');
      await copy.getByRole('button', { name: 'Copier' }).click();
      await copy.waitFor({ state: 'hidden' });
      const copied = rowOf(table, 'Copie de Carte 2026');
      await copied.getByText('v1', { exact: true }).waitFor();
      assert.equal(await copied.getByText('Par défaut', { exact: true }).count(), 0);
      await copied.getByRole('button', { name: 'Définir par défaut Copie de Carte 2026' }).click();
      await copied.getByText('Par défaut', { exact: true }).waitFor();
      await shipped.getByText('Par défaut', { exact: true }).waitFor({ state: 'detached' });
      assert.equal(
        await copied.getByRole('button', { name: 'Définir par défaut Copie de Carte 2026' }).isDisabled(),
        true,
      );
      const copyJson = (await apiTemplate(suite, 'Copie de Carte 2026')).report_json;
      assert.deepEqual(JSON.parse(copyJson), JSON.parse(third.report_json));

      // The type filter is kept in the address, and read back on reload.
      await chooseOption(page, page.getByRole('combobox', { name: 'Type de modèle' }), 'Bordereau de livraison');
      // The slip template Sésame ships, alone of its type and its default.
      await see(page, '1 modèle');
      await table.locator('.ant-table-row').getByText('Par défaut', { exact: true }).waitFor();
      assert.equal(pathOf(page), '/reports?type=delivery_slip');
      await page.goto(`${suite.baseUrl}/reports?type=card`);
      await copied.waitFor();
      await see(page, '3 modèles');

      // Deleted after confirmation.
      await original.getByRole('button', { name: 'Supprimer Carte 2026' }).click();
      await page.locator('.ant-popconfirm').getByText('Supprimer ce modèle et toutes ses versions ?').waitFor();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Supprimer' }).click();
      await original.waitFor({ state: 'detached' });
      await see(page, '2 modèles');
    }),
  );

  test('a viewer sees the templates read-only, every button saying who may', { timeout: 120_000 }, () =>
    inBrowser('reports-viewer', async (page) => {
      const token = await apiSignIn(suite);
      await apiCall(suite, token, 'POST', '/api/report/post.report', {
        report_name: 'Fiche 2026',
        report_type: 'member_sheet',
      });
      await apiCall(suite, token, 'POST', '/api/user/post_user', {
        login_name: 'lecteur.yao',
        login_password: 'lecteur-pass-2026',
        login_role: 'viewer',
      });
      await signIn(page, suite.baseUrl, 'lecteur.yao', 'lecteur-pass-2026');
      await page.goto(`${suite.baseUrl}/reports`);
      const table = page.locator('.ant-table');
      const row = rowOf(table, 'Fiche 2026');
      await row.getByText('Fiche adhérent', { exact: true }).waitFor();
      await page.getByTestId('read-only').getByText('Lecture seule', { exact: true }).waitFor();
      await seeDenied(page, page.getByRole('button', { name: 'Nouveau modèle' }), WRITERS);
      await seeDenied(page, row.getByRole('button', { name: 'Modifier Fiche 2026' }), WRITERS);
      await seeDenied(page, row.getByRole('button', { name: 'Copier Fiche 2026' }), WRITERS);
      await seeDenied(page, row.getByRole('button', { name: 'Définir par défaut Fiche 2026' }), WRITERS);
      await seeDenied(page, row.getByRole('button', { name: 'Supprimer Fiche 2026' }), WRITERS);
      await expectNoAxeViolations(page, 'modèles (lecteur)');
    }),
  );
});

/** Opens the select `select` and picks `label` in its list. */
async function chooseOption(page, select, label) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
}

/** The template named `name` with its current JSON, read by REST. */
async function apiTemplate(suite, name) {
  const token = await apiSignIn(suite);
  const list = await apiCall(suite, token, 'GET', `/api/report/get.report_list?filter=${encodeURIComponent(name)}`);
  const found = list.data.find((report) => report.report_name === name);
  assert.ok(found, `${name} is not in the list`);
  return (await apiCall(suite, token, 'GET', `/api/report/get.report/${found.report_id}`)).data;
}
