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
