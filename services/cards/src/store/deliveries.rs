//! Deliveries: printed cards taken to the field. Putting a card in a delivery moves it from `printed` to
//! `in_delivery`; sending the delivery moves its cards to `delivered` (with `card_deliveredAt`), or to
//! `error` for an error-type delivery; taking a card out of an unsent delivery, or deleting one, moves
//! its cards back to `printed`. A sent delivery no longer changes.

use super::cards::{card_columns, tell_card};
use super::{SCHEMA, Store};
use crate::domain::delivery_rules;
use crate::domain::messages as msg;
use crate::events;
use common::error::ServiceError;
use common::outbox::{self, Subject};
use common::paging::Page;
use proto::cards as pb;
use sqlx::{PgConnection, Postgres, QueryBuilder};

/// Public sort fields of the delivery list and their columns; the first is the default order.
pub const DELIVERY_SORT: &[(&str, &str)] = &[
    ("delivery_id", "d.delivery_id"),
    ("delivery_code", "d.delivery_code"),
    ("delivery_creationDateTime", "d.delivery_creation_date_time"),
    ("delivery_sentDateTime", SENT),
];

/// The one sort column that may be NULL.
const SENT: &str = "d.delivery_sent_date_time";

/// A delivery row as `pb::Delivery` reads it, with its count of cards and whether a proof is kept; times
/// as its JSON writes them.
pub(super) const DELIVERY_COLUMNS: &str = "d.delivery_id, d.delivery_code, d.delivery_is_error_type,
    (SELECT count(*) FROM cards.card k WHERE k.card_delivery_id = d.delivery_id) AS delivery_quantity,
    d.delivery_sent, to_jsonb(d.delivery_creation_date_time) #>> '{}' AS delivery_creation_date_time,
    to_jsonb(d.delivery_sent_date_time) #>> '{}' AS delivery_sent_date_time,
    d.delivery_created_by_login_id, d.delivery_created_by_login, d.delivery_delivered_by_login_id,
    EXISTS (SELECT 1 FROM cards.delivery_proof p WHERE p.delivery_id = d.delivery_id) AS delivery_has_proof";

/// What a list of deliveries is filtered by.
#[derive(Debug)]
pub struct DeliverySearch<'a> {
    /// Part of the delivery's code.
    pub code: &'a str,
    /// A card number or a member number among its cards.
    pub id_number: &'a str,
    /// Sent (handed over), or under way.
    pub sent: Option<bool>,
}

fn push_conditions(q: &mut QueryBuilder<Postgres>, search: &DeliverySearch) {
    let (code, id_number) = (search.code, search.id_number);
    q.push(" WHERE TRUE");
    if let Some(sent) = search.sent {
        q.push(" AND d.delivery_sent = ").push_bind(sent);
    }
    if !code.is_empty() {
        q.push(" AND d.delivery_code ILIKE ")
            .push_bind(format!("%{}%", code.replace(['%', '_'], "")));
    }
    if !id_number.is_empty() {
        q.push(
            " AND EXISTS (SELECT 1 FROM cards.card k WHERE k.card_delivery_id = d.delivery_id
              AND (k.card_id_number = ",
        )
        .push_bind(id_number.to_string())
        .push(" OR k.card_member_id_number = ")
        .push_bind(id_number.to_string())
        .push("))");
    }
}

impl Store {
    #[tracing::instrument(name = "db.cards.delivery_list", skip(self, page))]
    pub async fn list_deliveries(
        &self,
        search: &DeliverySearch<'_>,
        page: &Page,
    ) -> Result<(Vec<pb::Delivery>, i64), ServiceError> {
        let (rows, total) =
            tokio::try_join!(self.delivery_rows(search, page), self.delivery_total(search))?;
        Ok((rows, total))
    }

    /// A page of deliveries without their total (an export's keyset page, `page.after`).
    pub async fn delivery_rows(
        &self,
        search: &DeliverySearch<'_>,
        page: &Page,
    ) -> Result<Vec<pb::Delivery>, ServiceError> {
        let mut q = QueryBuilder::<Postgres>::new(format!(
            "SELECT {DELIVERY_COLUMNS} FROM cards.delivery d"
        ));
        push_conditions(&mut q, search);
        // A delivery not sent yet has no sent time: those come last, in both directions.
        page.push_after(&mut q, "cards.delivery", "delivery_id", page.order_column == SENT);
        page.push_window(&mut q, &page.order_sql("d.delivery_id"));
        Ok(q.build_query_as::<pb::Delivery>().fetch_all(self.pool()).await?)
    }

    /// The number of deliveries `search` matches.
    pub async fn delivery_total(&self, search: &DeliverySearch<'_>) -> Result<i64, ServiceError> {
        let mut count = QueryBuilder::<Postgres>::new("SELECT count(*) FROM cards.delivery d");
        push_conditions(&mut count, search);
        Ok(count.build_query_scalar::<i64>().fetch_one(self.pool()).await?)
    }

    #[tracing::instrument(name = "db.cards.delivery_get", skip(self))]
    pub async fn get_delivery(&self, id: i64) -> Result<pb::DeliveryDetail, ServiceError> {
        let mut conn = self.pool().acquire().await?;
        let delivery = read_delivery(&mut conn, id).await?;
        let sql = format!(
            "SELECT {} FROM cards.card c WHERE c.card_delivery_id = $1 ORDER BY c.card_lastname, c.card_id",
            card_columns()
        );
        let cards = sqlx::query_as::<_, pb::Card>(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_all(&mut *conn)
            .await?;
        Ok(pb::DeliveryDetail { delivery: Some(delivery), cards })
    }

    /// The ids of the cards whose numbers are given (in the order given); a number no card has is a 400.
    pub async fn card_ids_of(&self, numbers: &[String]) -> Result<Vec<i64>, ServiceError> {
        let mut ids = Vec::with_capacity(numbers.len());
        for number in numbers {
            let id: Option<i64> =
                sqlx::query_scalar("SELECT card_id FROM cards.card WHERE card_id_number = $1")
                    .bind(number.trim().to_uppercase())
                    .fetch_optional(self.pool())
                    .await?;
            ids.push(id.ok_or_else(|| {
                ServiceError::invalid_field("cards", msg::card_number_not_found(number))
            })?);
        }
        Ok(ids)
    }

    /// Creates (no id) or changes an unsent delivery with its cards (`card_ids`: those `d` names, found),
    /// and sends it when asked, in one transaction; `login_id` and `login_name` are the caller's.
    #[tracing::instrument(
        name = "db.cards.delivery_save",
        skip_all,
        fields(delivery_id = d.delivery_id.unwrap_or_default())
    )]
    pub async fn save_delivery(
        &self,
        d: &pb::DeliveryInput,
        card_ids: &[i64],
        login_id: i64,
        login_name: &str,
    ) -> Result<i64, ServiceError> {
        // Every card given ends in the delivery (or the whole save is refused), and the cards not given
        // leave it: with at least one card, it is never left empty.
        delivery_rules::not_empty(card_ids)?;
        let existing = d.delivery_id.filter(|id| *id > 0);
        let mut tx = self.pool().begin().await?;
        let id = if let Some(id) = existing {
            lock_unsent(&mut tx, id).await?;
            sqlx::query(
                "UPDATE cards.delivery SET delivery_is_error_type = $2 WHERE delivery_id = $1",
            )
            .bind(id)
            .bind(d.delivery_is_error_type)
            .execute(&mut *tx)
            .await?;
            id
        } else {
            let seq: i64 = sqlx::query_scalar("SELECT nextval('cards.delivery_code_seq')")
                .fetch_one(&mut *tx)
                .await?;
            sqlx::query_scalar(
                "INSERT INTO cards.delivery (delivery_code, delivery_is_error_type, delivery_created_by_login_id,
                     delivery_created_by_login)
                 VALUES ('LIV-' || to_char(now(), 'YYYYMMDD') || '-' || $1, $2, $3, $4) RETURNING delivery_id",
            )
            .bind(seq)
            .bind(d.delivery_is_error_type)
            .bind(login_id)
            .bind(login_name)
            .fetch_one(&mut *tx)
            .await?
        };
        // Cards taken out go back to printed; the others come in from printed.
        let removed: Vec<i64> = sqlx::query_scalar(
            "UPDATE cards.card SET card_status = 'printed', card_delivery_id = NULL
             WHERE card_delivery_id = $1 AND NOT (card_id = ANY($2)) RETURNING card_id",
        )
        .bind(id)
        .bind(card_ids)
        .fetch_all(&mut *tx)
        .await?;
        for card in removed {
            tell_card(&mut tx, card, &events::CARD_UPDATED).await?;
        }
        for &card in card_ids {
            let row: Option<(String, Option<i64>)> = sqlx::query_as(
                "SELECT card_status, card_delivery_id FROM cards.card WHERE card_id = $1 FOR UPDATE",
            )
            .bind(card)
            .fetch_optional(&mut *tx)
            .await?;
            match row {
                None => return Err(ServiceError::NotFound(msg::card_not_found(card))),
                Some((_, Some(delivery))) if delivery == id => continue,
                Some((status, _)) if status != "printed" => {
                    return Err(ServiceError::Conflict(msg::not_deliverable(
                        card,
                        &msg::status_label(&status),
                    )));
                }
                Some((_, Some(_))) => {
                    return Err(ServiceError::Conflict(msg::in_another_delivery(card)));
                }
                Some(_) => {}
            }
            sqlx::query(
                "UPDATE cards.card SET card_status = 'in_delivery', card_delivery_id = $2 WHERE card_id = $1",
            )
            .bind(card)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            tell_card(&mut tx, card, &events::CARD_UPDATED).await?;
        }
        let mut subject =
            if existing.is_none() { &events::DELIVERY_CREATED } else { &events::DELIVERY_UPDATED };
        if d.delivery_sent {
            send(&mut tx, id, login_id).await?;
            subject = &events::DELIVERY_SENT;
        }
        tell_delivery(&mut tx, id, subject).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(id)
    }

    /// Deletes an unsent delivery; its cards go back to printed.
    #[tracing::instrument(name = "db.cards.delivery_delete", skip(self))]
    pub async fn delete_delivery(&self, id: i64) -> Result<(), ServiceError> {
        let mut tx = self.pool().begin().await?;
        lock_unsent(&mut tx, id).await?;
        tell_delivery(&mut tx, id, &events::DELIVERY_DELETED).await?;
        let freed: Vec<i64> = sqlx::query_scalar(
            "UPDATE cards.card SET card_status = 'printed', card_delivery_id = NULL
             WHERE card_delivery_id = $1 RETURNING card_id",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        for card in freed {
            tell_card(&mut tx, card, &events::CARD_UPDATED).await?;
        }
        sqlx::query("DELETE FROM cards.delivery WHERE delivery_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }
}

/// Sends a delivery (saved with its cards just before: never empty): its cards are delivered (or in
/// error for an error-type delivery).
async fn send(tx: &mut PgConnection, id: i64, login_id: i64) -> Result<(), ServiceError> {
    let is_error: bool = sqlx::query_scalar(
        "UPDATE cards.delivery SET delivery_sent = true, delivery_sent_date_time = now(),
             delivery_delivered_by_login_id = $2
         WHERE delivery_id = $1 RETURNING delivery_is_error_type",
    )
    .bind(id)
    .bind(login_id)
    .fetch_one(&mut *tx)
    .await?;
    let sent: Vec<i64> = sqlx::query_scalar(
        "UPDATE cards.card SET
             card_status = CASE WHEN $2 THEN 'error' ELSE 'delivered' END,
             card_delivered_at = CASE WHEN $2 THEN card_delivered_at ELSE now() END
         WHERE card_delivery_id = $1 RETURNING card_id",
    )
    .bind(id)
    .bind(is_error)
    .fetch_all(&mut *tx)
    .await?;
    for card in sent {
        tell_card(tx, card, &events::CARD_UPDATED).await?;
    }
    Ok(())
}

async fn read_delivery(conn: &mut PgConnection, id: i64) -> Result<pb::Delivery, ServiceError> {
    let sql = format!("SELECT {DELIVERY_COLUMNS} FROM cards.delivery d WHERE d.delivery_id = $1");
    sqlx::query_as::<_, pb::Delivery>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::delivery_not_found(id)))
}

/// Locks a delivery that was not sent; 404 or 409 otherwise.
async fn lock_unsent(tx: &mut PgConnection, id: i64) -> Result<(), ServiceError> {
    let sent: Option<bool> = sqlx::query_scalar(
        "SELECT delivery_sent FROM cards.delivery WHERE delivery_id = $1 FOR UPDATE",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    match sent {
        None => Err(ServiceError::NotFound(msg::delivery_not_found(id))),
        Some(true) => Err(ServiceError::Conflict(msg::DELIVERY_SENT.into())),
        Some(false) => Ok(()),
    }
}

/// Tells of a delivery as it now is, under `subject` (`events::DELIVERY_CREATED`, `_UPDATED`, `_SENT` or
/// `_DELETED`).
pub(super) async fn tell_delivery(
    tx: &mut PgConnection,
    id: i64,
    subject: &Subject<pb::DeliverySaved>,
) -> Result<(), ServiceError> {
    let delivery = read_delivery(tx, id).await?;
    let event = pb::DeliverySaved { meta: None, delivery: Some(delivery) };
    outbox::enqueue(tx, SCHEMA, subject, &event).await?;
    Ok(())
}
