//! The claim of an instance's one running run, shared by every replica of its sync service: a session
//! advisory lock held on a connection of its own for as long as the run lives. PostgreSQL lets go of it
//! as soon as the process that holds it dies (its connection ends), so a run left `running` while the
//! claim is free was left by a dead process, and one whose claim is held is alive, on whichever replica.

use super::Store;
use common::error::ServiceError;
use sqlx::{Connection, PgConnection};
use std::time::Duration;

/// The advisory lock's key (a database holds one instance, so one key).
const RUN_LOCK: &str = "sync.run";
/// How often a running run checks that its claim's connection is still there.
const CHECK_EVERY: Duration = Duration::from_secs(1);

/// Held while a run lives; `release` it once the run's end is journaled.
pub struct RunClaim {
    connection: PgConnection,
}

impl Store {
    /// The claim, or `None` while a live run (here or on another replica) holds it.
    #[tracing::instrument(name = "db.sync.claim_run", skip(self))]
    pub async fn claim_run(&self) -> Result<Option<RunClaim>, ServiceError> {
        let mut connection = self.pool.acquire().await?.detach();
        let claimed: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock(hashtext($1))")
            .bind(RUN_LOCK)
            .fetch_one(&mut connection)
            .await?;
        if claimed {
            Ok(Some(RunClaim { connection }))
        } else {
            // Closed at once rather than left to the drop: its lock attempt holds nothing.
            let _ = connection.close().await;
            Ok(None)
        }
    }
}

impl RunClaim {
    /// Resolves if the claim is lost (its connection broken: the database restarted, say), after which
    /// another replica may start a run.
    pub async fn lost(&mut self) {
        loop {
            tokio::time::sleep(CHECK_EVERY).await;
            if let Err(error) = self.connection.ping().await {
                tracing::warn!(%error, "the sync run's claim was lost with its connection");
                return;
            }
        }
    }

    /// Lets the next run start at once (rather than once PostgreSQL notices the connection is gone).
    pub async fn release(mut self) {
        let unlocked = sqlx::query("SELECT pg_advisory_unlock(hashtext($1))")
            .bind(RUN_LOCK)
            .execute(&mut self.connection)
            .await;
        if let Err(error) = unlocked {
            tracing::warn!(%error, "the sync run's claim could not be let go; its connection ends it");
        }
        let _ = self.connection.close().await;
    }
}
