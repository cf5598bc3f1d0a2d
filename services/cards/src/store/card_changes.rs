//! What happens to a card after it was made: its printed identity corrected while it waits to be
//! printed, its cancellation, and its reprint (docs/decisions.md, "Cards after their making"). Each
//! change locks the card, checks the move against its status (409 in French otherwise), and tells of
//! the card as it now is.

use super::cards::{card_search, identity, sign_card, tell_card};
use super::transactions::SPENDABLE;
use super::{SCHEMA, Store};
use crate::domain::card_qr::CardSigner;
use crate::domain::messages as msg;
use crate::events;
use common::error::ServiceError;
use common::outbox;
use common::text;
use proto::cards as pb;
use sqlx::{AssertSqlSafe, PgConnection};

/// Locks a card and answers its status (404 when there is none).
async fn lock_status(tx: &mut PgConnection, id: i64) -> Result<String, ServiceError> {
    let status: Option<String> =
        sqlx::query_scalar("SELECT card_status FROM cards.card WHERE card_id = $1 FOR UPDATE")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
    status.ok_or_else(|| ServiceError::NotFound(msg::card_not_found(id)))
}

impl Store {
    /// Corrects the identity printed on a pending card (`who`, checked by `card_rules::identity`): the
    /// identity block and the phone number, each column from the field of its name; its QR code is
    /// signed again.
    #[tracing::instrument(name = "db.cards.correct", skip(self, who, signer))]
    pub async fn correct_card(
        &self,
        id: i64,
        who: &pb::CardInput,
        signer: &CardSigner,
    ) -> Result<(), ServiceError> {
        let mut tx = self.pool().begin().await?;
        let status = lock_status(&mut tx, id).await?;
        if status != "pending" {
            return Err(ServiceError::Conflict(msg::not_editable(id, &msg::status_label(&status))));
        }
        sqlx::query(AssertSqlSafe(format!(
            "UPDATE cards.card SET ({}, card_phone_number) =
                 (SELECT {}, r.card_phone_number FROM jsonb_populate_record(NULL::cards.card, $2) r),
                 search = $3 || ' ' || lower(card_id_number) || ' ' || lower(card_member_id_number)
             WHERE card_id = $1",
            identity("", "card"),
            identity("r", "card")
        )))
        .bind(id)
        .bind(serde_json::Value::Object(super::members::by_columns(who)))
        .bind(text::fold(&format!("{} {}", who.card_firstname, who.card_lastname)))
        .execute(&mut *tx)
        .await?;
        sign_card(&mut tx, id, signer).await?;
        tell_card(&mut tx, id, &events::CARD_UPDATED).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }

    /// Cancels a card. A pending card was never printed: its payment is free again. A printed card or
    /// one in error was made: its payment stays spent. Any other status is a 409.
    #[tracing::instrument(name = "db.cards.cancel", skip(self))]
    pub async fn cancel_card(&self, id: i64, reason: &str) -> Result<(), ServiceError> {
        let mut tx = self.pool().begin().await?;
        let status = lock_status(&mut tx, id).await?;
        if !matches!(status.as_str(), "pending" | "printed" | "error") {
            return Err(ServiceError::Conflict(msg::not_cancellable(
                id,
                &msg::status_label(&status),
            )));
        }
        cancel(&mut tx, id, reason).await?;
        if status == "pending" {
            let payment: i64 =
                sqlx::query_scalar("SELECT card_transaction_id FROM cards.card WHERE card_id = $1")
                    .bind(id)
                    .fetch_one(&mut *tx)
                    .await?;
            super::transactions::set_used(&mut tx, payment, false).await?;
        }
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }

    /// A new card in place of a damaged or misprinted one: the old one is cancelled with the reason; the
    /// new one is pending, spends the same payment, keeps the same expiry, takes the member's identity
    /// and photo as they are now, and names the card it replaces. Answers the new card's id.
    #[tracing::instrument(
        name = "db.cards.reprint",
        skip(self, reason, signer, number_prefix, caller)
    )]
    pub async fn reprint_card(
        &self,
        id: i64,
        reason: &str,
        signer: &CardSigner,
        number_prefix: &str,
        caller: &str,
    ) -> Result<i64, ServiceError> {
        let mut tx = self.pool().begin().await?;
        let status = lock_status(&mut tx, id).await?;
        if !matches!(status.as_str(), "printed" | "in_delivery" | "delivered" | "error") {
            return Err(ServiceError::Conflict(msg::not_reprintable(
                id,
                &msg::status_label(&status),
            )));
        }
        cancel(&mut tx, id, reason).await?;
        let seq: i64 = sqlx::query_scalar("SELECT nextval('cards.card_number_seq')")
            .fetch_one(&mut *tx)
            .await?;
        let number = common::id_number::make(number_prefix, seq);
        // The member's copy as it is now (the old card's identity when the member is gone).
        let now: Vec<String> = proto::identity_columns("member")
            .zip(proto::identity_columns("card"))
            .map(|(member, card)| format!("coalesce(m.{member}, o.{card})"))
            .collect();
        let new_id: i64 = sqlx::query_scalar(AssertSqlSafe(format!(
            "INSERT INTO cards.card (card_id_number, card_member_id, card_member_id_number, {},
                 card_phone_number, card_membership_start_date, card_photo_version, card_expiration_date,
                 card_transaction_id, card_created_by_user, card_replaces_card_id, search)
             SELECT $1, o.card_member_id, coalesce(m.member_id_number, o.card_member_id_number), {},
                    coalesce(m.member_contact, o.card_phone_number),
                    coalesce(m.member_membership_start_date, o.card_membership_start_date),
                    coalesce(m.photo_version, o.card_photo_version), o.card_expiration_date,
                    o.card_transaction_id, $3, o.card_id, ''
             FROM cards.card o LEFT JOIN cards.member m ON m.member_id = o.card_member_id
             WHERE o.card_id = $2
             RETURNING card_id",
            identity("", "card"),
            now.join(", ")
        )))
        .bind(&number)
        .bind(id)
        .bind(caller)
        .fetch_one(&mut *tx)
        .await?;
        let names: (String, String, String) = sqlx::query_as(
            "SELECT card_firstname, card_lastname, card_member_id_number FROM cards.card WHERE card_id = $1",
        )
        .bind(new_id)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query("UPDATE cards.card SET search = $2 WHERE card_id = $1")
            .bind(new_id)
            .bind(card_search(&names.0, &names.1, &number, &names.2))
            .execute(&mut *tx)
            .await?;
        sign_card(&mut tx, new_id, signer).await?;
        tell_card(&mut tx, new_id, &events::CARD_CREATED).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(new_id)
    }

    /// The ids of the members who have a payment no card spent yet.
    pub async fn members_with_unused_payments(&self) -> Result<Vec<i64>, ServiceError> {
        Ok(sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT DISTINCT transaction_member_id FROM cards.transaction WHERE {SPENDABLE}",
        )))
        .fetch_all(self.pool())
        .await?)
    }
}

/// Cancels a locked card with the reason; out of its unsent delivery if it was in one.
async fn cancel(tx: &mut PgConnection, id: i64, reason: &str) -> Result<(), ServiceError> {
    sqlx::query(
        "UPDATE cards.card SET card_status = 'cancelled', card_cancelled_at = now(), card_cancelled_reason = $2,
             card_delivery_id = CASE WHEN card_status = 'in_delivery' THEN NULL ELSE card_delivery_id END
         WHERE card_id = $1",
    )
    .bind(id)
    .bind(reason)
    .execute(&mut *tx)
    .await?;
    tell_card(tx, id, &events::CARD_UPDATED).await
}
