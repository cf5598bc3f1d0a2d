import dayjs from 'dayjs';
import 'dayjs/locale/fr';

dayjs.locale('fr');

/** "22/11/2026 10:00" in the browser's time zone; empty for a missing date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY HH:mm') : value;
}

/** "22/11/2026" for a day (`AAAA-MM-JJ` or a timestamp); empty for a missing date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY') : value;
}

/** "7 décembre 2026 à 14:32:05" (« 1er » for the first day) in the browser's time zone: a moment told in
 * words, as a record's history dates its versions; empty for a missing date. */
export function formatMoment(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  if (!date.isValid()) return value;
  const day = date.date() === 1 ? '1er' : String(date.date());
  return `${day} ${date.format('MMMM YYYY [à] HH:mm:ss')}`;
}
