// The bodies of the writes on one card: the correction of the identity printed on a card waiting to be
// printed (post_card with its id: the identity block, shared/identity.ts, and the phone number; the birth
// date as AAAA-MM-JJ), and its reprint with the reason.
import dayjs, { type Dayjs } from 'dayjs';
import { IDENTITY_TEXTS, type IdentityText } from '../../shared/identity';
import type { Card, CardInput, Reprint } from './cardApi';
import { API_DATE } from './payload';

export type CardIdentityValues = { [F in IdentityText as `card_${F}`]?: string } & {
  card_birthDate?: Dayjs | null;
  card_phoneNumber?: string;
};

const trimmed = (value: string | null | undefined): string => (value ?? '').trim();

/** The identity block's texts of `from`, each through `map`. */
function texts(
  from: { [F in IdentityText as `card_${F}`]?: string | null },
  map: (value: string | null | undefined) => string,
) {
  return Object.fromEntries(IDENTITY_TEXTS.map((field) => [`card_${field}`, map(from[`card_${field}`])])) as {
    [F in IdentityText as `card_${F}`]: string;
  };
}

/** The correction form's values: the identity printed on the card now. */
export function toCardIdentityValues(card: Card): CardIdentityValues {
  const birth = card.card_birthDate ? dayjs(card.card_birthDate) : null;
  return {
    ...texts(card, (value) => value ?? ''),
    card_birthDate: birth?.isValid() ? birth : null,
    card_phoneNumber: card.card_phoneNumber,
  };
}

/** post_card for the card `id`: its corrected identity, texts trimmed, no birth date as null. */
export function toCardBody(id: number, values: CardIdentityValues): CardInput {
  const birth = values.card_birthDate;
  return {
    card_id: id,
    card_memberId: null,
    ...texts(values, trimmed),
    card_birthDate: birth && birth.isValid() ? birth.format(API_DATE) : null,
    card_phoneNumber: trimmed(values.card_phoneNumber),
  };
}

/** post.card_reprint: the card and why, trimmed (the server requires a reason). */
export function toReprintBody(id: number, reason: string | null | undefined): Reprint {
  return { card_id: id, reason: trimmed(reason) };
}
