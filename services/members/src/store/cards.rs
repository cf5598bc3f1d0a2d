//! What the members service keeps of the cards service, from its events (`consumers::cards`): each
//! payment (spent on a card or not) and each card (status, expiry). A member's
//! `member_hasUnusedTransaction` and `member_hasValidCard` are read from these rows. Each write is
//! idempotent: an event applied twice changes nothing.

use common::error::ServiceError;
use sqlx::PgConnection;

/// A member's payment as the cards service last told it.
#[derive(Debug, PartialEq)]
pub struct Payment {
    pub transaction_id: i64,
    pub member_id: i64,
    /// Spent on a card.
    pub used: bool,
}

/// A member's card as the cards service last told it.
#[derive(Debug, PartialEq)]
pub struct Card {
    pub card_id: i64,
    pub member_id: i64,
    pub status: String,
    /// `YYYY-MM-DD`.
    pub expiration_date: String,
}

#[tracing::instrument(name = "db.members.payment_save", skip_all, fields(transaction_id = p.transaction_id))]
pub async fn save_payment(tx: &mut PgConnection, p: &Payment) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO members.payment (transaction_id, member_id, used) VALUES ($1, $2, $3)
         ON CONFLICT (transaction_id) DO UPDATE SET member_id = excluded.member_id, used = excluded.used",
    )
    .bind(p.transaction_id)
    .bind(p.member_id)
    .bind(p.used)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

#[tracing::instrument(name = "db.members.payment_delete", skip(tx))]
pub async fn delete_payment(
    tx: &mut PgConnection,
    transaction_id: i64,
) -> Result<(), ServiceError> {
    sqlx::query("DELETE FROM members.payment WHERE transaction_id = $1")
        .bind(transaction_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

#[tracing::instrument(name = "db.members.card_save", skip_all, fields(card_id = c.card_id))]
pub async fn save_card(tx: &mut PgConnection, c: &Card) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO members.card (card_id, member_id, status, expiration_date)
         VALUES ($1, $2, $3, $4::date)
         ON CONFLICT (card_id) DO UPDATE SET member_id = excluded.member_id,
             status = excluded.status, expiration_date = excluded.expiration_date",
    )
    .bind(c.card_id)
    .bind(c.member_id)
    .bind(&c.status)
    .bind(&c.expiration_date)
    .execute(&mut *tx)
    .await?;
    Ok(())
}
