//! Keeps the statistics' cards, payments and deliveries (`store::statistics`: each card's member and
//! status; `store::card_statistics`: each payment's member, operator, amount and day, each delivery's
//! creation and size) from the cards service's events (`CardSaved` under `cards.card.created` and
//! `.updated`; `TransactionSaved` and `TransactionDeleted`, a cancellation; `DeliverySaved` under
//! `cards.delivery.*`). Each event is applied once (the inbox) and in its order: a row keeps the stream
//! position of the latest event applied to it (`common::consumer::position`), so an older event offered
//! late changes nothing.

use crate::store::card_statistics::{self as payments, DeliveryFacts, PaymentFacts};
use crate::store::statistics as store;
use chrono::{DateTime, Utc};
use common::consumer::{Handler, IdRange, not_kept, position, read_event, unreadable};
use common::error::ServiceError;
use common::outbox::subjects::cards as subjects;
use common::replay::entities;
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

/// What an event of the cards service does here.
#[derive(Debug, PartialEq)]
enum Change {
    Card(CardFacts),
    Payment(PaymentFacts),
    PaymentCancelled(i64),
    Delivery { delivery: DeliveryFacts, deleted: bool },
}

impl Handler for CardEvents {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        let at = position();
        match read(subject, payload) {
            Some(Change::Card(card)) => {
                store::card_saved(tx, card.card_id, card.member_id, &card.status, at).await
            }
            Some(Change::Payment(payment)) => payments::payment_saved(tx, &payment, at).await,
            Some(Change::PaymentCancelled(id)) => payments::payment_deleted(tx, id, at).await,
            Some(Change::Delivery { delivery, deleted }) => {
                payments::delivery_saved(tx, &delivery, deleted, at).await
            }
            // An event that cannot be read (logged and counted).
            None => Ok(()),
        }
    }

    /// What the cards service no longer holds: a payment marked cancelled as its cancellation's event
    /// would, a card or a delivery forgotten.
    async fn forget_others(
        &self,
        tx: &mut PgConnection,
        entity: &str,
        range: IdRange,
        kept: &[i64],
    ) -> Result<(), ServiceError> {
        let (table, key) = match entity {
            entities::TRANSACTION => ("reports.stat_payment", "transaction_id"),
            entities::CARD => ("reports.stat_card", "card_id"),
            entities::DELIVERY => ("reports.stat_delivery", "delivery_id"),
            _ => return Ok(()),
        };
        let gone = not_kept(tx, table, key, range, kept).await?;
        if entity == entities::TRANSACTION {
            for id in gone {
                payments::payment_deleted(tx, id, position()).await?;
            }
            Ok(())
        } else {
            store::forget(tx, table, key, &gone).await
        }
    }
}

/// What the event of `subject` changes here; `None` for one that cannot be read, logged and counted.
fn read(subject: &str, payload: &[u8]) -> Option<Change> {
    use subjects::*;
    if CARD_CREATED.is(subject) || CARD_UPDATED.is(subject) {
        match read_event::<pb::CardSaved>(subject, payload)?.card {
            Some(pb::Card {
                card_id: Some(card_id),
                card_member_id: Some(member_id),
                card_status,
                ..
            }) if card_id > 0 && member_id > 0 => {
                Some(Change::Card(CardFacts { card_id, member_id, status: card_status }))
            }
            _ => {
                unreadable(subject, "a card without its id or its member");
                None
            }
        }
    } else if TRANSACTION_CREATED.is(subject) || TRANSACTION_UPDATED.is(subject) {
        match read_event::<pb::TransactionSaved>(subject, payload)?.transaction {
            Some(t) if t.transaction_id.is_some_and(|id| id > 0) => {
                Some(Change::Payment(PaymentFacts {
                    transaction_id: t.transaction_id.unwrap_or_default(),
                    member_id: t.transaction_member_id.unwrap_or_default(),
                    operator: t.transaction_mobile_operator.trim().to_string(),
                    // Whole francs CFA, as the cards service keeps them.
                    amount: t.transaction_amount.unwrap_or_default().round() as i64,
                    paid_on: common::dates::parse(&t.transaction_date).ok().flatten(),
                }))
            }
            _ => {
                unreadable(subject, "a payment without its id");
                None
            }
        }
    } else if TRANSACTION_DELETED.is(subject) {
        match read_event::<pb::TransactionDeleted>(subject, payload)?.transaction_id {
            id if id > 0 => Some(Change::PaymentCancelled(id)),
            _ => {
                unreadable(subject, "a cancelled payment without its id");
                None
            }
        }
    } else if [DELIVERY_CREATED, DELIVERY_UPDATED, DELIVERY_SENT, DELIVERY_DELETED]
        .iter()
        .any(|s| s.is(subject))
    {
        match read_event::<pb::DeliverySaved>(subject, payload)?.delivery {
            Some(d) if d.delivery_id.is_some_and(|id| id > 0) => Some(Change::Delivery {
                delivery: DeliveryFacts {
                    delivery_id: d.delivery_id.unwrap_or_default(),
                    created_at: DateTime::parse_from_rfc3339(&d.delivery_creation_date_time)
                        .ok()
                        .map(|at| at.with_timezone(&Utc)),
                    quantity: d.delivery_quantity,
                },
                deleted: DELIVERY_DELETED.is(subject),
            }),
            _ => {
                unreadable(subject, "a delivery without its id");
                None
            }
        }
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
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
        assert_eq!(read_json("cards.card.updated", card.clone()), Some(Change::Card(facts)));
        assert_eq!(read_json("cards.card.created", json!({"meta": meta, "card_id": 5})), None);

        let payment = json!({"meta": meta, "transaction_id": 9, "transaction_date": "2026-03-04",
            "transaction_amount": 5000.0, "transaction_memberId": 7,
            "transaction_mobileOperator": " Orange Money ", "transaction_number": "W-1"});
        assert_eq!(
            read_json("cards.transaction.created", payment),
            Some(Change::Payment(PaymentFacts {
                transaction_id: 9,
                member_id: 7,
                operator: "Orange Money".into(),
                amount: 5000,
                paid_on: NaiveDate::from_ymd_opt(2026, 3, 4),
            }))
        );
        assert_eq!(
            read_json(
                "cards.transaction.deleted",
                json!({"meta": meta, "transaction_id": 9, "transaction_memberId": 7})
            ),
            Some(Change::PaymentCancelled(9))
        );

        let delivery = json!({"meta": meta, "delivery_id": 3, "delivery_code": "LIV-20260304-1",
            "delivery_quantity": 4, "delivery_creationDateTime": "2026-03-04T10:00:00.5+00:00"});
        let facts = DeliveryFacts {
            delivery_id: 3,
            created_at: "2026-03-04T10:00:00.5Z".parse().ok(),
            quantity: 4,
        };
        assert_eq!(
            read_json("cards.delivery.sent", delivery.clone()),
            Some(Change::Delivery { delivery: facts.clone(), deleted: false })
        );
        assert_eq!(
            read_json("cards.delivery.deleted", delivery),
            Some(Change::Delivery { delivery: facts, deleted: true })
        );
        assert_eq!(read_json("cards.delivery.created", json!({"meta": meta})), None);
    }
}
