// The reading of a card's QR code, offline: its text is a MOSIP Claim 169 payload, Base45 text of zlib
// bytes of a COSE_Sign1 structure (RFC 9052) signed with Ed25519, whose payload is a CWT (RFC 8392)
// naming the issuer, the card's number as subject, its issue and expiry, and the holder's identity under
// claim 169: what the card prints (member number, names, birth date), nothing more. Claims are read by
// their keys and any other is ignored, so a card signed before the phone (key 12) left the code still
// reads and checks (its signature covers the bytes as they are), without its phone being shown. Pure
// functions: the reader screen gives them the card key and the revoked cards it keeps.
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { decode, encode, type TagDecoder } from 'cborg';
import { unzlibSync } from 'fflate';

// The synchronous API of @noble/ed25519 needs a SHA-512; WebCrypto's is asynchronous and absent outside
// secure contexts, so the pure-JavaScript one is used everywhere.
ed.hashes.sha512 = sha512;

/** What a card's code says about the card and its holder. */
export interface CardClaims {
  issuer: string;
  /** The card's number (the CWT's subject). */
  cardNumber: string;
  /** Expiry and issue, in seconds since the epoch; `null` when absent. */
  expiresAt: number | null;
  issuedAt: number | null;
  /** The member's number (claim 169's id). */
  memberNumber: string;
  fullName: string;
  firstName: string;
  lastName: string;
  /** "AAAAMMJJ" as written in the code; empty when absent. */
  birthDate: string;
}

/** The outcome of a check, most serious first: forged, revoked, expired, valid. */
export type Verdict = 'valid' | 'expired' | 'revoked' | 'forged';

/** The key that checks the codes, with the issuer they must name. */
export interface CardKey {
  publicKeyHex: string;
  issuer: string;
}

export interface CardCheck {
  verdict: Verdict;
  /** What the code says; `null` when it could not be read. */
  claims: CardClaims | null;
}

/** A code that is not a readable Claim 169 payload. */
export class UnreadableCodeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnreadableCodeError';
  }
}

/** A read code: its claims and the signed parts, for the signature's check. */
export interface DecodedCard {
  claims: CardClaims;
  /** The COSE algorithm named in the protected header (-8: EdDSA), `null` when absent. */
  algorithm: number | null;
  protectedHeader: Uint8Array;
  payload: Uint8Array;
  signature: Uint8Array;
}

// --- Base45 (RFC 9285) ---

const BASE45 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

export function base45Encode(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 2) {
    if (i + 1 < bytes.length) {
      let n = bytes[i] * 256 + bytes[i + 1];
      const c = n % 45;
      n = (n - c) / 45;
      const d = n % 45;
      const e = (n - d) / 45;
      text += BASE45[c] + BASE45[d] + BASE45[e];
    } else {
      const n = bytes[i];
      text += BASE45[n % 45] + BASE45[Math.floor(n / 45)];
    }
  }
  return text;
}

export function base45Decode(text: string): Uint8Array {
  if (text.length % 3 === 1) throw new UnreadableCodeError('Base45: a lone last character');
  const values = Array.from(text, (char) => {
    const value = BASE45.indexOf(char);
    if (value < 0) throw new UnreadableCodeError(`Base45: character ${JSON.stringify(char)}`);
    return value;
  });
  const bytes: number[] = [];
  for (let i = 0; i < values.length; i += 3) {
    if (i + 2 < values.length) {
      const n = values[i] + values[i + 1] * 45 + values[i + 2] * 45 * 45;
      if (n > 0xffff) throw new UnreadableCodeError('Base45: a group beyond two bytes');
      bytes.push(n >> 8, n & 0xff);
    } else {
      const n = values[i] + values[i + 1] * 45;
      if (n > 0xff) throw new UnreadableCodeError('Base45: a last group beyond one byte');
      bytes.push(n);
    }
  }
  return Uint8Array.from(bytes);
}

/** zlib's checksum (RFC 1950). */
function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    a = (a + bytes[i]) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

// --- COSE_Sign1 and CWT ---

/** COSE_Sign1's tag (18) and CWT's (61) only wrap the structure: they are taken off. */
const unwrap: TagDecoder = (content) => content();
const TAGS = { 18: unwrap, 61: unwrap };

function cbor(bytes: Uint8Array, what: string): unknown {
  try {
    return decode(bytes, { useMaps: true, tags: TAGS });
  } catch (cause) {
    throw new UnreadableCodeError(`${what}: not CBOR`, { cause });
  }
}

function text(map: Map<unknown, unknown>, key: number): string {
  const value = map.get(key);
  return typeof value === 'string' ? value : '';
}

function seconds(map: Map<unknown, unknown>, key: number): number | null {
  const value = map.get(key);
  if (typeof value === 'number' && Number.isFinite(value)) return Math.floor(value);
  if (typeof value === 'bigint') return Number(value);
  return null;
}

/** Reads a code's text into its claims and signed parts; throws UnreadableCodeError. */
export function decodeCard(qrText: string): DecodedCard {
  // A scanner may end the code with a line break or a tab; a space is a Base45 character and stays.
  const cleaned = qrText.replace(/[\r\n\t]+/g, '');
  if (!cleaned) throw new UnreadableCodeError('empty');
  const compressed = base45Decode(cleaned);
  let bytes: Uint8Array;
  try {
    bytes = unzlibSync(compressed);
  } catch (cause) {
    throw new UnreadableCodeError('zlib', { cause });
  }
  // The inflater does not check zlib's trailer: it is checked here, so that no character of the code
  // can change unnoticed.
  const end = compressed.length;
  const trailer =
    compressed.length >= 6 ? new DataView(compressed.buffer, compressed.byteOffset + end - 4, 4).getUint32(0) : -1;
  if (trailer !== adler32(bytes)) throw new UnreadableCodeError('zlib: Adler-32 checksum');

  const sign1 = cbor(bytes, 'COSE_Sign1');
  if (!Array.isArray(sign1) || sign1.length !== 4) throw new UnreadableCodeError('COSE_Sign1: not four parts');
  const [protectedHeader, , payload, signature] = sign1 as unknown[];
  if (
    !(protectedHeader instanceof Uint8Array) ||
    !(payload instanceof Uint8Array) ||
    !(signature instanceof Uint8Array)
  )
    throw new UnreadableCodeError('COSE_Sign1: parts that are not byte strings');

  let algorithm: number | null = null;
  if (protectedHeader.length > 0) {
    const header = cbor(protectedHeader, 'protected header');
    if (!(header instanceof Map)) throw new UnreadableCodeError('protected header: not a map');
    const alg: unknown = header.get(1);
    algorithm = typeof alg === 'number' ? alg : null;
  }

  const cwt = cbor(payload, 'CWT');
  if (!(cwt instanceof Map)) throw new UnreadableCodeError('CWT: not a map');
  const identity: unknown = cwt.get(169);
  if (!(identity instanceof Map)) throw new UnreadableCodeError('CWT: no claim 169');

  return {
    claims: {
      issuer: text(cwt, 1),
      cardNumber: text(cwt, 2),
      expiresAt: seconds(cwt, 4),
      issuedAt: seconds(cwt, 6),
      memberNumber: text(identity, 1),
      fullName: text(identity, 4),
      firstName: text(identity, 5),
      lastName: text(identity, 7),
      birthDate: text(identity, 8),
    },
    algorithm,
    protectedHeader,
    payload,
    signature,
  };
}

/** COSE's Sig_structure of a COSE_Sign1 (RFC 9052 §4.4), with no external data: what is signed. */
export function sigStructure(protectedHeader: Uint8Array, payload: Uint8Array): Uint8Array {
  return encode(['Signature1', protectedHeader, new Uint8Array(0), payload]);
}

/** EdDSA, the only algorithm cards are signed with. */
export const COSE_EDDSA = -8;

function hexBytes(hex: string): Uint8Array | null {
  if (!/^([0-9a-fA-F]{2})+$/.test(hex)) return null;
  return Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** Whether the code is signed with this key (EdDSA over its Sig_structure). */
export function hasValidSignature(card: DecodedCard, publicKeyHex: string): boolean {
  const publicKey = hexBytes(publicKeyHex);
  if (!publicKey || publicKey.length !== 32 || card.algorithm !== COSE_EDDSA || card.signature.length !== 64)
    return false;
  try {
    return ed.verify(card.signature, sigStructure(card.protectedHeader, card.payload), publicKey);
  } catch {
    return false;
  }
}

/**
 * Checks a code's text: forged (unreadable, another key or another issuer), then revoked (its card
 * number among `revoked`), then expired (its expiry before `now`, in milliseconds), else valid.
 */
export function checkCard(
  qrText: string,
  key: CardKey,
  revoked: Iterable<string>,
  now: number = Date.now(),
): CardCheck {
  let card: DecodedCard;
  try {
    card = decodeCard(qrText);
  } catch {
    return { verdict: 'forged', claims: null };
  }
  const { claims } = card;
  if (!hasValidSignature(card, key.publicKeyHex)) return { verdict: 'forged', claims };
  if (key.issuer && claims.issuer.normalize('NFC') !== key.issuer.normalize('NFC'))
    return { verdict: 'forged', claims };
  if (new Set(revoked).has(claims.cardNumber)) return { verdict: 'revoked', claims };
  if (claims.expiresAt !== null && claims.expiresAt * 1000 <= now) return { verdict: 'expired', claims };
  return { verdict: 'valid', claims };
}

/** "AAAAMMJJ" as "JJ/MM/AAAA"; any other text as it is. */
export function formatBirthDate(value: string): string {
  const parts = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]}` : value;
}
