//! The payments and cards a field laptop receives from the central server (docs/api.md,
//! "Synchronisation"): the changes after a checkpoint, each card with what it names in front (its payment,
//! the card it replaces), and their applying on the laptop under the central server's ids, each with its
//! member found by id number (migration 0010 gives every change a position).

use super::cards::{self, card_columns, card_search};
use super::members::{Members, by_columns};
use super::transactions::{self, TRANSACTION_COLUMNS};
use super::{SCHEMA, Store};
use crate::domain::messages as msg;
use crate::domain::transaction_rules::number_key;
use crate::events;
use common::error::ServiceError;
use common::outbox;
use common::sync_position::Positions;
use proto::cards as pb;
use proto::members as mpb;
use serde_json::{Value, json};
use sqlx::postgres::PgRow;
use sqlx::{AssertSqlSafe, FromRow, PgConnection, Row};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::LazyLock;

const POSITIONS: Positions =
    Positions { lock: "cards.sync_position", sequence: "cards.sync_position_seq" };

/// The columns a received payment is written with (its id first), from its message's fields.
const PAYMENT_COLUMNS: [&str; 14] = [
    "transaction_id",
    "transaction_date",
    "transaction_amount",
    "transaction_type",
    "transaction_member_id",
    "transaction_mobile_operator",
    "transaction_number",
    "number_key",
    "transaction_is_used_for_card",
    "transaction_created_at",
    "transaction_created_by_user",
    "transaction_cancelled_at",
    "transaction_cancelled_by_user",
    "transaction_cancel_reason",
];

/// The columns a received card is written with (its id first): its message's fields that are columns,
/// its photo's version and its search text. Its delivery stays on the central server.
static CARD_WRITTEN: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut columns: Vec<String> =
        ["card_id", "card_id_number", "card_member_id", "card_member_id_number"]
            .map(String::from)
            .into();
    columns.extend(proto::identity_columns("card"));
    columns.extend(
        [
            "card_phone_number",
            "card_membership_start_date",
            "card_photo_version",
            "card_status",
            "card_expiration_date",
            "card_delivered_at",
            "card_printed_at",
            "card_transaction_id",
            "card_created_at",
            "card_created_by_user",
            "card_qrcode",
            "card_revoked_at",
            "card_revoked_reason",
            "card_replaces_card_id",
            "card_cancelled_reason",
            "card_cancelled_at",
            "search",
        ]
        .map(String::from),
    );
    columns
});

/// A change of the page: a payment's or a card's.
struct Change {
    card: bool,
    id: i64,
    position: i64,
}

impl Store {
    /// The payments and cards changed after `after`, at most `limit`, in the order of their positions,
    /// each card's payment and the cards it replaces sent again in front (a laptop writes a card only
    /// after what it names).
    #[tracing::instrument(name = "db.cards.sync_changes", skip(self))]
    pub async fn changed_cards(
        &self,
        after: i64,
        limit: i64,
    ) -> Result<pb::CardPage, ServiceError> {
        let horizon = POSITIONS.horizon(self.pool()).await?;
        let changes: Vec<Change> = sqlx::query(
            "SELECT card, id, sync_position FROM (
                 SELECT false AS card, transaction_id AS id, sync_position FROM cards.transaction
                 WHERE sync_position > $1 AND sync_position <= $2
                 UNION ALL
                 SELECT true, card_id, sync_position FROM cards.card
                 WHERE sync_position > $1 AND sync_position <= $2) c
             ORDER BY sync_position LIMIT $3",
        )
        .bind(after)
        .bind(horizon)
        .bind(limit)
        .fetch_all(self.pool())
        .await?
        .iter()
        .map(|row| {
            Ok(Change {
                card: row.try_get("card")?,
                id: row.try_get("id")?,
                position: row.try_get("sync_position")?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;

        let page_cards: Vec<i64> = changes.iter().filter(|c| c.card).map(|c| c.id).collect();
        let cards = self.cards_with_replaced(&page_cards).await?;
        let mut payment_ids: BTreeSet<i64> =
            changes.iter().filter(|c| !c.card).map(|c| c.id).collect();
        payment_ids.extend(cards.values().filter_map(|r| r.card.as_ref()?.card_transaction_id));
        let payments = self.payments(&payment_ids).await?;

        // In front: every payment a card of the page names, then every card one of them replaces, older
        // first; then the page's changes in order.
        let named: BTreeSet<i64> =
            cards.values().filter_map(|r| r.card.as_ref()?.card_transaction_id).collect();
        let replaced: BTreeSet<i64> =
            cards.values().filter_map(|r| r.card.as_ref()?.card_replaces_card_id).collect();
        let mut records = Vec::with_capacity(changes.len() + named.len() + replaced.len());
        records.extend(named.iter().filter_map(|id| payments.get(id).cloned()));
        records.extend(replaced.iter().filter_map(|id| cards.get(id).cloned()));
        for change in &changes {
            let found = if change.card { cards.get(&change.id) } else { payments.get(&change.id) };
            if let Some(record) = found {
                records.push(pb::SyncedCardRecord { position: change.position, ..record.clone() });
            }
        }
        // A page shorter than asked went through every change up to the horizon.
        let last_position = match changes.last() {
            Some(last) if changes.len() as i64 >= limit => last.position,
            _ => horizon.max(after),
        };
        Ok(pb::CardPage { records, last_position, card_key: None })
    }

    /// The cards `ids` and, down their chains, the cards they replace, as they travel, by id.
    async fn cards_with_replaced(
        &self,
        ids: &[i64],
    ) -> Result<BTreeMap<i64, pb::SyncedCardRecord>, ServiceError> {
        if ids.is_empty() {
            return Ok(BTreeMap::new());
        }
        let sql = format!(
            "WITH RECURSIVE chain AS (
                 SELECT card_id, card_replaces_card_id FROM cards.card WHERE card_id = ANY($1)
                 UNION
                 SELECT r.card_id, r.card_replaces_card_id
                 FROM cards.card r JOIN chain ON r.card_id = chain.card_replaces_card_id)
             SELECT {}, c.card_photo_version FROM cards.card c
             WHERE c.card_id IN (SELECT card_id FROM chain)",
            card_columns()
        );
        let rows = sqlx::query(AssertSqlSafe(sql)).bind(ids).fetch_all(self.pool()).await?;
        rows.iter()
            .map(|row: &PgRow| {
                let card = pb::Card::from_row(row)?;
                let record = pb::SyncedCardRecord {
                    member_id_number: card.card_member_id_number.clone(),
                    card_photo_version: row.try_get("card_photo_version")?,
                    card: Some(card),
                    ..Default::default()
                };
                Ok((record.card.as_ref().and_then(|c| c.card_id).unwrap_or_default(), record))
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }

    /// The payments `ids`, as they travel (with their member's id number), by id.
    async fn payments(
        &self,
        ids: &BTreeSet<i64>,
    ) -> Result<BTreeMap<i64, pb::SyncedCardRecord>, ServiceError> {
        if ids.is_empty() {
            return Ok(BTreeMap::new());
        }
        let ids: Vec<i64> = ids.iter().copied().collect();
        let sql = format!(
            "SELECT {TRANSACTION_COLUMNS}, coalesce(m.member_id_number, '') AS member_id_number
             FROM cards.transaction t LEFT JOIN cards.member m ON m.member_id = t.transaction_member_id
             WHERE t.transaction_id = ANY($1)"
        );
        let rows = sqlx::query(AssertSqlSafe(sql)).bind(ids).fetch_all(self.pool()).await?;
        rows.iter()
            .map(|row: &PgRow| {
                let transaction = pb::Transaction::from_row(row)?;
                let id = transaction.transaction_id.unwrap_or_default();
                let record = pb::SyncedCardRecord {
                    member_id_number: row.try_get("member_id_number")?,
                    transaction: Some(transaction),
                    ..Default::default()
                };
                Ok((id, record))
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(Into::into)
    }

    /// Applies the central server's payments and cards on a field laptop in one transaction, in the
    /// order given, each under its id with the laptop's own member (found by id number), and told by the
    /// same events as a save (the members service's view of a member's payments and cards follows them).
    /// A row already as sent is left untouched: a page applied again changes nothing.
    #[tracing::instrument(name = "db.cards.sync_apply", skip_all, fields(records = records.len()))]
    pub async fn apply_synced_cards(
        &self,
        members: Members<'_>,
        records: &[pb::SyncedCardRecord],
        card_key: Option<&pb::CardKey>,
    ) -> Result<pb::CardsApplied, ServiceError> {
        let numbers: BTreeSet<&str> = records.iter().map(|r| r.member_id_number.as_str()).collect();
        let local = self.local_members(members, &numbers).await?;
        let mut tx = self.pool().begin().await?;
        let mut applied = pb::CardsApplied::default();
        for record in records {
            let member_id = *local.get(record.member_id_number.as_str()).ok_or_else(|| {
                ServiceError::Conflict(msg::sync_member_unknown(&record.member_id_number))
            })?;
            let written = match record {
                pb::SyncedCardRecord { transaction: Some(t), .. } => {
                    write_payment(&mut tx, t, member_id).await?
                }
                pb::SyncedCardRecord { card: Some(c), .. } => {
                    write_card(&mut tx, c, member_id, record.card_photo_version).await?
                }
                _ => return Err(ServiceError::invalid_field("records", msg::SYNC_RECORD_EMPTY)),
            };
            match written {
                Some(true) => applied.created += 1,
                Some(false) => applied.updated += 1,
                None => applied.unchanged += 1,
            }
        }
        if let Some(key) = card_key {
            sqlx::query(
                "INSERT INTO cards.central_card_key (kid, public_key_hex, issuer) VALUES ($1, $2, $3)
                 ON CONFLICT (one) DO UPDATE
                 SET kid = $1, public_key_hex = $2, issuer = $3",
            )
            .bind(&key.kid)
            .bind(&key.public_key_hex)
            .bind(&key.issuer)
            .execute(&mut *tx)
            .await?;
        }
        outbox::commit(tx, SCHEMA).await?;
        Ok(applied)
    }

    /// The central server's card key, once a laptop received it.
    pub async fn central_card_key(&self) -> Result<Option<pb::CardKey>, ServiceError> {
        let key: Option<(String, String, String)> =
            sqlx::query_as("SELECT kid, public_key_hex, issuer FROM cards.central_card_key")
                .fetch_optional(self.pool())
                .await?;
        Ok(key.map(|(kid, public_key_hex, issuer)| pb::CardKey { kid, public_key_hex, issuer }))
    }

    /// This instance's member id of each id number, from the copy of members, or read from the members
    /// service for a member whose event has not reached the copy yet.
    async fn local_members<'n>(
        &self,
        members: Members<'_>,
        numbers: &BTreeSet<&'n str>,
    ) -> Result<HashMap<&'n str, i64>, ServiceError> {
        let wanted: Vec<String> = numbers.iter().map(|n| n.to_string()).collect();
        let mut known: HashMap<String, i64> = self.copied_ids(&wanted).await?;
        let missing: Vec<&str> =
            numbers.iter().copied().filter(|n| !known.contains_key(*n)).collect();
        if let (false, Some(client)) = (missing.is_empty(), members) {
            let mut ids = Vec::with_capacity(missing.len());
            for number in &missing {
                let asked = mpb::MemberListRequest {
                    paging: Some(proto::common::Paging { limit: 5, ..Default::default() }),
                    filter: Some(mpb::MemberFilter {
                        filter_id_number: number.to_string(),
                        ..Default::default()
                    }),
                };
                let found = client.clone().list_members(asked).await.map_err(|status| {
                    tracing::error!(code = ?status.code(), message = status.message(), "member lookup failed");
                    ServiceError::Unavailable(msg::MEMBERS_UNAVAILABLE.into())
                })?;
                ids.extend(
                    found
                        .into_inner()
                        .items
                        .into_iter()
                        .filter(|row| row.member_id_number == *number)
                        .filter_map(|row| row.member_id),
                );
            }
            self.read_again(members, &ids).await?;
            known = self.copied_ids(&wanted).await?;
        }
        Ok(numbers.iter().filter_map(|n| Some((*n, *known.get(*n)?))).collect())
    }

    /// The copy's member id of each of the id numbers it has.
    async fn copied_ids(&self, numbers: &[String]) -> Result<HashMap<String, i64>, ServiceError> {
        let rows: Vec<(String, i64)> = sqlx::query_as(
            "SELECT member_id_number, member_id FROM cards.member WHERE member_id_number = ANY($1)",
        )
        .bind(numbers)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.into_iter().collect())
    }
}

/// Writes `columns` of a row from `values` (JSON keyed by column) under its id (the first column),
/// unless it is already as sent: `Some(created)` when written, `None` when unchanged.
async fn upsert(
    tx: &mut PgConnection,
    table: &str,
    columns: &[String],
    values: Value,
) -> Result<Option<bool>, ServiceError> {
    let id = &columns[0];
    let list = columns.join(", ");
    let sets: Vec<String> = columns[1..].iter().map(|c| format!("{c} = excluded.{c}")).collect();
    let own: Vec<String> = columns[1..].iter().map(|c| format!("t.{c}")).collect();
    let theirs: Vec<String> = columns[1..].iter().map(|c| format!("excluded.{c}")).collect();
    // The table and columns are this file's constants, never an input.
    let sql = format!(
        "INSERT INTO {table} AS t ({list}) OVERRIDING SYSTEM VALUE
         SELECT {list} FROM jsonb_populate_record(NULL::{table}, $1)
         ON CONFLICT ({id}) DO UPDATE SET {sets}
         WHERE ({own}) IS DISTINCT FROM ({theirs})
         RETURNING (xmax = 0) AS created",
        sets = sets.join(", "),
        own = own.join(", "),
        theirs = theirs.join(", "),
    );
    Ok(sqlx::query_scalar(AssertSqlSafe(sql)).bind(values).fetch_optional(&mut *tx).await?)
}

/// Writes a received payment with this instance's member, and tells of it.
async fn write_payment(
    tx: &mut PgConnection,
    t: &pb::Transaction,
    member_id: i64,
) -> Result<Option<bool>, ServiceError> {
    let id = t.transaction_id.filter(|id| *id > 0);
    let id =
        id.ok_or_else(|| ServiceError::invalid_field("transaction_id", msg::SYNC_ID_MISSING))?;
    let mut values = by_columns(t);
    values.insert("transaction_member_id".into(), json!(member_id));
    // Whole francs, as the column keeps them; an empty time is none.
    values.insert(
        "transaction_amount".into(),
        json!(t.transaction_amount.unwrap_or_default() as i64),
    );
    values.insert("number_key".into(), json!(number_key(&t.transaction_number)));
    if t.transaction_cancelled_at.is_empty() {
        values.insert("transaction_cancelled_at".into(), Value::Null);
    }
    let columns: Vec<String> = PAYMENT_COLUMNS.map(String::from).into();
    let written = upsert(tx, "cards.transaction", &columns, Value::Object(values)).await?;
    if let Some(created) = written {
        let subject =
            if created { &events::TRANSACTION_CREATED } else { &events::TRANSACTION_UPDATED };
        transactions::tell(tx, id, subject).await?;
    }
    Ok(written)
}

/// Writes a received card with this instance's member, and tells of it.
async fn write_card(
    tx: &mut PgConnection,
    c: &pb::Card,
    member_id: i64,
    photo_version: i32,
) -> Result<Option<bool>, ServiceError> {
    let id = c.card_id.filter(|id| *id > 0);
    let id = id.ok_or_else(|| ServiceError::invalid_field("card_id", msg::SYNC_ID_MISSING))?;
    let mut values = by_columns(c);
    values.insert("card_member_id".into(), json!(member_id));
    values.insert("card_photo_version".into(), json!(photo_version));
    values.insert(
        "search".into(),
        json!(card_search(
            &c.card_firstname,
            &c.card_lastname,
            &c.card_id_number,
            &c.card_member_id_number
        )),
    );
    let written = upsert(tx, "cards.card", &CARD_WRITTEN, Value::Object(values)).await?;
    if let Some(created) = written {
        let subject = if created { &events::CARD_CREATED } else { &events::CARD_UPDATED };
        cards::tell_card(tx, id, subject).await?;
    }
    Ok(written)
}
