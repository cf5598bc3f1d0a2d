//! Where a row's latest change stands among an instance's changes, for synchronisation (docs/api.md,
//! "Synchronisation"). A service whose rows travel gives them a `sync_position` drawn from one sequence
//! by a trigger, under a shared advisory lock held to the end of the writing transaction (see the members'
//! migration 0005): positions are drawn in one order and committed in another, and a reader that went past
//! a position still being written would never see it (the classic way a sync loses a record).

use crate::error::ServiceError;
use sqlx::PgPool;

/// A service's positions: the advisory lock its trigger takes shared, and its sequence.
pub struct Positions {
    /// The key hashed into the advisory lock (`members.sync_position`).
    pub lock: &'static str,
    /// The sequence, schema-qualified (`members.sync_position_seq`).
    pub sequence: &'static str,
}

impl Positions {
    /// The greatest position whose every change is committed: taking the lock exclusively waits for the
    /// transactions drawing one (they hold it shared), so no change at or below the answer can still
    /// appear.
    pub async fn horizon(&self, pool: &PgPool) -> Result<i64, ServiceError> {
        let mut tx = pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
            .bind(self.lock)
            .execute(&mut *tx)
            .await?;
        // The sequence's name is the service's constant, never an input.
        let (last, called): (i64, bool) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT last_value, is_called FROM {}",
            self.sequence
        )))
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(if called { last } else { 0 })
    }
}
