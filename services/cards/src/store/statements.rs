//! Operators' statements: each payment is recorded once. A payment whose operator's number is already
//! recorded (a transaction, or a payment waiting in the unmatched ones) is left as it is, so importing a
//! statement twice changes nothing. Otherwise it becomes the transaction of the one member whose phone
//! number paid, or waits among the unmatched payments until an agent names the member.

use super::{SCHEMA, Store, transactions};
use crate::domain::messages as msg;
use crate::domain::statement_rules::StatementPayment;
use crate::domain::transaction_rules::TransactionDraft;
use common::error::ServiceError;
use common::outbox;
use common::paging::Page;
use proto::cards as pb;
use sqlx::types::Json;
use sqlx::{PgConnection, Row};

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
            let d = &row.draft;
            if is_known(&mut tx, &d.operator, &d.number_key).await? {
                result.known += 1;
                continue;
            }
            match payer(&mut tx, &row.phone_key).await? {
                Some(member_id) => {
                    let draft = TransactionDraft { member_id, ..d.clone() };
                    let id = transactions::insert(&mut tx, &draft, caller).await?;
                    transactions::tell(&mut tx, id, "created").await?;
                    result.matched += 1;
                }
                None => {
                    sqlx::query(
                        "INSERT INTO cards.unmatched_payment (transaction_mobile_operator, transaction_number,
                             number_key, transaction_date, transaction_amount, phone_number, imported_by_user)
                         VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    )
                    .bind(&d.operator)
                    .bind(&d.number)
                    .bind(&d.number_key)
                    .bind(d.date)
                    .bind(d.amount)
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
            "SELECT to_jsonb(u) - 'number_key' || jsonb_build_object(
                 'transaction_date', to_char(u.transaction_date, 'YYYY-MM-DD'),
                 'transaction_amount', u.transaction_amount::float8)
             FROM cards.unmatched_payment u ORDER BY {} LIMIT $1 OFFSET $2",
            page.order_sql("u.unmatched_id")
        );
        let rows: Vec<Json<pb::UnmatchedPayment>> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(page.limit)
            .bind(page.offset)
            .fetch_all(self.pool())
            .await?;
        let total = sqlx::query_scalar("SELECT count(*) FROM cards.unmatched_payment")
            .fetch_one(self.pool())
            .await?;
        Ok((rows.into_iter().map(|Json(u)| u).collect(), total))
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
        let row = sqlx::query(
            "DELETE FROM cards.unmatched_payment WHERE unmatched_id = $1
             RETURNING transaction_mobile_operator, transaction_number, number_key, transaction_date,
                       transaction_amount",
        )
        .bind(unmatched_id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::unmatched_not_found(unmatched_id)))?;
        let draft = TransactionDraft {
            id: 0,
            date: row.try_get("transaction_date")?,
            amount: row.try_get("transaction_amount")?,
            kind: crate::domain::transaction_rules::DEFAULT_TYPE.to_string(),
            member_id,
            operator: row.try_get("transaction_mobile_operator")?,
            number: row.try_get("transaction_number")?,
            number_key: row.try_get("number_key")?,
        };
        let id = transactions::insert(&mut tx, &draft, caller).await?;
        transactions::tell(&mut tx, id, "created").await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(id)
    }
}

/// Whether the operator's number is already recorded, as a transaction or as an unmatched payment.
async fn is_known(tx: &mut PgConnection, operator: &str, key: &str) -> Result<bool, ServiceError> {
    Ok(sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM cards.transaction WHERE transaction_mobile_operator = $1 AND number_key = $2)
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
