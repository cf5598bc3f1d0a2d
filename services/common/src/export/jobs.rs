//! The export jobs of a service and their files, in its own schema (`<schema>.export_job`,
//! `<schema>.export_chunk`; each service's migration makes them). Every value is bound; only the
//! schema's name, a constant of the service, is written into the SQL text.

use super::{CHUNK_BYTES, KEPT_FOR, STALE_AFTER, messages};
use crate::error::ServiceError;
use anyhow::Context;
use chrono::{DateTime, Utc};
use sqlx::{AssertSqlSafe, PgPool};
use tokio::io::AsyncReadExt;
use uuid::Uuid;

/// The format of an export's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Csv,
    Xlsx,
}

impl Format {
    /// `csv` or `xlsx` (any case, blanks around); anything else is a 400 in French on `format`.
    pub fn parse(text: &str) -> Result<Format, ServiceError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "csv" => Ok(Format::Csv),
            "xlsx" => Ok(Format::Xlsx),
            _ => Err(ServiceError::invalid_field("format", messages::unknown_format(text.trim()))),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Xlsx => "xlsx",
        }
    }

    /// The file's media type.
    pub fn content_type(self) -> &'static str {
        match self {
            Format::Csv => "text/csv; charset=utf-8",
            Format::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }
    }
}

/// A job to start: who asks, which list with which filters (the start request's bytes), in which format.
pub struct NewJob {
    pub login_id: i64,
    pub login_name: String,
    pub list: String,
    pub filters: Vec<u8>,
    pub format: Format,
    /// The file's name without its date and extension (`adherents`).
    pub file_stem: &'static str,
}

/// A job as kept.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Job {
    pub id: Uuid,
    pub login_id: i64,
    pub list: String,
    pub filters: Vec<u8>,
    pub format: String,
    pub status: String,
    pub rows_total: i64,
    pub rows_done: i64,
    pub error: String,
    pub file_name: String,
    pub file_size: i64,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl Job {
    pub fn format(&self) -> Format {
        if self.format == "xlsx" { Format::Xlsx } else { Format::Csv }
    }

    /// The job as the contract answers it.
    pub fn to_pb(&self) -> proto::common::ExportJob {
        proto::common::ExportJob {
            id: self.id.to_string(),
            list: self.list.clone(),
            format: self.format.clone(),
            status: self.status.clone(),
            rows_total: self.rows_total,
            rows_done: self.rows_done,
            file_name: self.file_name.clone(),
            size: self.file_size,
            error: self.error.clone(),
            created_at: self.created_at.to_rfc3339(),
            finished_at: self.finished_at.map(|t| t.to_rfc3339()),
        }
    }
}

/// A job claimed by a runner: `claim` is the proof that it is still this runner's.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub job: Job,
    pub claim: Uuid,
}

/// The claim was taken over by another runner (this one was thought dead): it writes nothing more.
#[derive(Debug, thiserror::Error)]
#[error("the export job was taken over by another runner")]
pub struct Lost;

const COLUMNS: &str = "id, login_id, list, filters, format, status, rows_total, rows_done, error, \
    file_name, file_size, created_at, finished_at";

/// The export jobs of one service's schema.
#[derive(Clone)]
pub struct Jobs {
    pool: PgPool,
    schema: &'static str,
}

impl Jobs {
    pub fn new(pool: PgPool, schema: &'static str) -> Self {
        Jobs { pool, schema }
    }

    /// The schema of the service whose jobs these are (its name in the metrics).
    pub fn schema(&self) -> &'static str {
        self.schema
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    fn sql(&self, text: &str) -> AssertSqlSafe<String> {
        AssertSqlSafe(text.replace("{schema}", self.schema))
    }

    /// Records a waiting job; the runner takes it from there.
    pub async fn create(&self, new: NewJob) -> Result<Job, ServiceError> {
        let id = Uuid::now_v7();
        let file_name =
            format!("{}-{}.{}", new.file_stem, Utc::now().format("%Y-%m-%d"), new.format.as_str());
        let sql = self.sql(&format!(
            "INSERT INTO {{schema}}.export_job (id, login_id, login_name, list, filters, format, file_name)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {COLUMNS}"
        ));
        let job = sqlx::query_as::<_, Job>(sql)
            .bind(id)
            .bind(new.login_id)
            .bind(&new.login_name)
            .bind(&new.list)
            .bind(&new.filters)
            .bind(new.format.as_str())
            .bind(&file_name)
            .fetch_one(&self.pool)
            .await?;
        Ok(job)
    }

    /// The job `id` of the login `login_id`; 404 in French for another login's job, one deleted, or an
    /// id that is no job's.
    pub async fn get(&self, id: &str, login_id: i64) -> Result<Job, ServiceError> {
        let not_found = || ServiceError::NotFound(messages::NOT_FOUND.into());
        let id = Uuid::parse_str(id.trim()).map_err(|_| not_found())?;
        let sql = self.sql(&format!(
            "SELECT {COLUMNS} FROM {{schema}}.export_job WHERE id = $1 AND login_id = $2"
        ));
        sqlx::query_as::<_, Job>(sql)
            .bind(id)
            .bind(login_id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or_else(not_found)
    }

    /// Claims the oldest waiting job, or a running one whose runner stopped beating (taken over: it
    /// starts again from its first row). Two runners never claim the same job: the row is locked by the
    /// claim, and a locked row is skipped.
    pub async fn claim(&self) -> Result<Option<Claimed>, sqlx::Error> {
        let claim = Uuid::new_v4();
        let sql = self.sql(&format!(
            "UPDATE {{schema}}.export_job SET status = 'running', claim = $1, claimed_at = now(),
                 heartbeat_at = now(), rows_done = 0, error = '', file_size = 0, finished_at = NULL
             WHERE id = (SELECT id FROM {{schema}}.export_job
                         WHERE status = 'waiting'
                            OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => $2))
                         ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
             RETURNING {COLUMNS}"
        ));
        let job = sqlx::query_as::<_, Job>(sql)
            .bind(claim)
            .bind(STALE_AFTER.as_secs_f64())
            .fetch_optional(&self.pool)
            .await?;
        Ok(job.map(|job| Claimed { job, claim }))
    }

    /// Writes how far the job is (and that its runner is alive); `Lost` when it was taken over.
    pub async fn progress(
        &self,
        job: &Claimed,
        rows_done: i64,
        rows_total: i64,
    ) -> anyhow::Result<()> {
        let sql = self.sql(
            "UPDATE {schema}.export_job SET rows_done = $3, rows_total = greatest($4, $3), heartbeat_at = now()
             WHERE id = $1 AND claim = $2 AND status = 'running'",
        );
        let updated = sqlx::query(sql)
            .bind(job.job.id)
            .bind(job.claim)
            .bind(rows_done)
            .bind(rows_total)
            .execute(&self.pool)
            .await?
            .rows_affected();
        if updated == 0 {
            return Err(Lost.into());
        }
        Ok(())
    }

    /// Tells that the runner is alive (while the file is finished and kept, between pages).
    pub async fn heartbeat(&self, job: &Claimed) -> Result<bool, sqlx::Error> {
        let sql = self.sql(
            "UPDATE {schema}.export_job SET heartbeat_at = now()
             WHERE id = $1 AND claim = $2 AND status = 'running'",
        );
        let updated = sqlx::query(sql).bind(job.job.id).bind(job.claim).execute(&self.pool).await?;
        Ok(updated.rows_affected() > 0)
    }

    /// Keeps the finished file in chunks and marks the job done, in one transaction that first locks
    /// the job under this runner's claim (`Lost` otherwise): the job is done with its whole file, or not.
    pub async fn store(
        &self,
        job: &Claimed,
        file: &std::path::Path,
        rows: i64,
        size: i64,
    ) -> anyhow::Result<()> {
        let mut tx = self.pool.begin().await?;
        let sql = self.sql(
            "SELECT id FROM {schema}.export_job WHERE id = $1 AND claim = $2 AND status = 'running' FOR UPDATE",
        );
        let mine: Option<Uuid> = sqlx::query_scalar(sql)
            .bind(job.job.id)
            .bind(job.claim)
            .fetch_optional(&mut *tx)
            .await?;
        if mine.is_none() {
            return Err(Lost.into());
        }
        sqlx::query(self.sql("DELETE FROM {schema}.export_chunk WHERE job_id = $1"))
            .bind(job.job.id)
            .execute(&mut *tx)
            .await?;
        let mut reader = tokio::fs::File::open(file).await.context("the export's file")?;
        let mut buffer = vec![0u8; CHUNK_BYTES];
        let mut seq = 0i32;
        loop {
            let mut filled = 0;
            while filled < CHUNK_BYTES {
                let read = reader.read(&mut buffer[filled..]).await?;
                if read == 0 {
                    break;
                }
                filled += read;
            }
            if filled == 0 {
                break;
            }
            sqlx::query(
                self.sql(
                    "INSERT INTO {schema}.export_chunk (job_id, seq, bytes) VALUES ($1, $2, $3)",
                ),
            )
            .bind(job.job.id)
            .bind(seq)
            .bind(&buffer[..filled])
            .execute(&mut *tx)
            .await?;
            seq += 1;
            if filled < CHUNK_BYTES {
                break;
            }
        }
        sqlx::query(self.sql(
            "UPDATE {schema}.export_job SET status = 'done', rows_done = $2, rows_total = $2,
                 file_size = $3, finished_at = now(), heartbeat_at = now()
             WHERE id = $1",
        ))
        .bind(job.job.id)
        .bind(rows)
        .bind(size)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Marks the job failed with its French message (unless it was taken over meanwhile).
    pub async fn failed(&self, job: &Claimed, error: &str) -> Result<(), sqlx::Error> {
        let sql = self.sql(
            "UPDATE {schema}.export_job SET status = 'failed', error = $3, finished_at = now()
             WHERE id = $1 AND claim = $2",
        );
        sqlx::query(sql).bind(job.job.id).bind(job.claim).bind(error).execute(&self.pool).await?;
        Ok(())
    }

    /// Piece `seq` of a job's file (`None` past the last).
    pub async fn chunk(&self, id: Uuid, seq: i32) -> Result<Option<Vec<u8>>, sqlx::Error> {
        sqlx::query_scalar(
            self.sql("SELECT bytes FROM {schema}.export_chunk WHERE job_id = $1 AND seq = $2"),
        )
        .bind(id)
        .bind(seq)
        .fetch_optional(&self.pool)
        .await
    }

    /// Deletes the jobs (and their files) started more than a day ago; answers how many.
    pub async fn purge(&self) -> Result<u64, sqlx::Error> {
        let sql = self.sql(
            "DELETE FROM {schema}.export_job WHERE created_at < now() - make_interval(secs => $1)",
        );
        Ok(sqlx::query(sql).bind(KEPT_FOR.as_secs_f64()).execute(&self.pool).await?.rows_affected())
    }
}
