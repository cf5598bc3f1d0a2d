//! Transactions: members' payments, each change written in one transaction with its event.

use super::{SCHEMA, Store};
use crate::domain::messages as msg;
use crate::domain::transaction_rules::number_key;
use crate::events;
use common::error::ServiceError;
use common::outbox::{self, Subject};
use common::paging::Page;
use common::validation::{UniqueField, unique_or};
use proto::cards as pb;
use sqlx::{PgConnection, Postgres, QueryBuilder};

/// Public sort fields of the transaction list and their columns; the first is the default order.
pub const TRANSACTION_SORT: &[(&str, &str)] = &[
    ("transaction_id", "t.transaction_id"),
    ("transaction_date", "t.transaction_date"),
    ("transaction_amount", "t.transaction_amount"),
    ("transaction_number", "t.transaction_number"),
    ("transaction_mobileOperator", "t.transaction_mobile_operator"),
];

/// A transaction row as `pb::Transaction` reads it (the columns under the proto names, without the
/// comparison key): the date as `AAAA-MM-JJ`, the amount as a number, the time as its JSON writes it.
pub(super) const TRANSACTION_COLUMNS: &str = "t.transaction_id, t.transaction_date::text AS transaction_date,
    t.transaction_amount::float8 AS transaction_amount, t.transaction_type, t.transaction_member_id,
    t.transaction_mobile_operator, t.transaction_number, t.transaction_is_used_for_card,
    to_jsonb(t.transaction_created_at) #>> '{}' AS transaction_created_at, t.transaction_created_by_user,
    coalesce(to_jsonb(t.transaction_cancelled_at) #>> '{}', '') AS transaction_cancelled_at,
    t.transaction_cancelled_by_user, t.transaction_cancel_reason";

/// The condition on `cards.transaction` of a payment a card may still spend: neither spent nor cancelled.
pub(super) const SPENDABLE: &str =
    "NOT transaction_is_used_for_card AND transaction_cancelled_at IS NULL";

impl Store {
    /// A page of transactions (of one member, only those a card may still spend, when asked), with the
    /// count of all that match.
    #[tracing::instrument(name = "db.cards.transaction_list", skip(self, page))]
    pub async fn list_transactions(
        &self,
        member_id: Option<i64>,
        spendable: bool,
        page: &Page,
    ) -> Result<(Vec<pb::Transaction>, i64, bool), ServiceError> {
        let (rows, counted) =
            tokio::try_join!(self.transaction_rows(member_id, spendable, page), async {
                Ok(self.transaction_total(member_id, spendable).await?)
            })?;
        let (total, exact) = common::total::of_page(rows.len(), page, counted);
        Ok((rows, total, exact))
    }

    /// A page of transactions without their total (an export's keyset page, `page.after`).
    pub async fn transaction_rows(
        &self,
        member_id: Option<i64>,
        spendable: bool,
        page: &Page,
    ) -> Result<Vec<pb::Transaction>, ServiceError> {
        let mut q = QueryBuilder::<Postgres>::new(format!("SELECT {TRANSACTION_COLUMNS}"));
        transaction_conditions(&mut q, member_id, spendable);
        // Every sort column is NOT NULL: one index serves both directions.
        page.push_after(&mut q, "cards.transaction", "transaction_id", false);
        page.push_window(&mut q, &page.order_sql_not_null("t.transaction_id"));
        Ok(q.build_query_as::<pb::Transaction>().fetch_all(&self.pool).await?)
    }

    /// The number of transactions matching (exact, or estimated beyond: `common::total`).
    pub async fn transaction_total(
        &self,
        member_id: Option<i64>,
        spendable: bool,
    ) -> Result<(i64, bool), sqlx::Error> {
        common::total::bounded_total(&self.pool, |q| {
            transaction_conditions(q, member_id, spendable)
        })
        .await
    }

    #[tracing::instrument(name = "db.cards.transaction_get", skip(self))]
    pub async fn get_transaction(&self, id: i64) -> Result<pb::Transaction, ServiceError> {
        read(&mut *self.pool.acquire().await?, id).await
    }

    /// The transactions of an operator's number (any operator when `operator` is empty).
    #[tracing::instrument(name = "db.cards.transaction_search", skip(self))]
    pub async fn search_transactions(
        &self,
        number_key: &str,
        operator: &str,
    ) -> Result<Vec<pb::Transaction>, ServiceError> {
        let sql = format!(
            "SELECT {TRANSACTION_COLUMNS} FROM cards.transaction t
             WHERE t.number_key = $1 AND ($2 = '' OR lower(t.transaction_mobile_operator) = lower($2))
             ORDER BY t.transaction_id"
        );
        Ok(sqlx::query_as::<_, pb::Transaction>(sqlx::AssertSqlSafe(sql))
            .bind(number_key)
            .bind(operator.trim())
            .fetch_all(&self.pool)
            .await?)
    }

    /// Creates (no id) or updates a transaction as checked (`transaction_rules::check`), with its event.
    /// A transaction a card used stays as it is.
    #[tracing::instrument(
        name = "db.cards.transaction_save",
        skip_all,
        fields(transaction_id = t.transaction_id.unwrap_or_default())
    )]
    pub async fn save_transaction(
        &self,
        t: &pb::TransactionInput,
        caller: &str,
    ) -> Result<i64, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let (saved, subject) = match t.transaction_id.filter(|id| *id > 0) {
            None => (insert(&mut tx, t, caller).await?, &events::TRANSACTION_CREATED),
            Some(id) => {
                lock_unused(&mut tx, id).await?;
                let saved = sqlx::query_scalar(
                    "UPDATE cards.transaction SET transaction_date = $1::date, transaction_amount = $2,
                         transaction_type = $3, transaction_member_id = $4, transaction_mobile_operator = $5,
                         transaction_number = $6, number_key = $7, updated_at = now()
                     WHERE transaction_id = $8 RETURNING transaction_id",
                )
                .bind(&t.transaction_date)
                .bind(amount(t))
                .bind(&t.transaction_type)
                .bind(t.transaction_member_id)
                .bind(&t.transaction_mobile_operator)
                .bind(&t.transaction_number)
                .bind(number_key(&t.transaction_number))
                .bind(id)
                .fetch_one(&mut *tx)
                .await
                .map_err(|e| number_taken(e, t))?;
                (saved, &events::TRANSACTION_UPDATED)
            }
        };
        tell(&mut tx, saved, subject).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(saved)
    }

    /// Cancels a payment no card used, keeping who, when and why (`reason` as checked), with its event:
    /// to the other services it is gone (`transaction.deleted`).
    #[tracing::instrument(name = "db.cards.transaction_cancel", skip(self, reason))]
    pub async fn cancel_transaction(
        &self,
        id: i64,
        reason: &str,
        caller: &str,
    ) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        let member_id = lock_unused(&mut tx, id).await?;
        sqlx::query(
            "UPDATE cards.transaction SET transaction_cancelled_at = now(), transaction_cancelled_by_user = $2,
                 transaction_cancel_reason = $3, updated_at = now()
             WHERE transaction_id = $1",
        )
        .bind(id)
        .bind(caller)
        .bind(reason)
        .execute(&mut *tx)
        .await?;
        let event = pb::TransactionDeleted {
            meta: None,
            transaction_id: id,
            transaction_member_id: member_id,
        };
        outbox::enqueue(&mut tx, SCHEMA, &events::TRANSACTION_DELETED, &event).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }
}

/// Records a new payment as checked, of its member (409 on `transaction_number` when the operator's
/// number is known), and answers its id; the caller tells of it.
pub(super) async fn insert(
    tx: &mut PgConnection,
    t: &pb::TransactionInput,
    caller: &str,
) -> Result<i64, ServiceError> {
    sqlx::query_scalar(
        "INSERT INTO cards.transaction (transaction_date, transaction_amount, transaction_type,
             transaction_member_id, transaction_mobile_operator, transaction_number, number_key,
             transaction_created_by_user)
         VALUES ($1::date, $2, $3, $4, $5, $6, $7, $8) RETURNING transaction_id",
    )
    .bind(&t.transaction_date)
    .bind(amount(t))
    .bind(&t.transaction_type)
    .bind(t.transaction_member_id)
    .bind(&t.transaction_mobile_operator)
    .bind(&t.transaction_number)
    .bind(number_key(&t.transaction_number))
    .bind(caller)
    .fetch_one(&mut *tx)
    .await
    .map_err(|e| number_taken(e, t))
}

/// The amount as written: whole francs CFA (checked whole and within bounds).
pub(super) fn amount(t: &pb::TransactionInput) -> i64 {
    t.transaction_amount.unwrap_or_default() as i64
}

fn number_taken(e: sqlx::Error, t: &pb::TransactionInput) -> ServiceError {
    unique_or(
        e,
        [UniqueField {
            constraint: "transaction_number_key",
            field: "transaction_number",
            message: msg::number_taken(&t.transaction_number, &t.transaction_mobile_operator),
        }],
    )
}

/// Tells of a transaction as it now is, under `subject` (`events::TRANSACTION_CREATED` or `_UPDATED`).
pub(super) async fn tell(
    tx: &mut PgConnection,
    id: i64,
    subject: &Subject<pb::TransactionSaved>,
) -> Result<(), ServiceError> {
    let transaction = read(tx, id).await?;
    let event = pb::TransactionSaved { meta: None, transaction: Some(transaction) };
    outbox::enqueue(tx, SCHEMA, subject, &event).await?;
    Ok(())
}

/// Marks a payment spent by a card (or free again when its pending card is cancelled), and tells of it.
pub(super) async fn set_used(
    tx: &mut PgConnection,
    id: i64,
    used: bool,
) -> Result<(), ServiceError> {
    let transaction = sqlx::query_as::<_, pb::Transaction>(sqlx::AssertSqlSafe(format!(
        "UPDATE cards.transaction t SET transaction_is_used_for_card = $2, updated_at = now()
         WHERE transaction_id = $1 RETURNING {TRANSACTION_COLUMNS}"
    )))
    .bind(id)
    .bind(used)
    .fetch_one(&mut *tx)
    .await?;
    let event = pb::TransactionSaved { meta: None, transaction: Some(transaction) };
    outbox::enqueue(tx, SCHEMA, &events::TRANSACTION_UPDATED, &event).await?;
    Ok(())
}

/// Marks payments spent by the cards just made, and tells of each.
pub(super) async fn set_all_used(tx: &mut PgConnection, ids: &[i64]) -> Result<(), ServiceError> {
    let spent = sqlx::query_as::<_, pb::Transaction>(sqlx::AssertSqlSafe(format!(
        "UPDATE cards.transaction t SET transaction_is_used_for_card = true, updated_at = now()
         WHERE transaction_id = ANY($1) RETURNING {TRANSACTION_COLUMNS}"
    )))
    .bind(ids)
    .fetch_all(&mut *tx)
    .await?;
    let told: Vec<pb::TransactionSaved> = spent
        .into_iter()
        .map(|t| pb::TransactionSaved { meta: None, transaction: Some(t) })
        .collect();
    outbox::enqueue_all(tx, SCHEMA, &events::TRANSACTION_UPDATED, &told).await?;
    Ok(())
}

pub(super) async fn read(
    conn: &mut PgConnection,
    id: i64,
) -> Result<pb::Transaction, ServiceError> {
    let sql = format!(
        "SELECT {TRANSACTION_COLUMNS} FROM cards.transaction t WHERE t.transaction_id = $1"
    );
    sqlx::query_as::<_, pb::Transaction>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::transaction_not_found(id)))
}

/// Locks a transaction that no card used and that stands (not cancelled), and answers its member; 404 or
/// 409 otherwise.
async fn lock_unused(tx: &mut PgConnection, id: i64) -> Result<i64, ServiceError> {
    let row: Option<(i64, bool, bool)> = sqlx::query_as(
        "SELECT transaction_member_id, transaction_is_used_for_card, transaction_cancelled_at IS NOT NULL
         FROM cards.transaction WHERE transaction_id = $1 FOR UPDATE",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    match row {
        None => Err(ServiceError::NotFound(msg::transaction_not_found(id))),
        Some((_, true, _)) => Err(ServiceError::Conflict(msg::USED_FOR_CARD.into())),
        Some((_, _, true)) => Err(ServiceError::Conflict(msg::TRANSACTION_CANCELLED.into())),
        Some((member_id, false, false)) => Ok(member_id),
    }
}

/// `FROM` and `WHERE` of a transaction list: one member's, only those a card may still spend.
fn transaction_conditions(q: &mut QueryBuilder<Postgres>, member_id: Option<i64>, spendable: bool) {
    q.push(" FROM cards.transaction t WHERE TRUE");
    if let Some(id) = member_id {
        q.push(" AND t.transaction_member_id = ").push_bind(id);
    }
    if spendable {
        q.push(format!(" AND {SPENDABLE}"));
    }
}
