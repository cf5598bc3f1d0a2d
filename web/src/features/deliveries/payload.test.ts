import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../shared/api/client';
import type { Delivery } from './api';
import { newDeliveryBody, sendDeliveryBody } from './payload';

describe('delivery payloads', () => {
  it('a new delivery: no id, the chosen cards by id, not sent', () => {
    expect(newDeliveryBody([4, 9], true)).toEqual({
      delivery_id: null,
      delivery_isErrorType: true,
      cards: [
        { card_id: 4, card_idNumber: '', card_memberId: null },
        { card_id: 9, card_idNumber: '', card_memberId: null },
      ],
      delivery_sent: false,
    });
  });

  it('sending keeps the delivery as it is: its id, type and cards', () => {
    const delivery = { delivery_id: 12, delivery_isErrorType: false, delivery_sent: false } as Delivery;
    const cards = [{ card_id: 4 }, { card_id: null }, { card_id: 9 }] as Schemas['Card'][];
    expect(sendDeliveryBody(delivery, cards)).toEqual({
      delivery_id: 12,
      delivery_isErrorType: false,
      cards: [
        { card_id: 4, card_idNumber: '', card_memberId: null },
        { card_id: 9, card_idNumber: '', card_memberId: null },
      ],
      delivery_sent: true,
    });
  });
});
