// Cards from the payment to the field, in Chromium, against the real product: a member who paid 5 000 FCFA
// gets her card from "Création des cartes", the card is marked printed from "Cartes" (a second mark of a
// card printed meanwhile is refused with the server's message), its detail shows its QR code, and a
// delivery made of it from /delivery is sent, after which the card is delivered; an unsent delivery is
// deleted. A viewer reads all of it and changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { answerMadeUpPages, checkKeysetPages, inBrowser, rowOf, see, seeDenied, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';
import { apiSignIn, apiCall, apiPaidMember } from './api.mjs';

const WRITERS = 'Réservé aux administrateurs, gestionnaires et agents';
const TIMEOUT = 300_000;
const VIEWER = { login: 'lecteur.awa', password: 'lecteur-pass-2026' };

describe('cards and deliveries', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;
  before(async () => {
    suite = await startSuite();
    // Two members who paid for their card, made through the API: the members' and payments' screens are
    // not what is tested here.
    token = await apiSignIn(suite);
    await apiCall(suite, token, 'POST', '/api/user/post_user', {
      login_name: VIEWER.login,
      login_password: VIEWER.password,
      login_role: 'viewer',
    });
    for (const [firstname, lastname, number] of [
      ['Fatou', 'Traoré', 'W-0615-01'],
      ['Koffi', 'Yao', 'W-0615-02'],
    ]) {
      await apiPaidMember(suite, token, firstname, lastname, number);
    }
  });
  after(async () => {
    await suite?.stop();
  });

  test('make a card, print it, see its QR code, deliver it', { timeout: TIMEOUT }, () =>
    inBrowser('cards-deliveries', async (page) => {
      await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cards');
      await seeTitle(page, 'Cartes | Sésame');

      // The members who paid, with the amount; Fatou's card is made.
      await page.getByRole('tab', { name: 'Création des cartes' }).click();
      const candidates = page.locator('.ant-table').first();
      await rowOf(candidates, 'Traoré').getByText('5 000 FCFA', { exact: true }).waitFor();
      await rowOf(candidates, 'Yao').waitFor();
      await see(page, '2 adhérents sans carte');
      await expectNoAxeViolations(page, 'création des cartes');
      await rowOf(candidates, 'Traoré').getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Créer les cartes' }).click();
      await see(page, '1 carte créée');
      await rowOf(candidates, 'Traoré').waitFor({ state: 'detached' });
      await see(page, '1 adhérent sans carte');
      await expectNoAxeViolations(page, 'création des cartes (résultat)');
      // Koffi's card is made through the API, for the refusals and the deletion below.
      const made = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.create', {
        member_ids: [(await candidateIds(suite, token))[0]],
      });
      assert.equal(made.data.card_ids.length, 1);
      const koffiCard = made.data.card_ids[0];

      // Both cards wait to be printed; Fatou's is marked printed.
      await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
      const cards = page.locator('.ant-table').first();
      const fatou = rowOf(cards, 'Traoré');
      const koffi = rowOf(cards, 'Yao');
      await fatou.getByText("En attente d'impression", { exact: true }).waitFor();
      await koffi.getByText("En attente d'impression", { exact: true }).waitFor();
      await see(page, '2 cartes');
      await expectNoAxeViolations(page, 'cartes');
      await fatou.getByRole('checkbox').check();
      await see(page, '1 carte sélectionnée');
      await page.getByRole('button', { name: 'Marquer comme imprimées' }).click();
      await see(page, '1 carte marquée comme imprimée');
      await fatou.getByText('Imprimée', { exact: true }).waitFor();

      // Koffi's card, chosen here but printed meanwhile elsewhere: all or none, the server says why.
      await koffi.getByRole('checkbox').check();
      await apiCall(suite, token, 'POST', '/api/card/post.mark_as_printed', { card_ids: [koffiCard] });
      await page.getByRole('button', { name: 'Marquer comme imprimées' }).click();
      await see(page, "n'est pas en attente d'impression (elle est imprimée) : rien n'a été marqué.", {
        exact: false,
      });

      // The filters: by status and by member number.
      await page.getByLabel('État de la carte', { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('Imprimée', { exact: true }).click();
      await see(page, '2 cartes');
      const search = page.getByPlaceholder("N° d'adhérent", { exact: true });
      await search.fill('ZZZ-inconnu');
      await search.press('Enter');
      await cards.locator('.ant-empty-description').waitFor();
      await search.fill('');
      await search.press('Enter');
      await see(page, '2 cartes');

      // Fatou's card in detail: its fields, no photo, its QR code drawn as an image.
      await fatou.getByRole('button', { name: /^Voir la carte / }).click();
      const drawer = page.getByRole('dialog', { name: /^Carte / });
      const qr = drawer.getByRole('img', { name: /^QR code de la carte / });
      await qr.waitFor();
      assert.match(await qr.getAttribute('src'), /^data:image\/png;base64,/);
      assert.ok(await qr.evaluate((image) => image.complete && image.naturalWidth > 0));
      await drawer.getByText('Aucune photo sur cette carte').waitFor();
      await drawer.getByText('Fatou', { exact: true }).waitFor();
      await drawer.getByText('Imprimée', { exact: true }).waitFor();
      await expectNoAxeViolations(page, "détail d'une carte");
      await drawer.locator('.ant-drawer-footer').getByRole('button', { name: 'Fermer', exact: true }).click();
      await drawer.waitFor({ state: 'hidden' });

      // A delivery of Fatou's card.
      await page.getByRole('link', { name: 'Livraisons', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/delivery');
      await seeTitle(page, 'Livraisons | Sésame');
      await page.locator('.ant-table-placeholder').waitFor();
      await expectNoAxeViolations(page, 'livraisons (vide)');
      await page.getByRole('button', { name: 'Nouvelle livraison' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nouvelle livraison' });
      await rowOf(dialog, 'Fatou Traoré').waitFor();
      await rowOf(dialog, 'Koffi Yao').waitFor();
      await dialog.getByText('2 cartes à livrer').waitFor();
      await expectNoAxeViolations(page, 'nouvelle livraison');
      // The server finds a card by its holder's name; a card chosen stays chosen through the searches.
      const cardSearch = dialog.getByPlaceholder('Rechercher une carte (n° de carte, nom du titulaire)');
      // It searches once typing stops, as the lists do.
      await cardSearch.fill('yao koffi');
      await dialog.getByText('1 carte à livrer').waitFor();
      assert.equal(await rowOf(dialog, 'Fatou Traoré').count(), 0);
      await rowOf(dialog, 'Koffi Yao').getByRole('checkbox').check();
      await dialog.getByText('1 carte choisie').waitFor();
      await cardSearch.fill('');
      await cardSearch.press('Enter');
      await dialog.getByText('2 cartes à livrer').waitFor();
      assert.equal(await rowOf(dialog, 'Koffi Yao').getByRole('checkbox').isChecked(), true);
      await rowOf(dialog, 'Koffi Yao').getByRole('checkbox').uncheck();
      await dialog.getByRole('button', { name: 'Créer la livraison' }).click();
      await dialog.getByText('Cochez au moins une carte.').waitFor();
      await rowOf(dialog, 'Fatou Traoré').getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Créer la livraison' }).click();
      await see(page, 'Livraison créée');
      await dialog.waitFor({ state: 'hidden' });

      // It opens, unsent, with its card in delivery; sent after confirmation, the card is delivered.
      const detail = page.getByRole('dialog', { name: /^Livraison LIV-/ });
      await rowOf(detail, 'Fatou Traoré').getByText('En livraison', { exact: true }).waitFor();
      await detail.getByText('Non envoyée', { exact: true }).waitFor();
      await expectNoAxeViolations(page, "détail d'une livraison");
      await detail.getByRole('button', { name: 'Envoyer' }).click();
      const confirm = page.locator('.ant-popconfirm');
      await confirm.getByText('Envoyer cette livraison ? Elle ne pourra plus être modifiée.').waitFor();
      await expectNoAxeViolations(page, "envoi d'une livraison");
      await confirm.getByRole('button', { name: 'Envoyer' }).click();
      await see(page, 'Livraison envoyée');
      await rowOf(detail, 'Fatou Traoré').getByText('Livrée', { exact: true }).waitFor();
      await detail.getByText('Non envoyée', { exact: true }).waitFor({ state: 'detached' });
      assert.equal(await detail.getByRole('button', { name: /^(Envoyer|Supprimer)$/ }).count(), 0);
      await expectNoAxeViolations(page, "détail d'une livraison (envoyée)");
      await detail.locator('.ant-drawer-footer').getByRole('button', { name: 'Fermer', exact: true }).click();
      await detail.waitFor({ state: 'hidden' });
      const deliveries = page.locator('.ant-table').first();
      await see(page, '1 livraison');
      assert.equal(await deliveries.getByText('Non envoyée', { exact: true }).count(), 0);
      // Each delivery says its type.
      await deliveries.getByText('Normale', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'livraisons');

      // A second delivery, of Koffi's card, as an error delivery: deleted unsent, after confirmation.
      await page.getByRole('button', { name: 'Nouvelle livraison' }).click();
      await rowOf(dialog, 'Koffi Yao').waitFor();
      assert.equal(await rowOf(dialog, 'Fatou Traoré').count(), 0);
      await dialog.getByRole('switch', { name: "Livraison d'erreur" }).click();
      await rowOf(dialog, 'Koffi Yao').getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Créer la livraison' }).click();
      await rowOf(detail, 'Koffi Yao').getByText('En livraison', { exact: true }).waitFor();
      await detail.getByText('Erreur', { exact: true }).waitFor();
      await detail.getByRole('button', { name: 'Supprimer' }).click();
      await confirm.getByText('Supprimer cette livraison ?').waitFor();
      await expectNoAxeViolations(page, "suppression d'une livraison");
      await confirm.getByRole('button', { name: 'Supprimer' }).click();
      await see(page, 'Livraison supprimée');
      await detail.waitFor({ state: 'hidden' });
      await see(page, '1 livraison');

      // The filters: by code, and by a card or member number.
      const code = page.getByPlaceholder('Rechercher un code de livraison');
      await code.fill('LIV-');
      await code.press('Enter');
      await see(page, '1 livraison');
      const number = page.getByPlaceholder("N° de carte ou d'adhérent");
      await number.fill('ZZZ-inconnu');
      await number.press('Enter');
      await deliveries.locator('.ant-empty-description').waitFor();
      await expectNoAxeViolations(page, 'livraisons (recherche)');

      // Fatou's card is delivered; Koffi's, out of the deleted delivery, is printed again.
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cards');
      await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
      await fatou.getByText('Livrée', { exact: true }).waitFor();
      await koffi.getByText('Imprimée', { exact: true }).waitFor();
    }),
  );

  test('a viewer reads the cards and the deliveries, and may change none', { timeout: TIMEOUT }, () =>
    inBrowser('cards-deliveries-viewer', async (page) => {
      await signIn(page, suite.baseUrl, VIEWER.login, VIEWER.password);
      await page.getByRole('link', { name: 'Cartes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/cards');
      await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
      const cards = page.locator('.ant-table').first();
      await rowOf(cards, 'Traoré').getByText('Livrée', { exact: true }).waitFor();
      // Read-only: said by the title; the buttons show disabled, saying who may, and no card can be chosen.
      await page.getByTestId('read-only').getByText('Lecture seule', { exact: true }).waitFor();
      await seeDenied(page, page.getByRole('button', { name: 'Marquer comme imprimées' }), WRITERS);
      assert.equal(await cards.getByRole('checkbox').count(), 0);
      await expectNoAxeViolations(page, 'cartes (lecteur)');
      await page.getByRole('tab', { name: 'Création des cartes' }).click();
      await see(page, 'Aucun adhérent en attente de carte.');
      await seeDenied(page, page.getByRole('button', { name: 'Créer les cartes' }), WRITERS);
      await expectNoAxeViolations(page, 'création des cartes (lecteur)');

      await page.getByRole('link', { name: 'Livraisons', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/delivery');
      await see(page, '1 livraison');
      await seeDenied(page, page.getByRole('button', { name: 'Nouvelle livraison' }), WRITERS);
      await page.getByRole('button', { name: /^Voir la livraison LIV-/ }).click();
      const detail = page.getByRole('dialog', { name: /^Livraison LIV-/ });
      await rowOf(detail, 'Fatou Traoré').getByText('Livrée', { exact: true }).waitFor();
      // A sent delivery is not sent or deleted again; its slip is for those who may write.
      assert.equal(await detail.getByRole('button', { name: /^(Envoyer|Supprimer)$/ }).count(), 0);
      await seeDenied(page, detail.getByRole('button', { name: 'Bordereau (PDF)' }), WRITERS);
      await expectNoAxeViolations(page, "détail d'une livraison (lecteur)");
    }),
  );

  test(
    'the cards and the deliveries are read 2,000 at a time, the next ones as the user scrolls',
    { timeout: 60_000 },
    () =>
      inBrowser('cards-deliveries-pages', async (page) => {
        // The cards' total is the server's estimate: the screen says it is approximate.
        const cards = await answerMadeUpPages(page, '/api/card/get.card_list', {
          madeUp: madeUpCard,
          nameField: 'card_lastname',
          extra: { totalExact: false },
        });
        const deliveries = await answerMadeUpPages(page, '/api/delivery/get.delivery_list', {
          madeUp: madeUpDelivery,
          nameField: 'delivery_code',
        });
        await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
        await page.getByRole('link', { name: 'Cartes', exact: true }).click();
        await page.getByRole('tab', { name: 'Cartes', exact: true }).click();
        await page.getByText(/^environ 2\s000 cartes$/).waitFor();
        await checkKeysetPages(page, cards, {
          orderBy: 'card_id',
          lastId: madeUpCard(1999).card_id,
          header: /^Nom$/,
          sortedBy: 'card_lastname',
        });

        await page.getByRole('link', { name: 'Livraisons', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/delivery');
        await page.getByText(/^2\s001 livraisons$/).waitFor();
        await checkKeysetPages(page, deliveries, {
          orderBy: 'delivery_id',
          lastId: madeUpDelivery(1999).delivery_id,
          header: /^Code$/,
          sortedBy: 'delivery_code',
        });
      }),
  );
});

/** The members a card can be made for, by id. */
async function candidateIds(suite, token) {
  const answer = await apiCall(suite, token, 'POST', '/api/card/get.card_creation.member_list');
  return answer.data.map((candidate) => candidate.member_id);
}

/** A card of the made-up pages (answerMadeUpPages). */
function madeUpCard(i) {
  return {
    card_id: 1_000_000_001 + i,
    card_idNumber: `K${String(i + 1).padStart(9, '0')}`,
    card_memberIdNumber: `T${String(i + 1).padStart(9, '0')}`,
    card_firstname: 'Essai',
    card_status: 'pending',
    card_expirationDate: '2031-06-15',
    card_printedAt: null,
  };
}

/** A delivery of the made-up pages (answerMadeUpPages). */
function madeUpDelivery(i) {
  return {
    delivery_id: 1_000_000_001 + i,
    delivery_creationDateTime: '2026-06-15T10:00:00Z',
    delivery_createdByLogin: 'admin',
    delivery_quantity: 1,
    delivery_isErrorType: false,
    delivery_sent: false,
    delivery_sentDateTime: null,
  };
}
