// Where each home figure leads: its list, filtered so that the list counts what the figure counts, and how
// each list reads that filter back from the address. The server counts the day in UTC (docs/api.md,
// home/get.day_figures), so "today" and "the first of the month" are UTC days here too. Pure, so tested
// alone.

/** The address's query parameters of the filters a home figure opens a list with. */
export const HOME_PARAMS = {
  /** Members list: registered on or after this day (`AAAA-MM-JJ`). */
  createdFrom: 'createdFrom',
  /** Cards screen: which tab opens. */
  tab: 'tab',
  /** Cards tab: one status. */
  cardStatus: 'cardStatus',
  /** Deliveries list: `false` under way, `true` handed over. */
  sent: 'sent',
  /** Payments tab: `true`, only those a card may still spend. */
  spendable: 'spendable',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The UTC day of `now`, `AAAA-MM-JJ`. */
export function utcDay(now: Date): string {
  return `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;
}

/** The first day of `now`'s UTC month, `AAAA-MM-JJ`. */
export function firstOfUtcMonth(now: Date): string {
  return `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-01`;
}

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

/** The list behind each figure. */
export const homeLinks = {
  membersFrom: (day: string) => withQuery('/members', { [HOME_PARAMS.createdFrom]: day }),
  cardsToPrint: () => withQuery('/cards', { [HOME_PARAMS.tab]: 'cards', [HOME_PARAMS.cardStatus]: 'pending' }),
  deliveriesUnderWay: () => withQuery('/delivery', { [HOME_PARAMS.sent]: 'false' }),
  paymentsWithoutCard: () => withQuery('/cards', { [HOME_PARAMS.tab]: 'payments', [HOME_PARAMS.spendable]: 'true' }),
  journal: () => '/synchronization/journal',
};

/** A day as the address gives it: `AAAA-MM-JJ` of a real date, or `''` (no filter). */
export function parseDay(raw: string | null): string {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return '';
  const date = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === raw ? raw : '';
}

/** `true` or `false` as the address gives it; anything else: no filter. */
export function parseBoolean(raw: string | null): boolean | undefined {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return undefined;
}

/** Only `true` filters (the payments a card may still spend); anything else: every payment. */
export const parseTrue = (raw: string | null): boolean => raw === 'true';
