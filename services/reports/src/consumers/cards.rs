//! Keeps the statistics' cards (`store::statistics`: each card's member and status) from the cards
//! service's events (`CardSaved`, under `cards.card.created` and `cards.card.updated`). Each event is
//! applied once (the inbox) and in its order: a card's row keeps the stream position of the latest event
//! applied to it (`common::consumer::position`), so an older event offered late changes nothing.

use crate::store::statistics as store;
use common::consumer::{Handler, position, read_event, unreadable};
use common::error::ServiceError;
use common::outbox::subjects::cards as subjects;
use proto::cards as pb;
use sqlx::PgConnection;

/// The durable name of the reports' consumer of card events.
pub const CONSUMER: &str = "reports-cards";

pub struct CardEvents;

/// A card as the statistics keep it: its id, its member's id and its status.
#[derive(Debug, PartialEq)]
struct CardFacts {
    card_id: i64,
    member_id: i64,
    status: String,
}

impl Handler for CardEvents {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        match read(subject, payload) {
            Some(card) => {
                store::card_saved(tx, card.card_id, card.member_id, &card.status, position()).await
            }
            // A payment's or a delivery's event, or one that cannot be read (logged and counted).
            None => Ok(()),
        }
    }
}

fn read(subject: &str, payload: &[u8]) -> Option<CardFacts> {
    use subjects::*;
    if !(CARD_CREATED.is(subject) || CARD_UPDATED.is(subject)) {
        return None;
    }
    match read_event::<pb::CardSaved>(subject, payload)?.card {
        Some(pb::Card {
            card_id: Some(card_id),
            card_member_id: Some(member_id),
            card_status,
            ..
        }) if card_id > 0 && member_id > 0 => {
            Some(CardFacts { card_id, member_id, status: card_status })
        }
        _ => {
            unreadable(subject, "a card without its id or its member");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_event_is_read_as_published() {
        let meta = json!({"eventId": "0190", "schemaVersion": 1, "occurredAt": "2026-01-01T00:00:00+00:00"});
        let read_json = |subject: &str, payload: serde_json::Value| {
            read(subject, &serde_json::to_vec(&payload).unwrap())
        };
        let card = json!({"meta": meta, "card_id": 5, "card_idNumber": "K0000005", "card_memberId": 7,
            "card_status": "printed"});
        let facts = CardFacts { card_id: 5, member_id: 7, status: "printed".into() };
        assert_eq!(read_json("cards.card.updated", card.clone()), Some(facts));
        assert_eq!(read_json("cards.delivery.sent", card), None, "another event");
        assert_eq!(read_json("cards.card.created", json!({"meta": meta, "card_id": 5})), None);
    }
}
