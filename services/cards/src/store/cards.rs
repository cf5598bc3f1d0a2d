//! Cards: read, listed, marked printed and revoked along their lifecycle (docs/decisions.md); their making
//! is in `card_making`, their correction, cancellation and reprint in `card_changes`.

use super::transactions::SPENDABLE;
use super::{SCHEMA, Store};
use crate::domain::card_qr::{CardFacts, CardSigner};
use crate::domain::messages as msg;
use crate::events;
use common::error::ServiceError;
use common::outbox::{self, Subject};
use common::paging::Page;
use proto::cards as pb;
use sqlx::{PgConnection, Postgres, QueryBuilder};

/// Public sort fields of the card list and their columns; the first is the default order.
pub const CARD_SORT: &[(&str, &str)] = &[
    ("card_id", "c.card_id"),
    ("card_idNumber", "c.card_id_number"),
    ("card_lastname", "c.card_lastname"),
    ("card_status", "c.card_status"),
    ("card_expirationDate", "c.card_expiration_date"),
];

/// The statuses of a card that still stands: a member with one gets no other.
pub(super) const STANDING: &str = "('pending', 'printed', 'in_delivery', 'delivered')";

/// The identity block's columns on one side (`card`, `member`), each as `{table}.{column}` (`c.card_city`;
/// bare when `table` is empty), joined by commas: the block's fields are the columns of the same names
/// on both sides, always in the block's order.
pub(super) fn identity(table: &str, prefix: &str) -> String {
    let qualified = |c: String| if table.is_empty() { c } else { format!("{table}.{c}") };
    proto::identity_columns(prefix).map(qualified).collect::<Vec<_>>().join(", ")
}

/// A card's search text: its names, its number and its member's, folded (accents and case).
pub(super) fn card_search(
    firstname: &str,
    lastname: &str,
    number: &str,
    member_number: &str,
) -> String {
    common::text::fold(&format!("{firstname} {lastname} {number} {member_number}"))
}

/// A card row as `pb::Card` reads it, with the address of the photo it was made with. Dates are
/// `AAAA-MM-JJ` and times as a card's JSON writes them (the identity block's fields are texts or dates,
/// read as texts).
pub(super) fn card_columns() -> String {
    let identity: Vec<String> =
        proto::identity_columns("card").map(|c| format!("c.{c}::text AS {c}")).collect();
    format!(
        "c.card_id, c.card_id_number, c.card_member_id, c.card_member_id_number, {},
         c.card_phone_number, c.card_membership_start_date::text AS card_membership_start_date,
         c.card_status, c.card_expiration_date::text AS card_expiration_date,
         to_jsonb(c.card_delivered_at) #>> '{{}}' AS card_delivered_at,
         to_jsonb(c.card_printed_at) #>> '{{}}' AS card_printed_at, c.card_transaction_id,
         to_jsonb(c.card_created_at) #>> '{{}}' AS card_created_at, c.card_created_by_user,
         CASE WHEN c.card_photo_version > 0
             THEN '{}' || c.card_member_id || '?v=' || c.card_photo_version ELSE '' END AS card_photo_file_path,
         c.card_qrcode, to_jsonb(c.card_revoked_at) #>> '{{}}' AS card_revoked_at, c.card_revoked_reason,
         c.card_replaces_card_id, c.card_cancelled_reason,
         to_jsonb(c.card_cancelled_at) #>> '{{}}' AS card_cancelled_at",
        identity.join(", "),
        common::photos::MEMBER_PHOTO_ADDRESS
    )
}

/// A list row's columns, as `pb::CardRow` reads them (the same as `card_columns`).
const CARD_ROW: &str = "c.card_id, c.card_id_number, c.card_member_id, c.card_member_id_number,
    c.card_firstname, c.card_lastname, c.card_status, c.card_expiration_date::text AS card_expiration_date,
    to_jsonb(c.card_delivered_at) #>> '{}' AS card_delivered_at,
    to_jsonb(c.card_printed_at) #>> '{}' AS card_printed_at,
    to_jsonb(c.card_created_at) #>> '{}' AS card_created_at";

/// The filters of a card list. `words`: one folded `LIKE` pattern per word of the free text, each to be
/// found in the card's number or its holder's names, in any order.
#[derive(Default)]
pub struct CardSearch {
    pub words: Vec<String>,
    pub member_id: Option<i64>,
    pub member_id_number: String,
    pub status: String,
    /// Only printed cards in no delivery yet.
    pub to_deliver: bool,
}

impl CardSearch {
    fn push_conditions(&self, q: &mut QueryBuilder<Postgres>) {
        q.push(" WHERE TRUE");
        for word in &self.words {
            q.push(" AND c.search LIKE ").push_bind(word.clone());
        }
        if let Some(id) = self.member_id {
            q.push(" AND c.card_member_id = ").push_bind(id);
        }
        if !self.member_id_number.is_empty() {
            q.push(" AND c.card_member_id_number = ").push_bind(self.member_id_number.clone());
        }
        if !self.status.is_empty() {
            q.push(" AND c.card_status = ").push_bind(self.status.clone());
        }
        if self.to_deliver {
            q.push(" AND c.card_status = 'printed' AND c.card_delivery_id IS NULL");
        }
    }
}

impl Store {
    #[tracing::instrument(name = "db.cards.card_list", skip_all)]
    pub async fn list_cards(
        &self,
        search: &CardSearch,
        page: &Page,
    ) -> Result<(Vec<pb::CardRow>, i64, bool), ServiceError> {
        let (rows, counted) = tokio::try_join!(self.card_rows(search, page), async {
            Ok(self.card_total(search).await?)
        })?;
        let (total, exact) = common::total::of_page(rows.len(), page, counted);
        Ok((rows, total, exact))
    }

    /// A page of cards without their total (an export's keyset page, `page.after`).
    #[tracing::instrument(name = "db.cards.card_rows", skip_all, fields(after = page.after))]
    pub async fn card_rows(
        &self,
        search: &CardSearch,
        page: &Page,
    ) -> Result<Vec<pb::CardRow>, ServiceError> {
        let mut q = QueryBuilder::<Postgres>::new(format!("SELECT {CARD_ROW} FROM cards.card c"));
        search.push_conditions(&mut q);
        // Every sort column is NOT NULL: one index serves both directions.
        page.push_after(&mut q, "cards.card", "card_id", false);
        page.push_window(&mut q, &page.order_sql_not_null("c.card_id"));
        // Not kept prepared, so that a search is planned for its pattern (see `common::total`).
        Ok(q.build_query_as::<pb::CardRow>().persistent(false).fetch_all(self.pool()).await?)
    }

    /// The number of cards `search` matches (exact, or estimated beyond: `common::total`).
    pub async fn card_total(&self, search: &CardSearch) -> Result<(i64, bool), sqlx::Error> {
        common::total::bounded_total(self.pool(), |q| {
            q.push(" FROM cards.card c");
            search.push_conditions(q);
        })
        .await
    }

    /// The cards of `ids`, in that order, in one query; 404 for the first id no card has.
    #[tracing::instrument(name = "db.cards.card_by_ids", skip_all, fields(cards = ids.len()))]
    pub async fn cards_by_ids(&self, ids: &[i64]) -> Result<Vec<pb::Card>, ServiceError> {
        let sql = format!(
            "SELECT {} FROM unnest($1::bigint[]) WITH ORDINALITY AS wanted(id, n)
             JOIN cards.card c ON c.card_id = wanted.id ORDER BY wanted.n",
            card_columns()
        );
        let cards = sqlx::query_as::<_, pb::Card>(sqlx::AssertSqlSafe(sql))
            .bind(ids)
            .fetch_all(self.pool())
            .await?;
        if let Some(missing) = ids.iter().find(|id| !cards.iter().any(|c| c.card_id == Some(**id)))
        {
            return Err(ServiceError::NotFound(msg::card_not_found(*missing)));
        }
        Ok(cards)
    }

    /// The first id of `ids` no card has, if any.
    pub async fn missing_cards(&self, ids: &[i64]) -> Result<Option<i64>, ServiceError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM unnest($1::bigint[]) WITH ORDINALITY AS wanted(id, n)
             WHERE NOT EXISTS (SELECT 1 FROM cards.card c WHERE c.card_id = wanted.id)
             ORDER BY n LIMIT 1",
        )
        .bind(ids)
        .fetch_optional(self.pool())
        .await?)
    }

    #[tracing::instrument(name = "db.cards.card_get", skip(self))]
    pub async fn get_card(&self, id: i64) -> Result<pb::Card, ServiceError> {
        read_card(&mut *self.pool().acquire().await?, id).await
    }

    /// The members a card can be made for: an unused payment of at least `price`, no standing card.
    /// Found from the unused payments (few), not from every member.
    #[tracing::instrument(name = "db.cards.candidates", skip(self, page))]
    pub async fn card_candidates(
        &self,
        price: i64,
        page: &Page,
    ) -> Result<(Vec<pb::CardCandidate>, i64), ServiceError> {
        let eligible = format!(
            "SELECT DISTINCT ON (t.transaction_member_id) m.member_id, m.member_id_number,
                    m.member_firstname, m.member_lastname, t.transaction_id, t.transaction_amount::float8 AS transaction_amount
             FROM cards.transaction t JOIN cards.member m ON m.member_id = t.transaction_member_id
             WHERE {SPENDABLE} AND t.transaction_amount >= $1
               AND NOT EXISTS (SELECT 1 FROM cards.card c WHERE c.card_member_id = m.member_id
                               AND c.card_status IN {STANDING} AND c.card_expiration_date >= current_date)
             ORDER BY t.transaction_member_id, t.transaction_date, t.transaction_id"
        );
        let sql = format!(
            "SELECT e.* FROM ({eligible}) e
             ORDER BY member_lastname, member_firstname, member_id LIMIT $2 OFFSET $3"
        );
        let rows = sqlx::query_as::<_, pb::CardCandidate>(sqlx::AssertSqlSafe(sql))
            .bind(price)
            .bind(page.limit)
            .bind(page.offset)
            .fetch_all(self.pool())
            .await?;
        let total: i64 =
            sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) FROM ({eligible}) e")))
                .bind(price)
                .fetch_one(self.pool())
                .await?;
        Ok((rows, total))
    }

    /// pending -> printed for every card of `ids`, or none (409 naming the first that is not pending).
    #[tracing::instrument(name = "db.cards.mark_printed", skip(self))]
    pub async fn mark_printed(&self, ids: &[i64]) -> Result<i64, ServiceError> {
        let mut tx = self.pool().begin().await?;
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        for &id in &ids {
            let status: Option<String> = sqlx::query_scalar(
                "SELECT card_status FROM cards.card WHERE card_id = $1 FOR UPDATE",
            )
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
            match status.as_deref() {
                None => return Err(ServiceError::NotFound(msg::card_not_found(id))),
                Some("pending") => {}
                Some(other) => {
                    return Err(ServiceError::Conflict(msg::not_pending(
                        id,
                        &msg::status_label(other),
                    )));
                }
            }
            sqlx::query(
                "UPDATE cards.card SET card_status = 'printed', card_printed_at = now() WHERE card_id = $1",
            )
            .bind(id)
            .execute(&mut *tx)
            .await?;
            tell_card(&mut tx, id, &events::CARD_UPDATED).await?;
        }
        outbox::commit(tx, SCHEMA).await?;
        Ok(ids.len() as i64)
    }
}

impl Store {
    /// The ids of the cards waiting to be printed, oldest first, at most `limit`.
    pub async fn pending_card_ids(&self, limit: i64) -> Result<Vec<i64>, ServiceError> {
        Ok(sqlx::query_scalar(
            "SELECT card_id FROM cards.card WHERE card_status = 'pending' ORDER BY card_id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(self.pool())
        .await?)
    }

    /// A card declared lost or stolen: revoked, from any standing status, with the reason.
    #[tracing::instrument(name = "db.cards.revoke", skip(self, reason))]
    pub async fn revoke_card(&self, id: i64, reason: &str) -> Result<(), ServiceError> {
        let mut tx = self.pool().begin().await?;
        let status: Option<String> =
            sqlx::query_scalar("SELECT card_status FROM cards.card WHERE card_id = $1 FOR UPDATE")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        match status.as_deref() {
            None => return Err(ServiceError::NotFound(msg::card_not_found(id))),
            Some("pending" | "printed" | "in_delivery" | "delivered") => {}
            Some(other) => {
                return Err(ServiceError::Conflict(msg::not_revocable(
                    id,
                    &msg::status_label(other),
                )));
            }
        }
        sqlx::query(
            "UPDATE cards.card SET card_status = 'revoked', card_revoked_at = now(), card_revoked_reason = $2,
                 card_delivery_id = CASE WHEN card_status = 'in_delivery' THEN NULL ELSE card_delivery_id END
             WHERE card_id = $1",
        )
        .bind(id)
        .bind(reason)
        .execute(&mut *tx)
        .await?;
        tell_card(&mut tx, id, &events::CARD_UPDATED).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }
}

/// Signs the QR code of a card as its row now stands (made, corrected or reprinted).
pub(super) async fn sign_card(
    tx: &mut PgConnection,
    card_id: i64,
    signer: &CardSigner,
) -> Result<(), ServiceError> {
    let facts: (String, String, String, String, Option<chrono::NaiveDate>, i64, i64) =
        sqlx::query_as(
            "SELECT card_member_id_number, card_id_number, card_firstname, card_lastname, card_birth_date,
                extract(epoch FROM card_created_at)::bigint,
                extract(epoch FROM card_expiration_date::timestamptz)::bigint
         FROM cards.card WHERE card_id = $1",
        )
        .bind(card_id)
        .fetch_one(&mut *tx)
        .await?;
    let qr = signer.sign(&CardFacts {
        member_id_number: facts.0,
        card_number: facts.1,
        firstname: facts.2,
        lastname: facts.3,
        birth_date: facts.4,
        issued_at: facts.5,
        expires_at: facts.6,
    })?;
    sqlx::query("UPDATE cards.card SET card_qrcode = $2 WHERE card_id = $1")
        .bind(card_id)
        .bind(qr)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

pub(super) async fn read_card(conn: &mut PgConnection, id: i64) -> Result<pb::Card, ServiceError> {
    let sql = format!("SELECT {} FROM cards.card c WHERE c.card_id = $1", card_columns());
    sqlx::query_as::<_, pb::Card>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::card_not_found(id)))
}

/// Tells of a card as it now is, under `subject` (`events::CARD_CREATED` or `_UPDATED`).
pub(super) async fn tell_card(
    tx: &mut PgConnection,
    id: i64,
    subject: &Subject<pb::CardSaved>,
) -> Result<(), ServiceError> {
    let card = read_card(tx, id).await?;
    let event = pb::CardSaved { meta: None, card: Some(card) };
    outbox::enqueue(tx, SCHEMA, subject, &event).await?;
    Ok(())
}

impl Store {
    /// The day's work: cards waiting to be printed, deliveries under way (not sent yet), payments
    /// a card may still spend; each counted on its own index.
    #[tracing::instrument(name = "db.cards.day_figures", skip(self))]
    pub async fn day_figures(&self) -> Result<pb::CardFigures, ServiceError> {
        let (cards_to_print, deliveries_under_way, payments_without_card): (i64, i64, i64) =
            sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT (SELECT count(*) FROM cards.card WHERE card_status = 'pending'),
                        (SELECT count(*) FROM cards.delivery WHERE NOT delivery_sent),
                        (SELECT count(*) FROM cards.transaction WHERE {})",
                SPENDABLE
            )))
            .fetch_one(self.pool())
            .await?;
        Ok(pb::CardFigures { cards_to_print, deliveries_under_way, payments_without_card })
    }
}
