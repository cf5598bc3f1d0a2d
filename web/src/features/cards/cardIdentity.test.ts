import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Card } from './cardApi';
import { toCardBody, toCardIdentityValues, toReprintBody } from './cardIdentity';
import { isCancellable, isCorrectable, isReprintable } from './cardStatus';

const card = {
  card_id: 12,
  card_idNumber: 'SES0012',
  card_lastname: 'Koné',
  card_firstname: 'Awa',
  card_birthDate: '1990-04-02',
  card_birthLocation: 'Daloa',
  card_city: 'Abidjan',
  card_phoneNumber: '0707070707',
  card_status: 'pending',
} as Card;

describe('the correction of a card', () => {
  it('starts from the identity printed on it, and sends it back as it was', () => {
    const values = toCardIdentityValues(card);
    expect(values.card_birthDate?.format('DD/MM/YYYY')).toBe('02/04/1990');
    expect(toCardBody(12, values)).toEqual({
      card_id: 12,
      card_memberId: null,
      card_lastname: 'Koné',
      card_firstname: 'Awa',
      card_birthDate: '1990-04-02',
      card_birthLocation: 'Daloa',
      card_city: 'Abidjan',
      card_phoneNumber: '0707070707',
    });
  });

  it('sends trimmed texts and no birth date as null', () => {
    expect(toCardBody(12, { card_lastname: ' Koné ', card_firstname: 'Awa ', card_birthDate: null })).toMatchObject({
      card_lastname: 'Koné',
      card_firstname: 'Awa',
      card_birthDate: null,
      card_city: '',
    });
    expect(toCardBody(12, { card_birthDate: dayjs('1985-12-31') }).card_birthDate).toBe('1985-12-31');
    expect(toCardIdentityValues({ ...card, card_birthDate: null }).card_birthDate).toBeNull();
  });

  it('a reprint sends the card and its reason, trimmed', () => {
    expect(toReprintBody(12, '  carte abîmée ')).toEqual({ card_id: 12, reason: 'carte abîmée' });
    expect(toReprintBody(12, undefined)).toEqual({ card_id: 12, reason: '' });
  });
});

describe('what can be done to a card, by its status', () => {
  it('corrected only while waiting to be printed', () => {
    expect(isCorrectable('pending')).toBe(true);
    expect(isCorrectable('printed')).toBe(false);
  });

  it('reprinted once printed, in a delivery, delivered or in error', () => {
    for (const status of ['printed', 'in_delivery', 'delivered', 'error']) expect(isReprintable(status)).toBe(true);
    for (const status of ['pending', 'cancelled', 'revoked', null]) expect(isReprintable(status)).toBe(false);
  });

  it('cancelled while no delivery holds it', () => {
    for (const status of ['pending', 'printed', 'error']) expect(isCancellable(status)).toBe(true);
    for (const status of ['in_delivery', 'delivered', 'cancelled', 'revoked', undefined])
      expect(isCancellable(status)).toBe(false);
  });
});
