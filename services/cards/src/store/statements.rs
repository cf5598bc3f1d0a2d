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
        for row in rows {
            let t = &row.transaction;
            let key = number_key(&t.transaction_number);
            if is_known(&mut tx, &t.transaction_mobile_operator, &key).await? {
                result.known += 1;
                continue;
            }
            match payer(&mut tx, &row.phone_key).await? {
                Some(member_id) => {
                    let paid = pb::TransactionInput {
                        transaction_member_id: Some(member_id),
                        ..t.clone()
                    };
                    let id = transactions::insert(&mut tx, &paid, caller).await?;
                    transactions::tell(&mut tx, id, &events::TRANSACTION_CREATED).await?;
                    result.matched += 1;
                }
                None => {
                    sqlx::query(
                        "INSERT INTO cards.unmatched_payment (transaction_mobile_operator, transaction_number,
                             number_key, transaction_date, transaction_amount, phone_number, imported_by_user)
                         VALUES ($1, $2, $3, $4::date, $5, $6, $7)",
                    )
                    .bind(&t.transaction_mobile_operator)
                    .bind(&t.transaction_number)
                    .bind(&key)
                    .bind(&t.transaction_date)
                    .bind(transactions::amount(t))
                    .bind(&row.phone)
                    .bind(caller)
                    .execute(&mut *tx)
                    .await?;
                    result.unmatched += 1;
                }
            }
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

/// Whether the operator's number is already recorded, as a transaction or as an unmatched payment.
async fn is_known(tx: &mut PgConnection, operator: &str, key: &str) -> Result<bool, ServiceError> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM cards.transaction WHERE transaction_mobile_operator = $1 AND number_key = $2
                        AND transaction_cancelled_at IS NULL)
             OR EXISTS (SELECT 1 FROM cards.unmatched_payment
                        WHERE transaction_mobile_operator = $1 AND number_key = $2)",
    )
    .bind(operator)
    .bind(key)
    .fetch_one(&mut *tx)
    .await?)
}

/// The one member whose phone number this is (none when nobody or several have it).
async fn payer(tx: &mut PgConnection, key: &str) -> Result<Option<i64>, ServiceError> {
    if key.len() < 8 {
        return Ok(None);
    }
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT member_id FROM cards.member WHERE phone_key = $1 LIMIT 2")
            .bind(key)
            .fetch_all(&mut *tx)
            .await?;
    Ok(if ids.len() == 1 { Some(ids[0]) } else { None })
}
