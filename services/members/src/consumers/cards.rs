//! Keeps what the members service knows of its members' payments and cards (`store::cards`) from the
//! cards service's events (`TransactionSaved`, `TransactionDeleted`, `CardSaved`), through the product's
//! one durable consumer: each event applied once, in a transaction that records its id. A member's
//! `member_hasUnusedTransaction` and `member_hasValidCard` are read from these rows.

use crate::store::cards::{self as store, Card, Payment};
use common::consumer::{Handler, IdRange, not_kept, read_event, unreadable};
use common::error::ServiceError;
use common::outbox::subjects::cards as subjects;
use common::replay::entities;
use proto::cards as pb;
use sqlx::PgConnection;

/// The durable name of the members' consumer of card events.
pub const CONSUMER: &str = "members-cards";

pub struct CardEvents;

/// What an event of the cards service does here.
#[derive(Debug, PartialEq)]
enum Change {
    PaymentSaved(Payment),
    PaymentDeleted(i64),
    CardSaved(Card),
}

impl Handler for CardEvents {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        match read(subject, payload) {
            Some(Change::PaymentSaved(payment)) => store::save_payment(tx, &payment).await,
            Some(Change::PaymentDeleted(id)) => store::delete_payment(tx, id).await,
            Some(Change::CardSaved(card)) => store::save_card(tx, &card).await,
            // An event the members do not keep (a delivery's), or one they cannot read: that one was
            // logged and counted, and is acknowledged rather than offered again, since it will never
            // become readable.
            None => Ok(()),
        }
    }

    /// The payments the cards service no longer holds (cancelled while the members were behind), deleted
    /// as a cancellation's event would. Cards are never deleted.
    async fn forget_others(
        &self,
        tx: &mut PgConnection,
        entity: &str,
        range: IdRange,
        kept: &[i64],
    ) -> Result<(), ServiceError> {
        if entity == entities::TRANSACTION {
            for id in not_kept(tx, "members.payment", "transaction_id", range, kept).await? {
                store::delete_payment(tx, id).await?;
            }
        }
        Ok(())
    }
}

/// What the event of `subject` changes here; `None` for an event the members do not keep, and for one
/// they cannot read (its JSON, or a record without its id or its member), logged and counted as
/// `unreadable`.
fn read(subject: &str, payload: &[u8]) -> Option<Change> {
    use subjects::*;
    let incomplete = |what: &str| {
        unreadable(subject, format_args!("{what} without its id or its member"));
        None
    };
    if TRANSACTION_CREATED.is(subject) || TRANSACTION_UPDATED.is(subject) {
        match read_event::<pb::TransactionSaved>(subject, payload)?.transaction {
            Some(pb::Transaction {
                transaction_id: Some(transaction_id),
                transaction_member_id: Some(member_id),
                transaction_is_used_for_card: used,
                ..
            }) => Some(Change::PaymentSaved(Payment { transaction_id, member_id, used })),
            _ => incomplete("a transaction"),
        }
    } else if TRANSACTION_DELETED.is(subject) {
        let deleted = read_event::<pb::TransactionDeleted>(subject, payload)?;
        Some(Change::PaymentDeleted(deleted.transaction_id))
    } else if CARD_CREATED.is(subject) || CARD_UPDATED.is(subject) {
        match read_event::<pb::CardSaved>(subject, payload)?.card {
            Some(pb::Card {
                card_id: Some(card_id),
                card_member_id: Some(member_id),
                card_status: status,
                card_expiration_date: expiration_date,
                ..
            }) => Some(Change::CardSaved(Card { card_id, member_id, status, expiration_date })),
            _ => incomplete("a card"),
        }
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::consumer::{reading_as, unreadable_count};
    use serde_json::json;

    fn read_json(subject: &str, payload: serde_json::Value) -> Option<Change> {
        read(subject, &serde_json::to_vec(&payload).unwrap())
    }

    /// Events as the cards service publishes them: the record flat beside `meta`.
    #[test]
    fn each_event_is_read_as_published() {
        let meta = json!({"eventId": "0190", "schemaVersion": 1, "occurredAt": "2025-01-01T00:00:00+00:00"});
        let transaction = json!({"meta": meta, "transaction_id": 3, "transaction_memberId": 8,
            "transaction_amount": 5000.0, "transaction_isUsedForCard": true});
        assert_eq!(
            read_json("cards.transaction.updated", transaction),
            Some(Change::PaymentSaved(Payment { transaction_id: 3, member_id: 8, used: true }))
        );
        let deleted = json!({"meta": meta, "transaction_id": 3, "transaction_memberId": 8});
        assert_eq!(
            read_json("cards.transaction.deleted", deleted),
            Some(Change::PaymentDeleted(3))
        );
        let card = json!({"meta": meta, "card_id": 5, "card_memberId": 8, "card_status": "printed",
            "card_expirationDate": "2030-01-31"});
        assert_eq!(
            read_json("cards.card.created", card),
            Some(Change::CardSaved(Card {
                card_id: 5,
                member_id: 8,
                status: "printed".into(),
                expiration_date: "2030-01-31".into(),
            }))
        );
    }

    /// An unreadable event is counted against the consumer reading it; one it does not keep is not.
    #[test]
    fn an_unreadable_event_is_counted_not_applied() {
        let name = "test-members-cards";
        let read = |subject: &str, payload: &[u8]| reading_as(name, || read(subject, payload));
        assert_eq!(read("cards.transaction.created", b"[1, 2"), None);
        assert_eq!(read("cards.transaction.created", br#"{"transaction_id": 3}"#), None);
        assert_eq!(read("cards.card.updated", br#"{"card_memberId": 8}"#), None);
        assert_eq!(unreadable_count(name), 3);
        assert_eq!(read("cards.delivery.created", br#"{"delivery_id": 2}"#), None);
        assert_eq!(unreadable_count(name), 3, "an event the members do not keep is no fault");
    }
}
