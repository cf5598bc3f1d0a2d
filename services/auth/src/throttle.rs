//! Slows down password guessing on one login name from one client address. Each attempt is counted
//! before its password is checked, in a transaction that locks the (name, address) row, so parallel
//! guesses are counted one by one: after `max_failures` attempts within `window`, the next ones are
//! refused for `block` seconds. When a hold-off ends, one more attempt is let through; if it fails too,
//! the next hold-off lasts twice as long, up to `MAX_BLOCK_SECONDS`. A success clears the row. Guesses
//! from one address never hold off the real user at another. The name is folded by PostgreSQL's
//! `lower()`, as the login lookup folds it, so both see the same name. The state is in the database, so
//! every replica of the service sees the same count.

use common::error::ServiceError;
use sqlx::PgPool;
use std::time::Duration;

const MAX_BLOCK_SECONDS: f64 = 900.0;

#[derive(Clone, Debug)]
pub struct ThrottleSettings {
    pub max_failures: i32,
    pub block: Duration,
    pub window: Duration,
}

impl Default for ThrottleSettings {
    fn default() -> Self {
        ThrottleSettings {
            max_failures: 5,
            block: Duration::from_secs(30),
            window: Duration::from_secs(900),
        }
    }
}

#[derive(Clone)]
pub struct Throttle {
    pool: PgPool,
    settings: ThrottleSettings,
}

#[derive(sqlx::FromRow)]
struct Attempts {
    failures: i32,
    holds: i32,
    /// Seconds since the last attempt.
    idle: f64,
    /// Seconds left of the hold-off: positive while held, negative once it ended, none without one.
    held_for: Option<f64>,
}

impl Throttle {
    pub fn new(pool: PgPool, settings: ThrottleSettings) -> Self {
        Throttle { pool, settings }
    }

    /// Takes a turn for a sign-in attempt of `login_name` from `address`: `Ok(())` to go on and check
    /// the password, or the seconds to wait.
    #[tracing::instrument(name = "db.auth.throttle_attempt", skip(self, login_name))]
    pub async fn attempt(
        &self,
        login_name: &str,
        address: &str,
    ) -> Result<Result<(), i64>, ServiceError> {
        let s = &self.settings;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO auth.signin_attempt (login_key, client_address) VALUES (lower($1), $2)
             ON CONFLICT DO NOTHING",
        )
        .bind(login_name)
        .bind(address)
        .execute(&mut *tx)
        .await?;
        let mut row: Attempts = sqlx::query_as(
            "SELECT failures, holds, extract(epoch FROM now() - last_attempt_at)::float8 AS idle,
                    extract(epoch FROM blocked_until - now())::float8 AS held_for
             FROM auth.signin_attempt WHERE login_key = lower($1) AND client_address = $2 FOR UPDATE",
        )
        .bind(login_name)
        .bind(address)
        .fetch_one(&mut *tx)
        .await?;
        if let Some(left) = row.held_for.filter(|left| *left > 0.0) {
            return Ok(Err(left.ceil() as i64));
        }
        let window = s.window.as_secs_f64();
        if row.idle > window && row.held_for.is_none_or(|left| left < -window) {
            // Quiet for a whole window: start afresh.
            (row.failures, row.holds, row.held_for) = (0, 0, None);
        }
        let (hold, verdict) = if row.held_for.is_some() {
            // A hold-off ended: this attempt goes on, and the next ones wait twice as long (a success
            // clears the row, so the real user is not held).
            row.holds += 1;
            (Some(self.hold_seconds(row.holds)), Ok(()))
        } else {
            row.failures += 1;
            if row.failures > s.max_failures {
                let seconds = self.hold_seconds(0);
                tracing::warn!(
                    address,
                    failures = row.failures - 1,
                    seconds,
                    "sign-in held off after repeated failures"
                );
                (Some(seconds), Err(seconds.ceil() as i64))
            } else {
                (None, Ok(()))
            }
        };
        sqlx::query(
            "UPDATE auth.signin_attempt SET failures = $3, holds = $4, last_attempt_at = now(),
                 blocked_until = CASE WHEN $5::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => $5) END
             WHERE login_key = lower($1) AND client_address = $2",
        )
        .bind(login_name)
        .bind(address)
        .bind(row.failures)
        .bind(row.holds)
        .bind(hold)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(verdict)
    }

    /// The length of the `holds`-th hold-off in a row: `block`, doubled each time, at most 15 minutes.
    fn hold_seconds(&self, holds: i32) -> f64 {
        (self.settings.block.as_secs_f64() * 2f64.powi(holds.min(16))).min(MAX_BLOCK_SECONDS)
    }

    /// A success: the attempts of that name from that address are forgotten.
    #[tracing::instrument(name = "db.auth.throttle_clear", skip(self, login_name))]
    pub async fn clear(&self, login_name: &str, address: &str) -> Result<(), ServiceError> {
        sqlx::query(
            "DELETE FROM auth.signin_attempt WHERE login_key = lower($1) AND client_address = $2",
        )
        .bind(login_name)
        .bind(address)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
