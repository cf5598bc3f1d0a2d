//! Slows down password guessing on one login name. After `max_failures` failed sign-ins within
//! `window`, the name is refused for `block` seconds, doubling with each further failure up to
//! `MAX_BLOCK_SECONDS`. A success clears the count, so the real user is never held out for long. The
//! state is in the database, so every replica of the service sees the same count.

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

impl Throttle {
    pub fn new(pool: PgPool, settings: ThrottleSettings) -> Self {
        Throttle { pool, settings }
    }

    fn key(login_name: &str) -> String {
        login_name.trim().to_lowercase()
    }

    /// Seconds left while the name is refused.
    #[tracing::instrument(name = "db.auth.throttle_check", skip(self))]
    pub async fn blocked_for(&self, login_name: &str) -> Result<Option<i64>, ServiceError> {
        Ok(sqlx::query_scalar(
            "SELECT ceil(extract(epoch FROM blocked_until - now()))::bigint FROM auth.signin_failure
             WHERE login_key = $1 AND blocked_until > now()",
        )
        .bind(Self::key(login_name))
        .fetch_optional(&self.pool)
        .await?)
    }

    #[tracing::instrument(name = "db.auth.throttle_failure", skip(self))]
    pub async fn record_failure(&self, login_name: &str) -> Result<(), ServiceError> {
        let s = &self.settings;
        let key = Self::key(login_name);
        let mut tx = self.pool.begin().await?;
        let failures: i32 = sqlx::query_scalar(
            "INSERT INTO auth.signin_failure (login_key, failures, last_failure_at) VALUES ($1, 1, now())
             ON CONFLICT (login_key) DO UPDATE SET
                 failures = CASE WHEN signin_failure.last_failure_at < now() - make_interval(secs => $2)
                                 THEN 1 ELSE signin_failure.failures + 1 END,
                 last_failure_at = now()
             RETURNING failures",
        )
        .bind(&key)
        .bind(s.window.as_secs_f64())
        .fetch_one(&mut *tx)
        .await?;
        if failures >= s.max_failures {
            let doublings = (failures - s.max_failures).min(16);
            let seconds = (s.block.as_secs_f64() * 2f64.powi(doublings)).min(MAX_BLOCK_SECONDS);
            sqlx::query(
                "UPDATE auth.signin_failure SET blocked_until = now() + make_interval(secs => $2) WHERE login_key = $1",
            )
            .bind(&key)
            .bind(seconds)
            .execute(&mut *tx)
            .await?;
            tracing::warn!(login = %key, failures, seconds, "sign-in refused for a while after repeated failures");
        }
        tx.commit().await?;
        Ok(())
    }

    #[tracing::instrument(name = "db.auth.throttle_clear", skip(self))]
    pub async fn clear(&self, login_name: &str) -> Result<(), ServiceError> {
        sqlx::query("DELETE FROM auth.signin_failure WHERE login_key = $1")
            .bind(Self::key(login_name))
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
