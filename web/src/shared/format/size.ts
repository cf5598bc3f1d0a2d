// A file's size as a French reader says it ("850 octets", "12 ko", "1,2 Mo"): binary multiples (1 ko =
// 1 024 octets), as the file managers people open the file in count them, and a decimal comma.
import { formatCount } from './count';

const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const UNITS = ['ko', 'Mo', 'Go', 'To'] as const;

/** "0 octet", "850 octets", "12 ko", "1,2 Mo", "3,5 Go"; anything not a size reads "0 octet". */
export function formatSize(bytes: number | null | undefined): string {
  const n = typeof bytes === 'number' && Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  if (n < 1024) {
    const whole = Math.trunc(n);
    return `${formatCount(whole)} octet${whole > 1 ? 's' : ''}`;
  }
  let value = n / 1024;
  let unit = 0;
  // 1 023,96 ko would read "1 024 ko": the next unit says it better.
  while (Math.round(value * 10) / 10 >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Kilobytes whole (a tenth of a ko says nothing); megabytes and above to one decimal ("1,2 Mo").
  const shown = unit === 0 ? formatCount(Math.round(value)) : oneDecimal.format(value);
  return `${shown} ${UNITS[unit]}`;
}
