// A card's status in French, with the colour of its tag, and the choices of the status filter.
import { fr } from '../../shared/locale/fr';

export type CardStatus = keyof typeof fr.cards.statuses;

export const CARD_STATUSES = Object.keys(fr.cards.statuses) as CardStatus[];

const COLORS: Record<CardStatus, string> = {
  pending: 'gold',
  printed: 'blue',
  in_delivery: 'purple',
  delivered: 'green',
  error: 'red',
  cancelled: 'default',
  revoked: 'volcano',
};

const isStatus = (status: string): status is CardStatus => Object.hasOwn(fr.cards.statuses, status);

/** "pending" -> "En attente d'impression"; an unknown status is shown as it comes. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return isStatus(status) ? fr.cards.statuses[status] : status;
}

/** The antd tag colour of a status. */
export function statusColor(status: string | null | undefined): string {
  return status && isStatus(status) ? COLORS[status] : 'default';
}

export const statusOptions = () => CARD_STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/** Only cards waiting to be printed can be marked printed. */
export const isPending = (status: string | null | undefined) => status === 'pending';

/** Only a card waiting to be printed has its printed identity corrected (a printed one is reprinted). */
export const isCorrectable = isPending;

const REPRINTABLE: readonly string[] = ['printed', 'in_delivery', 'delivered', 'error'];
const CANCELLABLE: readonly string[] = ['pending', 'printed', 'error'];

/** A card already printed (or in error) is replaced by a new one, the old one cancelled. */
export const isReprintable = (status: string | null | undefined) => !!status && REPRINTABLE.includes(status);

/** A card not yet handed over (no delivery holds it) can be cancelled. */
export const isCancellable = (status: string | null | undefined) => !!status && CANCELLABLE.includes(status);
