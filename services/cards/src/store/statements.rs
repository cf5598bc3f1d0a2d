//! Operators' statements: each payment is recorded once. A payment whose operator's number is already
//! recorded (a transaction, or a payment waiting in the unmatched ones) is left as it is, so importing a
//! statement twice changes nothing. Otherwise it becomes the transaction of the one member whose phone
//! number paid, or waits among the unmatched payments until an agent names the member.

use super::{SCHEMA, Store, transactions};
use crate::domain::messages as msg;
use crate::domain::statement_rules::StatementPayment;
use crate::domain::transaction_rules::{self, number_key};
use crate::events;
use common::error::ServiceError;
use common::outbox;
use common::paging::Page;
use proto::cards as pb;
use sqlx::PgConnection;
use std::collections::{HashMap, HashSet};

/// Payments recorded at a time: each page makes one query for the numbers already known, one for the
/// payers and one for the unmatched payments.
pub const PAGE_ROWS: usize = 5_000;

impl Store {
    /// Records a statement's payments in one transaction (all or none), and counts what became of them.
    #[tracing::instrument(name = "db.cards.statement_import", skip_all, fields(rows = rows.len()))]
    pub async fn import_statement(
        &self,
        rows: &[StatementPayment],
        caller: &str,
    ) -> Result<pb::StatementResult, ServiceError> {
        let mut tx = self.pool().begin().await?;
        let mut result = pb::StatementResult::default();
        for page in rows.chunks(PAGE_ROWS) {
            record_payments(&mut tx, page, caller, &mut result).await?;
        }
        outbox::commit(tx, SCHEMA).await?;
        Ok(result)
    }

    #[tracing::instrument(name = "db.cards.unmatched_list", skip_all)]
    pub async fn list_unmatched(
        &self,
        page: &Page,
    ) -> Result<(Vec<pb::UnmatchedPayment>, i64), ServiceError> {
        let sql = format!(
            "SELECT u.unmatched_id, u.transaction_mobile_operator, u.transaction_number,
                    to_char(u.transaction_date, 'YYYY-MM-DD') AS transaction_date,
                    u.transaction_amount::float8 AS transaction_amount, u.phone_number,
                    to_jsonb(u.imported_at) #>> '{{}}' AS imported_at, u.imported_by_user
             FROM cards.unmatched_payment u ORDER BY {} LIMIT $1 OFFSET $2",
            page.order_sql("u.unmatched_id")
        );
        let rows = sqlx::query_as::<_, pb::UnmatchedPayment>(sqlx::AssertSqlSafe(sql))
            .bind(page.limit)
            .bind(page.offset)
            .fetch_all(self.pool())
            .await?;
        let total = sqlx::query_scalar("SELECT count(*) FROM cards.unmatched_payment")
            .fetch_one(self.pool())
            .await?;
        Ok((rows, total))
    }

    /// Records an unmatched payment as `member_id`'s transaction, in one transaction, and answers its id.
    #[tracing::instrument(name = "db.cards.unmatched_assign", skip(self, caller))]
    pub async fn assign_unmatched(
        &self,
        unmatched_id: i64,
        member_id: i64,
        caller: &str,
    ) -> Result<i64, ServiceError> {
        let mut tx = self.pool().begin().await?;
        // The payment as a transaction's input: the statement's fields, the member named, the default type.
        let payment = sqlx::query_as::<_, pb::TransactionInput>(
            "DELETE FROM cards.unmatched_payment WHERE unmatched_id = $1
             RETURNING transaction_mobile_operator, transaction_number,
                       to_char(transaction_date, 'YYYY-MM-DD') AS transaction_date,
                       transaction_amount::float8 AS transaction_amount",
        )
        .bind(unmatched_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::unmatched_not_found(unmatched_id)))?;
        let payment = pb::TransactionInput {
            transaction_member_id: Some(member_id),
            transaction_type: transaction_rules::DEFAULT_TYPE.to_string(),
            ..payment
        };
        let id = transactions::insert(&mut tx, &payment, caller).await?;
        transactions::tell(&mut tx, id, &events::TRANSACTION_CREATED).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(id)
    }
}

/// Records a page of a statement's checked payments in the statement's transaction, adding what became
/// of them to `result`.
pub(super) async fn record_payments(
    tx: &mut PgConnection,
    rows: &[StatementPayment],
    caller: &str,
    result: &mut pb::StatementResult,
) -> Result<(), ServiceError> {
    let operators: Vec<&str> =
        rows.iter().map(|r| r.transaction.transaction_mobile_operator.as_str()).collect();
    let keys: Vec<String> =
        rows.iter().map(|r| number_key(&r.transaction.transaction_number)).collect();
    let known = known_numbers(tx, &operators, &keys).await?;
    let payers = payers(tx, rows).await?;
    let mut waiting = Unmatched::default();
    for ((row, operator), key) in rows.iter().zip(operators).zip(keys) {
        let t = &row.transaction;
        if known.contains(&(operator.to_string(), key.clone())) {
            result.known += 1;
        } else if let Some(&member_id) = payers.get(&row.phone_key) {
            let paid = pb::TransactionInput { transaction_member_id: Some(member_id), ..t.clone() };
            let id = transactions::insert(tx, &paid, caller).await?;
            transactions::tell(tx, id, &events::TRANSACTION_CREATED).await?;
            result.matched += 1;
        } else {
            waiting.push(row, key);
            result.unmatched += 1;
        }
    }
    waiting.insert(tx, caller).await
}

/// The (operator, number) pairs already recorded, as a transaction or as an unmatched payment.
async fn known_numbers(
    tx: &mut PgConnection,
    operators: &[&str],
    keys: &[String],
) -> Result<HashSet<(String, String)>, ServiceError> {
    let known: Vec<(String, String)> = sqlx::query_as(
        "SELECT s.operator, s.key FROM unnest($1::text[], $2::text[]) AS s(operator, key)
         WHERE EXISTS (SELECT 1 FROM cards.transaction t
                       WHERE t.transaction_mobile_operator = s.operator AND t.number_key = s.key
                         AND t.transaction_cancelled_at IS NULL)
            OR EXISTS (SELECT 1 FROM cards.unmatched_payment u
                       WHERE u.transaction_mobile_operator = s.operator AND u.number_key = s.key)",
    )
    .bind(operators)
    .bind(keys)
    .fetch_all(&mut *tx)
    .await?;
    Ok(known.into_iter().collect())
}

/// The payer of each phone number that is one member's only (a number too short, nobody's or several
/// members' has none).
async fn payers(
    tx: &mut PgConnection,
    rows: &[StatementPayment],
) -> Result<HashMap<String, i64>, ServiceError> {
    let phones: Vec<&str> =
        rows.iter().map(|r| r.phone_key.as_str()).filter(|key| key.len() >= 8).collect();
    let payers: Vec<(String, i64)> = sqlx::query_as(
        "SELECT phone_key, min(member_id) FROM cards.member WHERE phone_key = ANY($1)
         GROUP BY phone_key HAVING count(*) = 1",
    )
    .bind(phones)
    .fetch_all(&mut *tx)
    .await?;
    Ok(payers.into_iter().collect())
}

/// A page's payments no member was found for, written in one statement.
#[derive(Default)]
struct Unmatched {
    operators: Vec<String>,
    numbers: Vec<String>,
    keys: Vec<String>,
    dates: Vec<String>,
    amounts: Vec<i64>,
    phones: Vec<String>,
}

impl Unmatched {
    fn push(&mut self, row: &StatementPayment, key: String) {
        let t = &row.transaction;
        self.operators.push(t.transaction_mobile_operator.clone());
        self.numbers.push(t.transaction_number.clone());
        self.keys.push(key);
        self.dates.push(t.transaction_date.clone());
        self.amounts.push(transactions::amount(t));
        self.phones.push(row.phone.clone());
    }

    async fn insert(self, tx: &mut PgConnection, caller: &str) -> Result<(), ServiceError> {
        if self.numbers.is_empty() {
            return Ok(());
        }
        sqlx::query(
            "INSERT INTO cards.unmatched_payment (transaction_mobile_operator, transaction_number,
                 number_key, transaction_date, transaction_amount, phone_number, imported_by_user)
             SELECT operator, number, key, day::date, amount, phone, $7
             FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[])
                  AS u(operator, number, key, day, amount, phone)",
        )
        .bind(self.operators)
        .bind(self.numbers)
        .bind(self.keys)
        .bind(self.dates)
        .bind(self.amounts)
        .bind(self.phones)
        .bind(caller)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }
}
