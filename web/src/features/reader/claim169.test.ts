import * as ed from '@noble/ed25519';
import { decode, encode, Tagged } from 'cborg';
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  base45Decode,
  base45Encode,
  checkCard,
  decodeCard,
  formatBirthDate,
  sigStructure,
  type CardKey,
} from './claim169';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string) => Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));

/** A fixed signing key, and another one. */
const SECRET = fromHex('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
const OTHER_SECRET = fromHex('4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb');
const KEY: CardKey = { publicKeyHex: hex(ed.getPublicKey(SECRET)), issuer: 'Sésame' };

const ISSUED = 1_795_000_000;
const EXPIRES = 1_952_000_000;
/** A day between the two, in milliseconds. */
const TODAY = Date.UTC(2026, 10, 23);

interface Options {
  secret?: Uint8Array;
  issuer?: string;
  expiresAt?: number;
  /** Wraps the COSE_Sign1 in its CBOR tag (18). */
  tagged?: boolean;
  algorithm?: number;
  /** A phone under claim 169's key 12, as cards carried before it left the code. */
  phone?: string;
}

/** A card's code as the server writes it: CWT, COSE_Sign1 (Ed25519), zlib, Base45. */
function cardCode({
  secret = SECRET,
  issuer = 'Sésame',
  expiresAt = EXPIRES,
  tagged = false,
  algorithm = -8,
  phone,
}: Options = {}) {
  const identity = new Map<number, string>([
    [1, 'C000000175'],
    [4, "Adjoua Élodie N'Guessan-Kouadio"],
    [5, 'Adjoua Élodie'],
    [7, "N'Guessan-Kouadio"],
    [8, '19850214'],
  ]);
  if (phone !== undefined) identity.set(12, phone);
  const cwt = new Map<number, unknown>([
    [1, issuer],
    [2, 'K000000142'],
    [4, expiresAt],
    [6, ISSUED],
    [169, identity],
  ]);
  const protectedHeader = encode(new Map([[1, algorithm]]));
  const payload = encode(cwt);
  const signature = ed.sign(sigStructure(protectedHeader, payload), secret);
  const sign1 = [protectedHeader, new Map(), payload, signature];
  const bytes = encode(tagged ? new Tagged(18, sign1) : sign1);
  return base45Encode(zlibSync(bytes));
}

describe('Base45', () => {
  it('reads and writes the examples of RFC 9285', () => {
    const examples: [string, string][] = [
      ['AB', 'BB8'],
      ['Hello!!', '%69 VD92EX0'],
      ['base-45', 'UJCLQE7W581'],
      ['ietf!', 'QED8WEX0'],
    ];
    for (const [plain, encoded] of examples) {
      expect(base45Encode(new TextEncoder().encode(plain))).toBe(encoded);
      expect(new TextDecoder().decode(base45Decode(encoded))).toBe(plain);
    }
  });

  it('refuses what is not Base45', () => {
    expect(() => base45Decode('GGW')).toThrow(); // 65 535 + 1
    expect(() => base45Decode('ABCD')).toThrow(); // a lone last character
    expect(() => base45Decode('abc')).toThrow(); // lower case
  });
});

/** What the card prints of its holder and itself: all its code carries. */
const PRINTED_CLAIMS = {
  issuer: 'Sésame',
  cardNumber: 'K000000142',
  expiresAt: EXPIRES,
  issuedAt: ISSUED,
  memberNumber: 'C000000175',
  fullName: "Adjoua Élodie N'Guessan-Kouadio",
  firstName: 'Adjoua Élodie',
  lastName: "N'Guessan-Kouadio",
  birthDate: '19850214',
};

describe('a card code', () => {
  it('reads the card and its holder', () => {
    const { claims } = decodeCard(cardCode());
    expect(claims).toEqual(PRINTED_CLAIMS);
    expect(formatBirthDate(claims.birthDate)).toBe('14/02/1985');
  });

  it('still checks a card signed when the code carried the phone, without showing the phone', () => {
    const old = cardCode({ phone: '0707070707' });
    const check = checkCard(old, KEY, [], TODAY);
    expect(check.verdict).toBe('valid');
    expect(check.claims).toEqual(decodeCard(cardCode()).claims);
    expect(JSON.stringify(check.claims)).not.toContain('0707070707');
    expect(checkCard(old, KEY, ['K000000142'], TODAY).verdict).toBe('revoked');
    expect(checkCard(cardCode({ phone: '0707070707', secret: OTHER_SECRET }), KEY, [], TODAY).verdict).toBe('forged');
  });

  it('is valid when signed with the key, from the issuer, in force and not revoked', () => {
    const check = checkCard(cardCode(), KEY, ['K000000999'], TODAY);
    expect(check.verdict).toBe('valid');
    expect(check.claims?.cardNumber).toBe('K000000142');
    // A line break typed by the scanner after the code changes nothing.
    expect(checkCard(`${cardCode()}\r\n`, KEY, [], TODAY).verdict).toBe('valid');
    // Nor the COSE_Sign1 tag.
    expect(checkCard(cardCode({ tagged: true }), KEY, [], TODAY).verdict).toBe('valid');
  });

  it('is expired after its expiry', () => {
    const check = checkCard(cardCode({ expiresAt: ISSUED + 60 }), KEY, [], TODAY);
    expect(check.verdict).toBe('expired');
    expect(check.claims?.memberNumber).toBe('C000000175');
    expect(checkCard(cardCode(), KEY, [], (EXPIRES + 1) * 1000).verdict).toBe('expired');
  });

  it('is revoked when its number is among the revoked cards, expired or not', () => {
    expect(checkCard(cardCode(), KEY, ['K000000142'], TODAY).verdict).toBe('revoked');
    expect(checkCard(cardCode({ expiresAt: ISSUED + 60 }), KEY, new Set(['K000000142']), TODAY).verdict).toBe(
      'revoked',
    );
  });

  it('is forged when signed with another key, by another issuer or with another algorithm', () => {
    const forged = checkCard(cardCode({ secret: OTHER_SECRET }), KEY, [], TODAY);
    expect(forged.verdict).toBe('forged');
    // What it claims is still shown.
    expect(forged.claims?.fullName).toBe("Adjoua Élodie N'Guessan-Kouadio");
    // Even a revoked one: the forgery is what matters.
    expect(checkCard(cardCode({ secret: OTHER_SECRET }), KEY, ['K000000142'], TODAY).verdict).toBe('forged');
    expect(checkCard(cardCode({ issuer: 'Autre' }), KEY, [], TODAY).verdict).toBe('forged');
    expect(checkCard(cardCode({ algorithm: -7 }), KEY, [], TODAY).verdict).toBe('forged');
    expect(checkCard(cardCode(), { ...KEY, publicKeyHex: 'zz' }, [], TODAY).verdict).toBe('forged');
  });

  it('is forged, with nothing read, when the text is not a card code', () => {
    for (const text of ['', 'bonjour', 'HELLO WORLD', base45Encode(new TextEncoder().encode('pas du zlib'))]) {
      expect(checkCard(text, KEY, [], TODAY)).toEqual({ verdict: 'forged', claims: null });
    }
    expect(() => decodeCard('bonjour')).toThrow();
    // zlib of CBOR that is not a COSE_Sign1.
    expect(checkCard(base45Encode(zlibSync(encode([1, 2, 3]))), KEY, [], TODAY).verdict).toBe('forged');
  });

  it('is forged when one character is changed', () => {
    const code = cardCode();
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
    // Every position, to a neighbouring character: nothing changed passes.
    for (let i = 0; i < code.length; i += 1) {
      const other = alphabet[(alphabet.indexOf(code[i]) + 1) % alphabet.length];
      const tampered = code.slice(0, i) + other + code.slice(i + 1);
      expect(checkCard(tampered, KEY, [], TODAY).verdict, `position ${i}`).toBe('forged');
    }
  });
});

describe("the server's encoder (claim169-core)", () => {
  // A card made by the server's encoder, as `CARD_QR_VECTOR=1 cargo test -p cards card_qr -- --nocapture`
  // prints it (services/cards/src/domain/card_qr.rs), with its public key.
  const SERVER_CODE =
    '6BFT$CCW7W50J10-+JWX4AU8P.DN4D95U8GKNXKS%OXUF1SN* GR8JE:SZ.4NDW60PV9E30B0TKX:RAUN4DELHMFQ15WC527+BVK SYF33+A:.HRF3%D9BHMYGKLP6-*0CV18.RPOMA-K*UI5NPQD5I30D.VY8EAWOU91NXKPQ1Z1LGE1%82D 1AK6BZ9+ BD7TNLU./KT5W7WV ASI7DQKQ$01G44C95G-TUZ10V42XBJ8EK/6CUJ6WNNJN*.56B61YO602D7J$ZT7MK%IA-$38EOU.6CZ5ODH3XUBY76032DA:.C-70YK4F5';
  const SERVER_KEY: CardKey = {
    publicKeyHex: 'ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c',
    issuer: 'Sésame',
  };

  it('reads and checks a code it made', () => {
    const check = checkCard(SERVER_CODE, SERVER_KEY, [], TODAY);
    expect(check).toEqual({
      verdict: 'valid',
      claims: PRINTED_CLAIMS,
    });
  });

  it('carries only what the card prints: no phone in the signed payload', () => {
    const cwt = decode(decodeCard(SERVER_CODE).payload, { useMaps: true }) as Map<number, unknown>;
    const identity = cwt.get(169) as Map<number, unknown>;
    // Member number, full name, first name, last name, birth date; not the phone (12), nor anything else.
    expect([...identity.keys()].sort((a, b) => a - b)).toEqual([1, 4, 5, 7, 8]);
    expect(identity.has(12)).toBe(false);
    expect([...cwt.keys()].sort((a, b) => a - b)).toEqual([1, 2, 4, 6, 169]);
  });

  it('gives its other verdicts', () => {
    expect(checkCard(SERVER_CODE, SERVER_KEY, ['K000000142'], TODAY).verdict).toBe('revoked');
    expect(checkCard(SERVER_CODE, SERVER_KEY, [], (EXPIRES + 1) * 1000).verdict).toBe('expired');
    expect(checkCard(SERVER_CODE, KEY, [], TODAY).verdict).toBe('forged');
  });

  // A card a server made before the phone left the code (it carries 0707070707 under key 12): cards
  // printed then stay in members' hands, and still check.
  const OLD_SERVER_CODE =
    '6BF6A0A10FFWJWG.FKJ05I8BV%K 2D4XOHQEF$DXD0XM9646646746JA7FN0CWEX-QWY0 NDMDID53H:KNJD646646646:96RV698F0C8MKDY$EH64ZGHV3EQEDZ34K/4%$EZQECEC+U00C8MKDY$EH64ZGHV3EQED7.0R*9N196$CHQE/+DX7DNA7QW6OF64Q64JD//6//6//6//6%:6D884SHN*1*AF-EK4DP8EGL:7X31VXOQRNP/05NO8643J3 YHSTRT+V7267SCCOS5S6WJ5-M6AY26%5:EME-CJDMNDS9XENNBK*034RA1';
  const OLD_SERVER_KEY: CardKey = {
    publicKeyHex: '76594f5101377eaaddf0784f9f1b5fee62ad93e3a51298ae792575c9593e40fb',
    issuer: 'Sésame',
  };

  it('still checks a card it made when the code carried the phone, and does not show the phone', () => {
    const old = decode(decodeCard(OLD_SERVER_CODE).payload, { useMaps: true }) as Map<number, unknown>;
    expect((old.get(169) as Map<number, unknown>).get(12)).toBe('0707070707');
    const check = checkCard(OLD_SERVER_CODE, OLD_SERVER_KEY, [], TODAY);
    expect(check).toEqual({
      verdict: 'valid',
      claims: {
        issuer: 'Sésame',
        cardNumber: 'K000000194',
        expiresAt: 1_953_158_400,
        issuedAt: 1_795_461_313,
        memberNumber: 'C000000175',
        fullName: "Adjoua Élodie N'Guessan",
        firstName: 'Adjoua Élodie',
        lastName: "N'Guessan",
        birthDate: '19850214',
      },
    });
    expect(checkCard(OLD_SERVER_CODE, OLD_SERVER_KEY, ['K000000194'], TODAY).verdict).toBe('revoked');
    expect(checkCard(OLD_SERVER_CODE, OLD_SERVER_KEY, [], Date.UTC(2031, 11, 1)).verdict).toBe('expired');
  });
});
