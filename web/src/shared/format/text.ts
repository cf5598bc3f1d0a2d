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
