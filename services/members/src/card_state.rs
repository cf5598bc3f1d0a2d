//! Keeps what the members service knows of its members' payments and cards from the cards service's
//! events (`TransactionSaved`, `TransactionDeleted`, `CardSaved`), through the product's one durable
//! consumer: each event applied once, in a transaction that records its id. A member's
//! `member_hasUnusedTransaction` and `member_hasValidCard` are read from these rows.

use common::consumer::{Handler, read_event as read};
use common::error::ServiceError;
use proto::cards as pb;
use sqlx::PgConnection;

/// The durable name of the members' consumer of card events.
pub const CONSUMER: &str = "members-cards";

pub struct CardState;

impl Handler for CardState {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        match subject {
            "cards.transaction.created" | "cards.transaction.updated" => {
                let Some(t) =
                    read::<pb::TransactionSaved>(subject, payload).and_then(|e| e.transaction)
                else {
                    return Ok(());
                };
                let (Some(id), Some(member)) = (t.transaction_id, t.transaction_member_id) else {
                    return Ok(());
                };
                sqlx::query(
                    "INSERT INTO members.payment (transaction_id, member_id, used) VALUES ($1, $2, $3)
                     ON CONFLICT (transaction_id) DO UPDATE SET member_id = excluded.member_id, used = excluded.used",
                )
                .bind(id)
                .bind(member)
                .bind(t.transaction_is_used_for_card)
                .execute(&mut *tx)
                .await?;
            }
            "cards.transaction.deleted" => {
                let Some(e) = read::<pb::TransactionDeleted>(subject, payload) else {
                    return Ok(());
                };
                sqlx::query("DELETE FROM members.payment WHERE transaction_id = $1")
                    .bind(e.transaction_id)
                    .execute(&mut *tx)
                    .await?;
            }
            "cards.card.created" | "cards.card.updated" => {
                let Some(c) = read::<pb::CardSaved>(subject, payload).and_then(|e| e.card) else {
                    return Ok(());
                };
                let (Some(id), Some(member)) = (c.card_id, c.card_member_id) else { return Ok(()) };
                sqlx::query(
                    "INSERT INTO members.card (card_id, member_id, status, expiration_date)
                     VALUES ($1, $2, $3, $4::date)
                     ON CONFLICT (card_id) DO UPDATE SET member_id = excluded.member_id,
                         status = excluded.status, expiration_date = excluded.expiration_date",
                )
                .bind(id)
                .bind(member)
                .bind(&c.card_status)
                .bind(&c.card_expiration_date)
                .execute(&mut *tx)
                .await?;
            }
            _ => {}
        }
        Ok(())
    }
}
