// What the printing of cards decides without the network, pure so that it is tested alone: the name of the
// saved file, how many bytes received read in French, how often the progress may redraw, whether the bytes
// received make a whole PDF, and the walk through the list's pages that gathers the cards to print.
import { formatCount } from '../../shared/format/count';
import { formatSize } from '../../shared/format/size';
import { fr } from '../../shared/locale/fr';

/** Most cards one run prints from the filters (the server takes 20,000; a run this size already takes minutes). */
export const PRINT_CAP = 5000;
/** Rows asked for by each page of the list while the cards to print are gathered. */
export const COLLECT_PAGE_SIZE = 2000;
/** The progress redraws at most this often (a run of 1,500 cards gets thousands of chunks). */
export const PROGRESS_INTERVAL_MS = 200;

const pad = (n: number) => String(n).padStart(2, '0');

/** The day in the browser's time zone, AAAA-MM-JJ. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "cartes-2026-11-22.pdf": the name the PDF is saved under, dated of the day it is printed. */
export function printFileName(date: Date = new Date()): string {
  return fr.cards.print.file(isoDay(date));
}

/** "carte-SES0000123.pdf": one card's copy; anything but letters, digits and dashes left out of the number. */
export function cardFileName(number: string | null | undefined): string {
  const safe = (number ?? '').replace(/[^\w-]+/gu, '');
  return safe ? fr.cards.print.cardFile(safe) : printFileName();
}

/** "1,2 Mo reçus": the progress of a download ("0 octet reçu" before the first byte). */
export function receivedText(bytes: number): string {
  return fr.cards.print.received(formatSize(bytes), bytes >= 2);
}

/**
 * A gate that lets a progress through at most once every `intervalMs`: `due()` answers whether enough
 * time passed since the last one let through (and counts this one as let through when it did).
 */
export function progressGate(intervalMs: number = PROGRESS_INTERVAL_MS, now: () => number = () => performance.now()) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    due(): boolean {
      const time = now();
      if (time - last < intervalMs) return false;
      last = time;
      return true;
    },
  };
}

const EOF = [0x25, 0x25, 0x45, 0x4f, 0x46]; // "%%EOF"
const HEAD = [0x25, 0x50, 0x44, 0x46]; // "%PDF"
/** How far from the end "%%EOF" may stand (a final line break, a few spaces). */
const TAIL = 32;

/** The first `n` bytes of the chunks. */
function head(chunks: readonly Uint8Array[], n: number): number[] {
  const out: number[] = [];
  for (const chunk of chunks) {
    for (const byte of chunk) {
      if (out.length === n) return out;
      out.push(byte);
    }
  }
  return out;
}

/** The last `n` bytes of the chunks, in order. */
function tail(chunks: readonly Uint8Array[], n: number): number[] {
  const out: number[] = [];
  for (let c = chunks.length - 1; c >= 0 && out.length < n; c--) {
    const chunk = chunks[c];
    for (let i = chunk.length - 1; i >= 0 && out.length < n; i--) out.push(chunk[i]);
  }
  return out.reverse();
}

const startsAt = (bytes: readonly number[], prefix: readonly number[], at: number) =>
  prefix.every((b, i) => bytes[at + i] === b);

/**
 * Whether the chunks received make a whole PDF: "%PDF" first and "%%EOF" at the end. A run cut short by the
 * server (its stream ends early) lacks the end.
 */
export function isWholePdf(chunks: readonly Uint8Array[]): boolean {
  if (!startsAt(head(chunks, HEAD.length), HEAD, 0)) return false;
  const end = tail(chunks, TAIL);
  for (let i = end.length - EOF.length; i >= 0; i--) if (startsAt(end, EOF, i)) return true;
  return false;
}

/** A page of the card list as the collection reads it. */
export interface IdPage {
  ids: number[];
  total: number;
  totalExact: boolean;
}

export type Collected = { ids: number[] } | { tooMany: true };

/**
 * The ids of every row of a list read page by page (`page(after)`: the `pageSize` rows after the row of
 * id `after`, the first ones when null), until a page comes back short. Beyond `cap` rows, or when the
 * first page's exact total says there will be, it stops: `tooMany`. `onFound` hears the count so far.
 */
export async function collectIds(
  page: (after: number | null) => Promise<IdPage>,
  {
    cap = PRINT_CAP,
    pageSize = COLLECT_PAGE_SIZE,
    onFound,
  }: { cap?: number; pageSize?: number; onFound?: (n: number, total: number) => void } = {},
): Promise<Collected> {
  const ids: number[] = [];
  let after: number | null = null;
  for (;;) {
    const answer = await page(after);
    if (after === null && answer.totalExact && answer.total > cap) return { tooMany: true };
    ids.push(...answer.ids);
    if (ids.length > cap) return { tooMany: true };
    onFound?.(ids.length, Math.max(answer.total, ids.length));
    if (answer.ids.length < pageSize) return { ids };
    after = answer.ids[answer.ids.length - 1];
  }
}

/** The question asked once the PDF is saved, and its answer, for `n` cards. */
export function confirmQuestion(n: number): string {
  return fr.cards.print.confirm(formatCount(n), n);
}

const UNPRINTABLE: readonly string[] = ['cancelled', 'revoked'];

/** A card may be printed (a printed one as a copy) unless it was cancelled or revoked: such a card is void. */
export const isPrintable = (status: string | null | undefined) => !!status && !UNPRINTABLE.includes(status);
