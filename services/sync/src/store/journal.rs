//! The journal of runs: one row a run, written as it starts, while it goes (its message) and as it ends.

use super::Store;
use crate::domain::messages as msg;
use common::error::ServiceError;
use common::paging::Page;
use proto::sync::JournalEntry;
use sqlx::{AssertSqlSafe, Postgres, QueryBuilder};

/// What a run has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub sent: i64,
    pub received: i64,
    pub conflicts: i64,
}

/// Public sort fields of the journal and their columns.
pub const JOURNAL_SORT: &[(&str, &str)] =
    &[("synchronizationJournal_startedAt", "j.started_at"), ("synchronizationJournal_id", "j.id")];

/// A row as the contract names it (`JournalEntry` reads its fields by their proto names).
const ENTRY: &str = "j.id AS synchronization_journal_id, j.uuid::text AS synchronization_journal_uuid,
    j.type AS synchronization_journal_type, j.message AS synchronization_journal_message,
    j.login_name AS synchronization_journal_user,
    to_char(j.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS synchronization_journal_started_at,
    to_char(j.stopped_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS synchronization_journal_stopped_at,
    j.state AS synchronization_journal_state, j.sent AS synchronization_journal_sent,
    j.received AS synchronization_journal_received, j.conflicts AS synchronization_journal_conflicts";

impl Store {
    /// Writes a new run; refused while another runs on this instance (one at a time).
    #[tracing::instrument(name = "db.sync.start_run", skip(self))]
    pub async fn start_run(
        &self,
        uuid: uuid::Uuid,
        direction: &str,
        login_name: &str,
    ) -> Result<JournalEntry, ServiceError> {
        sqlx::query_as(AssertSqlSafe(format!(
            "WITH j AS (INSERT INTO sync.journal (uuid, type, login_name, message) VALUES ($1, $2, $3, $4)
             RETURNING *) SELECT {ENTRY} FROM j"
        )))
        .bind(uuid)
        .bind(direction)
        .bind(login_name)
        .bind(msg::SIGNING_IN)
        .fetch_one(&self.pool)
        .await
        .map_err(|error| match &error {
            sqlx::Error::Database(db) if db.constraint() == Some("journal_one_running") => {
                ServiceError::Conflict(msg::ALREADY_RUNNING.into())
            }
            _ => error.into(),
        })
    }

    /// Says where a running run is: its message and its counts so far.
    #[tracing::instrument(name = "db.sync.run_progress", skip(self, message))]
    pub async fn run_progress(
        &self,
        uuid: uuid::Uuid,
        message: &str,
        counts: Counts,
    ) -> Result<(), ServiceError> {
        sqlx::query(
            "UPDATE sync.journal SET message = $2, sent = $3, received = $4, conflicts = $5
             WHERE uuid = $1 AND state = 'running'",
        )
        .bind(uuid)
        .bind(message)
        .bind(counts.sent)
        .bind(counts.received)
        .bind(counts.conflicts)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Ends a run: `done`, `failed` or `stopped`, with its last message.
    #[tracing::instrument(name = "db.sync.end_run", skip(self, message))]
    pub async fn end_run(
        &self,
        uuid: uuid::Uuid,
        state: &str,
        message: &str,
    ) -> Result<(), ServiceError> {
        sqlx::query(
            "UPDATE sync.journal SET state = $2, message = $3, stopped_at = now()
             WHERE uuid = $1 AND state = 'running'",
        )
        .bind(uuid)
        .bind(state)
        .bind(message)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Asks a run to stop (it stops between two steps); answers the run as it is.
    #[tracing::instrument(name = "db.sync.request_stop", skip(self))]
    pub async fn request_stop(&self, uuid: uuid::Uuid) -> Result<JournalEntry, ServiceError> {
        sqlx::query(
            "UPDATE sync.journal SET stop_requested = true WHERE uuid = $1 AND state = 'running'",
        )
        .bind(uuid)
        .execute(&self.pool)
        .await?;
        self.journal_entry(uuid).await
    }

    /// Whether a run was asked to stop.
    pub async fn stop_requested(&self, uuid: uuid::Uuid) -> Result<bool, ServiceError> {
        let asked: Option<bool> =
            sqlx::query_scalar("SELECT stop_requested FROM sync.journal WHERE uuid = $1")
                .bind(uuid)
                .fetch_optional(&self.pool)
                .await?;
        Ok(asked.unwrap_or(true))
    }

    /// Closes the runs a stopped process left running: with the claim held, no run is alive, here or
    /// on another replica.
    #[tracing::instrument(name = "db.sync.close_interrupted", skip(self, _claim))]
    pub async fn close_interrupted(&self, _claim: &super::RunClaim) -> Result<u64, ServiceError> {
        let done = sqlx::query(
            "UPDATE sync.journal SET state = 'failed', message = $1, stopped_at = now() WHERE state = 'running'",
        )
        .bind(msg::INTERRUPTED)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected())
    }

    #[tracing::instrument(name = "db.sync.journal_entry", skip(self))]
    pub async fn journal_entry(&self, uuid: uuid::Uuid) -> Result<JournalEntry, ServiceError> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {ENTRY} FROM sync.journal j WHERE j.uuid = $1"
        )))
        .bind(uuid)
        .fetch_optional(&self.pool)
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::run_not_found(&uuid.to_string())))
    }

    /// The journal, filtered by direction and state, sorted and paged.
    #[tracing::instrument(name = "db.sync.list_journal", skip(self))]
    pub async fn list_journal(
        &self,
        direction: Option<&str>,
        state: Option<&str>,
        page: &Page,
    ) -> Result<(Vec<JournalEntry>, i64), ServiceError> {
        let conditions = |q: &mut QueryBuilder<Postgres>| {
            q.push(" FROM sync.journal j WHERE TRUE");
            if let Some(direction) = direction {
                q.push(" AND j.type = ").push_bind(direction.to_string());
            }
            if let Some(state) = state {
                q.push(" AND j.state = ").push_bind(state.to_string());
            }
        };
        let mut rows = QueryBuilder::<Postgres>::new(format!("SELECT {ENTRY}"));
        conditions(&mut rows);
        page.push_after(&mut rows, "sync.journal", "id", false);
        page.push_window(&mut rows, &page.order_sql_not_null("j.id"));
        let mut count = QueryBuilder::<Postgres>::new("SELECT count(*)");
        conditions(&mut count);
        let (rows, total) = tokio::try_join!(
            rows.build_query_as::<JournalEntry>().fetch_all(&self.pool),
            count.build_query_scalar::<i64>().fetch_one(&self.pool)
        )?;
        Ok((rows, total))
    }
}
