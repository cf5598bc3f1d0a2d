// Counts as a French reader writes them ("180 000"), and the server's estimated totals as approximate
// ("environ 180 000"): an estimate shown to the unit would claim a precision it does not have.
import { fr } from '../locale/fr';

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

export function formatCount(n: number): string {
  return integer.format(n);
}

/** `n` rounded to two significant digits (183 427 -> 180 000; 12 -> 12). */
export function roughly(n: number): number {
  if (n < 100) return Math.round(n);
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / step) * step;
}

/** A list's total: exact as it is, an estimate rounded and said to be approximate. */
export function formatTotal(total: number, exact = true): string {
  return exact ? formatCount(total) : fr.records.approximately(formatCount(roughly(total)));
}
