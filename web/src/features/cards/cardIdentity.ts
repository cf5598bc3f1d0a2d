// The bodies of the writes on one card: the correction of the identity printed on a card waiting to be
// printed (post_card with its id; the birth date as AAAA-MM-JJ), and its reprint with the reason.
import dayjs, { type Dayjs } from 'dayjs';
import type { Card, CardInput, Reprint } from './cardApi';
import { API_DATE } from './payload';

export interface CardIdentityValues {
  card_lastname?: string;
  card_firstname?: string;
  card_birthDate?: Dayjs | null;
  card_birthLocation?: string;
  card_city?: string;
  card_phoneNumber?: string;
}

const trimmed = (value: string | null | undefined): string => (value ?? '').trim();

/** The correction form's values: the identity printed on the card now. */
export function toCardIdentityValues(card: Card): CardIdentityValues {
  const birth = card.card_birthDate ? dayjs(card.card_birthDate) : null;
  return {
    card_lastname: card.card_lastname,
    card_firstname: card.card_firstname,
    card_birthDate: birth?.isValid() ? birth : null,
    card_birthLocation: card.card_birthLocation,
    card_city: card.card_city,
    card_phoneNumber: card.card_phoneNumber,
  };
}

/** post_card for the card `id`: its corrected identity, texts trimmed, no birth date as null. */
export function toCardBody(id: number, values: CardIdentityValues): CardInput {
  const birth = values.card_birthDate;
  return {
    card_id: id,
    card_memberId: null,
    card_lastname: trimmed(values.card_lastname),
    card_firstname: trimmed(values.card_firstname),
    card_birthDate: birth && birth.isValid() ? birth.format(API_DATE) : null,
    card_birthLocation: trimmed(values.card_birthLocation),
    card_city: trimmed(values.card_city),
    card_phoneNumber: trimmed(values.card_phoneNumber),
  };
}

/** post.card_reprint: the card and why, trimmed (the server requires a reason). */
export function toReprintBody(id: number, reason: string | null | undefined): Reprint {
  return { card_id: id, reason: trimmed(reason) };
}
