/**
 * The text of a loosely typed value (a spreadsheet cell, a form field): strings as they are, numbers,
 * booleans and dates written out, and '' for nothing. An object gives '' rather than "[object Object]".
 */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toString();
  return '';
}

/**
 * A title as a file name's part: lower case, accents removed, every run of spaces or punctuation one dash
 * ("Membres par tranche d'âge" -> "membres-par-tranche-d-age"); "œ" and "æ" written out.
 */
export function slug(title: string): string {
  return title
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
