// The card reader, in Chromium, against the real product: a member's card made through the API, its QR
// code typed in the reader's field as a keyboard-wedge scanner does (then Enter) and found valid with the
// member's details; a tampered code found forged; the check still made with the card API cut, from the
// key and revoked cards the screen kept; a revoked card refused; and the camera, which this browser has
// not, explained in French.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectNoAxeViolations } from './axe.mjs';
import { inBrowser, see, seeTitle, signIn } from './browser.mjs';
import { startSuite } from './suite.mjs';
import { apiSignIn, apiCall, apiPay } from './api.mjs';

const TIMEOUT = 240_000;

describe('reader', { timeout: 10 * 60_000 }, () => {
  let suite;
  let token;
  let card;
  before(async () => {
    suite = await startSuite();
    // The member, her payment and her card, made through the API: the cards screen is not what is tested.
    token = await apiSignIn(suite);
    const member = await apiCall(suite, token, 'POST', '/api/member/post_member', {
      member_firstname: 'Awa',
      member_lastname: 'Koné',
      member_birthDate: '1990-03-05',
    });
    await apiPay(suite, token, member.id, 'R-1', { date: '2026-11-20' });
    const made = await apiCall(suite, token, 'POST', '/api/card/create_member_card', { member_id: member.id });
    card = (await apiCall(suite, token, 'GET', `/api/card/get_card/${made.id}`)).data;
    assert.match(card.card_qrcode, /^[0-9A-Z $%*+\-./:]+$/);
  });
  after(async () => {
    await suite?.stop();
  });

  test(
    'a scanned card is valid, a changed one forged, offline too, and a revoked one refused',
    { timeout: TIMEOUT },
    () =>
      inBrowser('reader', async (page) => {
        await signIn(page, suite.baseUrl, suite.admin.login, suite.admin.password);
        await page.getByRole('link', { name: 'Lecteur de cartes', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/reader');
        await seeTitle(page, 'Lecteur de cartes | Sésame');
        await see(page, 'Clé de vérification à jour ; aucune carte révoquée.');
        const field = page.getByLabel('Code de la carte', { exact: true });
        // The scanner types into the field without a click first.
        await page.waitForFunction(() => document.activeElement?.id === 'reader-code');
        await expectNoAxeViolations(page, 'lecteur de cartes');

        // The card, as a keyboard-wedge scanner types it.
        await page.keyboard.type(card.card_qrcode);
        await page.keyboard.press('Enter');
        await see(page, 'Carte valide');
        const details = page.locator('.ant-descriptions');
        await details.getByText('Awa', { exact: true }).waitFor();
        await details.getByText('Koné', { exact: true }).waitFor();
        await details.getByText(card.card_idNumber, { exact: true }).waitFor();
        await details.getByText(card.card_memberIdNumber, { exact: true }).waitFor();
        await details.getByText('05/03/1990', { exact: true }).waitFor();
        // Emptied and ready for the next card.
        assert.equal(await field.inputValue(), '');
        await expectNoAxeViolations(page, 'lecteur de cartes (carte valide)');

        // One character changed.
        await field.fill(tamper(card.card_qrcode));
        await field.press('Enter');
        await see(page, 'Carte falsifiée ou illisible');
        assert.equal(await page.getByText('Carte valide', { exact: true }).count(), 0);
        await expectNoAxeViolations(page, 'lecteur de cartes (carte falsifiée)');

        // Text that is no card code at all.
        await field.fill('BONJOUR');
        await field.press('Enter');
        await see(page, 'Carte falsifiée ou illisible');
        assert.equal(await page.locator('.ant-descriptions').count(), 0);

        // The card API cut: the key and revoked cards kept from the last visit check the card.
        await page.route('**/api/card/**', (route) => route.abort('internetdisconnected'));
        await page.reload();
        await see(page, 'Vérification hors ligne');
        await field.fill(card.card_qrcode);
        await field.press('Enter');
        await see(page, 'Carte valide');
        await expectNoAxeViolations(page, 'lecteur de cartes (hors ligne)');
        await page.unroute('**/api/card/**');

        // Declared lost: revoked, and refused once the reader has read the list again.
        await apiCall(suite, token, 'POST', '/api/card/post.card_revoke', { card_id: card.card_id, reason: 'perte' });
        await page.reload();
        await see(page, 'Clé de vérification à jour ; 1 carte révoquée.');
        await field.fill(card.card_qrcode);
        await field.press('Enter');
        await see(page, 'Carte révoquée');
        await details.getByText('Koné', { exact: true }).waitFor();
        await expectNoAxeViolations(page, 'lecteur de cartes (carte révoquée)');

        // This browser has no camera to give: the dialog says so in French.
        await page.getByRole('button', { name: 'Scanner avec la caméra' }).click();
        const dialog = page.getByRole('dialog', { name: 'Scanner une carte' });
        await dialog
          .getByText(/^(Aucune caméra n'a été trouvée sur cet ordinateur\.|L'accès à la caméra a été refusé\.)/)
          .waitFor();
        await expectNoAxeViolations(page, 'lecteur de cartes (caméra)');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }),
  );
});

/** The code with its middle character changed. */
function tamper(code) {
  const middle = Math.floor(code.length / 2);
  const other = code[middle] === 'A' ? 'B' : 'A';
  return code.slice(0, middle) + other + code.slice(middle + 1);
}
