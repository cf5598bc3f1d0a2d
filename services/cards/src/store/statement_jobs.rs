//! Long statements as background jobs (`cards.statement_job`, `cards.statement_job_row`): started by a
//! login, which alone reads it; its rows received in parts and kept here, so that neither the service
//! nor the browser's request holds a whole statement; its progress; its end (the counts, or the faults).

use super::{SCHEMA, Store, statements};
use crate::domain::messages as msg;
use crate::domain::statement_rules::StatementPayment;
use common::error::ServiceError;
use common::outbox;
use proto::cards as pb;
use sqlx::{PgConnection, Postgres, Transaction};
use uuid::Uuid;

/// A job as kept.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StatementJob {
    pub id: Uuid,
    pub login_id: i64,
    pub login_name: String,
    pub transaction_mobile_operator: String,
    pub status: String,
    pub rows_total: i64,
    pub rows_received: i64,
    pub rows_done: i64,
    pub matched: i64,
    pub known: i64,
    pub unmatched: i64,
    pub error: String,
    /// Seconds since the job last showed it was alive.
    pub silent_for: f64,
}

impl StatementJob {
    pub fn to_pb(&self) -> pb::StatementJob {
        let done = self.status == "done";
        pb::StatementJob {
            job_id: self.id.to_string(),
            status: self.status.clone(),
            rows_total: self.rows_total,
            rows_received: self.rows_received,
            rows_done: self.rows_done,
            result: done.then_some(pb::StatementResult {
                matched: self.matched,
                known: self.known,
                unmatched: self.unmatched,
            }),
            error: self.error.clone(),
        }
    }
}

const COLUMNS: &str = "id, login_id, login_name, transaction_mobile_operator, status, rows_total, \
    rows_received, rows_done, matched, known, unmatched, error, \
    extract(epoch FROM now() - heartbeat_at)::float8 AS silent_for";

impl Store {
    /// Starts a job (and deletes the jobs older than a day, with any rows they kept).
    #[tracing::instrument(name = "db.cards.statement_job_start", skip(self, login_name))]
    pub async fn start_statement_job(
        &self,
        login_id: i64,
        login_name: &str,
        operator: &str,
        rows_total: i64,
    ) -> Result<StatementJob, ServiceError> {
        sqlx::query("DELETE FROM cards.statement_job WHERE created_at < now() - interval '1 day'")
            .execute(self.pool())
            .await?;
        let sql = format!(
            "INSERT INTO cards.statement_job (id, login_id, login_name, transaction_mobile_operator, rows_total)
             VALUES ($1, $2, $3, $4, $5) RETURNING {COLUMNS}"
        );
        Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(Uuid::new_v4())
            .bind(login_id)
            .bind(login_name)
            .bind(operator)
            .bind(rows_total)
            .fetch_one(self.pool())
            .await?)
    }

    /// The job, when it is this login's (another's, or none: 404).
    pub async fn statement_job(
        &self,
        id: Uuid,
        login_id: i64,
    ) -> Result<StatementJob, ServiceError> {
        let sql =
            format!("SELECT {COLUMNS} FROM cards.statement_job WHERE id = $1 AND login_id = $2");
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .bind(login_id)
            .fetch_optional(self.pool())
            .await?
            .ok_or_else(|| ServiceError::NotFound(msg::STATEMENT_JOB_NOT_FOUND.into()))
    }

    /// Keeps a part of the rows, from rank `first_row`; a row already received (a part sent again) is
    /// kept once. Answers the job; its status is `checking` once the last row has arrived, and the caller
    /// then runs it.
    #[tracing::instrument(name = "db.cards.statement_job_rows", skip(self, rows), fields(rows = rows.len()))]
    pub async fn add_statement_rows(
        &self,
        job: &StatementJob,
        first_row: i64,
        rows: &[pb::StatementRow],
    ) -> Result<StatementJob, ServiceError> {
        let mut tx = self.pool().begin().await?;
        let ranks: Vec<i64> = (first_row..).take(rows.len()).collect();
        let field = |f: fn(&pb::StatementRow) -> &String| -> Vec<&str> {
            rows.iter().map(|r| f(r).as_str()).collect()
        };
        let amounts: Vec<Option<f64>> = rows.iter().map(|r| r.transaction_amount).collect();
        sqlx::query(
            "INSERT INTO cards.statement_job_row (job_id, row_index, transaction_number, transaction_date,
                 transaction_amount, phone_number)
             SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::float8[], $6::text[])
             ON CONFLICT (job_id, row_index) DO NOTHING",
        )
        .bind(job.id)
        .bind(&ranks)
        .bind(field(|r| &r.transaction_number))
        .bind(field(|r| &r.transaction_date))
        .bind(&amounts)
        .bind(field(|r| &r.phone_number))
        .execute(&mut *tx)
        .await?;
        let sql = format!(
            "UPDATE cards.statement_job
             SET rows_received = GREATEST(rows_received, $2), heartbeat_at = now(),
                 status = CASE WHEN GREATEST(rows_received, $2) = rows_total THEN 'checking' ELSE status END
             WHERE id = $1 AND status = 'receiving' RETURNING {COLUMNS}"
        );
        let job: StatementJob = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(job.id)
            .bind(first_row + rows.len() as i64)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(|| ServiceError::invalid_field("job_id", msg::STATEMENT_JOB_CLOSED))?;
        tx.commit().await?;
        Ok(job)
    }

    /// A page of the job's rows from rank `from`, in the file's order.
    pub async fn statement_job_rows(
        &self,
        id: Uuid,
        from: i64,
        limit: i64,
    ) -> Result<Vec<(i64, pb::StatementRow)>, ServiceError> {
        let rows: Vec<(i64, String, String, Option<f64>, String)> = sqlx::query_as(
            "SELECT row_index, transaction_number, transaction_date, transaction_amount, phone_number
             FROM cards.statement_job_row WHERE job_id = $1 AND row_index >= $2
             ORDER BY row_index LIMIT $3",
        )
        .bind(id)
        .bind(from)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        Ok(rows
            .into_iter()
            .map(|(rank, number, date, amount, phone)| {
                let row = pb::StatementRow {
                    transaction_number: number,
                    transaction_date: date,
                    transaction_amount: amount,
                    phone_number: phone,
                };
                (rank, row)
            })
            .collect())
    }

    /// Shows the job alive, in its phase (`checking` or `writing`), with the rows that phase has done.
    pub async fn statement_job_progress(
        &self,
        id: Uuid,
        status: &str,
        rows_done: i64,
    ) -> Result<(), ServiceError> {
        sqlx::query(
            "UPDATE cards.statement_job SET status = $2, rows_done = $3, heartbeat_at = now() WHERE id = $1",
        )
        .bind(id)
        .bind(status)
        .bind(rows_done)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// The transaction a job's payments are recorded in, all or none.
    pub async fn statement_job_writing(
        &self,
    ) -> Result<Transaction<'static, Postgres>, ServiceError> {
        Ok(self.pool().begin().await?)
    }

    /// Records a page of the job's payments in its transaction.
    pub async fn record_statement_page(
        &self,
        tx: &mut PgConnection,
        payments: &[StatementPayment],
        caller: &str,
        result: &mut pb::StatementResult,
    ) -> Result<(), ServiceError> {
        statements::record_payments(tx, payments, caller, result).await
    }

    /// Commits the job's payments with its end (done, with the counts), and lets its rows go.
    pub async fn statement_job_done(
        &self,
        mut tx: Transaction<'static, Postgres>,
        id: Uuid,
        result: &pb::StatementResult,
    ) -> Result<(), ServiceError> {
        sqlx::query(
            "UPDATE cards.statement_job SET status = 'done', rows_done = rows_total, matched = $2,
                 known = $3, unmatched = $4, heartbeat_at = now(), finished_at = now()
             WHERE id = $1",
        )
        .bind(id)
        .bind(result.matched)
        .bind(result.known)
        .bind(result.unmatched)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM cards.statement_job_row WHERE job_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }

    /// Ends the job as failed, with why (nothing of it was recorded), and lets its rows go.
    pub async fn statement_job_failed(&self, id: Uuid, error: &str) -> Result<(), ServiceError> {
        let mut tx = self.pool().begin().await?;
        sqlx::query(
            "UPDATE cards.statement_job SET status = 'failed', error = $2, heartbeat_at = now(),
                 finished_at = now()
             WHERE id = $1",
        )
        .bind(id)
        .bind(error)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM cards.statement_job_row WHERE job_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
