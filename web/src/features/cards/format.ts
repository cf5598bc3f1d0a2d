// How a payment's amount reads in French: whole francs CFA, thousands grouped ("5 000 FCFA").
import { formatCount } from '../../shared/format/count';
import { fr } from '../../shared/locale/fr';

/** "5 000 FCFA"; empty without an amount. */
export function formatAmount(amount: number | null | undefined): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? fr.transactions.amount(formatCount(amount)) : '';
}

/** The amount field's text as the user types: its digits, grouped by thousands ("5000" -> "5 000"). */
export function amountText(value: number | string | null | undefined): string {
  const digits = amountDigits(value);
  return digits === '' ? '' : formatCount(Number(digits));
}

/** The digits of the amount field's text (spaces, separators and anything else left out). */
export function amountDigits(value: number | string | null | undefined): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(Math.trunc(Math.abs(value))) : '';
  return (value ?? '').replace(/\D/gu, '').replace(/^0+(?=\d)/u, '');
}
