// The bodies of post_delivery: a new delivery of the chosen cards, and the sending of a delivery as it is
// (its cards and type kept: the server would otherwise change them before sending).
import type { Schemas } from '../../shared/api/client';
import type { Delivery, DeliveryInput } from './api';

type Card = Schemas['Card'];

/** A card of the delivery, by its id. */
const byId = (card_id: number): Schemas['DeliveryCard'] => ({ card_id, card_idNumber: '', card_memberId: null });

export function newDeliveryBody(cardIds: readonly number[], isErrorType: boolean): DeliveryInput {
  return {
    delivery_id: null,
    delivery_isErrorType: isErrorType,
    cards: cardIds.map(byId),
    delivery_sent: false,
  };
}

export function sendDeliveryBody(delivery: Delivery, cards: readonly Card[]): DeliveryInput {
  return {
    delivery_id: delivery.delivery_id ?? null,
    delivery_isErrorType: delivery.delivery_isErrorType ?? false,
    cards: cards.flatMap((card) => (card.card_id != null ? [byId(card.card_id)] : [])),
    delivery_sent: true,
  };
}
