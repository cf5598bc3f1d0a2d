// What the reader checks cards against: the card key (with the issuer codes must name) and the numbers of
// the revoked cards. Read from the server when it answers, and kept in localStorage, so that cards are
// still checked with the network cut ("offline" then says the kept copy is used).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { request } from '../../shared/api/request';
import type { CardKey } from './claim169';

export interface Trust {
  key: CardKey;
  revoked: string[];
  /** When it was read from the server (ISO 8601). */
  savedAt: string;
}

export interface TrustState extends Trust {
  /** The server did not answer: the copy kept from `savedAt` is used. */
  offline: boolean;
}

export const TRUST_STORAGE_KEY = 'sesame.reader.trust';
/** Rows asked for per page of the revoked cards. */
const PAGE = 2000;
/** A server that does not answer within this time is taken as unreachable. */
const TIMEOUT_MS = 10_000;

/** The kept copy, if any and well formed. */
export function readTrust(storage: Pick<Storage, 'getItem'> = window.localStorage): Trust | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(TRUST_STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { key, revoked, savedAt } = value as Partial<Trust>;
    if (
      typeof key?.publicKeyHex !== 'string' ||
      typeof key.issuer !== 'string' ||
      !Array.isArray(revoked) ||
      !revoked.every((number) => typeof number === 'string') ||
      typeof savedAt !== 'string'
    )
      return null;
    return { key: { publicKeyHex: key.publicKeyHex, issuer: key.issuer }, revoked, savedAt };
  } catch {
    // Unreadable, or storage refused (private mode, policy).
    return null;
  }
}

export function saveTrust(trust: Trust, storage: Pick<Storage, 'setItem'> = window.localStorage): void {
  try {
    storage.setItem(TRUST_STORAGE_KEY, JSON.stringify(trust));
  } catch {
    /* see readTrust: the check then works online only */
  }
}

async function fetchRevoked(signal: AbortSignal): Promise<string[]> {
  const numbers: string[] = [];
  // Page after page, each after the last card received (keyset paging).
  for (let after: number | undefined; ;) {
    const page = await request(
      api.GET('/card/get.card_list', {
        params: { query: { card_status: 'revoked', _limit: PAGE, after } },
        signal,
      }),
      { quiet: true },
    );
    numbers.push(...page.data.map((card) => card.card_idNumber).filter(Boolean));
    after = page.data.at(-1)?.card_id ?? undefined;
    if (page.data.length < PAGE || after === undefined) return numbers;
  }
}

/** Reads the key and the revoked cards from the server, and keeps them. */
export async function fetchTrust(): Promise<Trust> {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const [key, revoked] = await Promise.all([
    request(api.GET('/card/get.card_key', { signal }), { quiet: true }),
    fetchRevoked(signal),
  ]);
  const trust: Trust = {
    key: { publicKeyHex: key.data.publicKeyHex, issuer: key.data.issuer },
    revoked,
    savedAt: new Date().toISOString(),
  };
  saveTrust(trust);
  return trust;
}

/** The server's copy when it answers, else the kept one; an error when there is neither. */
export async function loadTrust(fetcher: () => Promise<Trust> = fetchTrust): Promise<TrustState> {
  try {
    return { ...(await fetcher()), offline: false };
  } catch (error) {
    const kept = readTrust();
    if (kept) return { ...kept, offline: true };
    throw error;
  }
}

export function useTrust() {
  return useQuery({
    queryKey: ['reader', 'trust'],
    queryFn: () => loadTrust(),
    // Run even when the browser says it is offline: the kept copy is the answer then.
    networkMode: 'always',
    // Read again when the network comes back, and now and then while the screen stays open.
    refetchOnReconnect: true,
    refetchInterval: 5 * 60_000,
  });
}
