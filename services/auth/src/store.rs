//! The auth schema's queries. Every query binds its inputs; the only text put into SQL is a sort column
//! taken from an allow-list (`common::paging`).

use crate::SCHEMA;
use crate::domain::messages as msg;
use crate::events;
use chrono::{DateTime, NaiveDate, Utc};
use common::error::ServiceError;
use common::outbox;
use common::paging::Page;
use common::roles::Role;
use common::validation::{UniqueField, unique_or};
use proto::auth as pb;
use sqlx::{AssertSqlSafe, PgPool, Postgres, QueryBuilder, Transaction};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LoginRow {
    pub login_id: i64,
    pub login_name: String,
    pub login_role: String,
    pub login_provider: Option<String>,
    pub login_last_connection: Option<DateTime<Utc>>,
    /// A sync login's token key (`sync_token`), absent once revoked.
    pub login_sync_token: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct Credentials {
    pub login_id: i64,
    pub login_name: String,
    pub login_role: String,
    pub password_hash: String,
    pub token_version: i32,
}

#[derive(Debug, sqlx::FromRow)]
pub struct LoginParamRow {
    pub name: String,
    pub string_value: Option<String>,
    pub int_value: Option<i64>,
    pub date_value: Option<NaiveDate>,
    pub bool_value: Option<bool>,
}

/// Public sort fields of the user list and their columns.
pub const LOGIN_SORT: &[(&str, &str)] = &[
    ("login_name", "l.login_name"),
    ("login_id", "l.login_id"),
    ("login_role", "l.login_role"),
    ("login_lastConnection", LAST_CONNECTION),
];

/// The one sort column that may be NULL (a login never used).
const LAST_CONNECTION: &str = "l.login_last_connection";

const LOGIN_COLUMNS: &str =
    "login_id, login_name, login_role, login_provider, login_last_connection, login_sync_token";

/// The fields to change on a login; `None` leaves a field as it is.
#[derive(Debug, Default)]
pub struct LoginChanges {
    pub login_name: Option<String>,
    pub password_hash: Option<String>,
    pub role: Option<Role>,
    /// `Some(None)` clears the provider.
    pub provider: Option<Option<String>>,
}

#[derive(Clone)]
pub struct Store {
    pool: PgPool,
}

impl Store {
    pub fn new(pool: PgPool) -> Self {
        Store { pool }
    }

    #[tracing::instrument(name = "db.auth.signing_key", skip_all)]
    pub async fn signing_key(&self, fresh: Vec<u8>) -> Result<Vec<u8>, ServiceError> {
        // First start stores `fresh`; later starts (and other replicas) read the stored one.
        sqlx::query(
            "INSERT INTO auth.signing_key (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
        )
        .bind(fresh)
        .execute(&self.pool)
        .await?;
        Ok(sqlx::query_scalar("SELECT secret FROM auth.signing_key WHERE id = 1")
            .fetch_one(&self.pool)
            .await?)
    }

    /// Creates the first administrator when no login exists at all. Answers whether it did.
    #[tracing::instrument(name = "db.auth.bootstrap_admin", skip_all)]
    pub async fn create_first_admin(
        &self,
        login_name: &str,
        password_hash: &str,
    ) -> Result<bool, ServiceError> {
        let done = sqlx::query(
            "INSERT INTO auth.login (login_name, login_role, password_hash)
             SELECT $1, 'admin', $2 WHERE NOT EXISTS (SELECT 1 FROM auth.login)",
        )
        .bind(login_name)
        .bind(password_hash)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    #[tracing::instrument(name = "db.auth.credentials", skip_all)]
    pub async fn credentials_by_name(
        &self,
        login_name: &str,
    ) -> Result<Option<Credentials>, ServiceError> {
        Ok(sqlx::query_as(
            "SELECT login_id, login_name, login_role, password_hash, token_version
             FROM auth.login WHERE lower(login_name) = lower($1)",
        )
        .bind(login_name)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Opens a session for a sign-in, and forgets this login's sessions that can no longer be used.
    #[tracing::instrument(name = "db.auth.session_open", skip_all)]
    pub async fn open_session(
        &self,
        login_id: i64,
        max_age: std::time::Duration,
    ) -> Result<uuid::Uuid, ServiceError> {
        let id = uuid::Uuid::now_v7();
        sqlx::query(
            "WITH gone AS (DELETE FROM auth.session WHERE login_id = $2
                           AND started_at < now() - make_interval(secs => $3))
             INSERT INTO auth.session (id, login_id) VALUES ($1, $2)",
        )
        .bind(id)
        .bind(login_id)
        .bind(max_age.as_secs_f64())
        .execute(&self.pool)
        .await?;
        Ok(id)
    }

    /// Whether the session `id` of `login_id` is still open and younger than `max_age`.
    #[tracing::instrument(name = "db.auth.session_state", skip_all)]
    pub async fn session_open(
        &self,
        id: uuid::Uuid,
        login_id: i64,
        max_age: std::time::Duration,
    ) -> Result<bool, ServiceError> {
        Ok(sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM auth.session WHERE id = $1 AND login_id = $2 AND ended_at IS NULL
                            AND started_at > now() - make_interval(secs => $3))",
        )
        .bind(id)
        .bind(login_id)
        .bind(max_age.as_secs_f64())
        .fetch_one(&self.pool)
        .await?)
    }

    /// Ends a session (sign-out).
    #[tracing::instrument(name = "db.auth.session_end", skip_all)]
    pub async fn end_session(&self, id: uuid::Uuid) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE auth.session SET ended_at = now() WHERE id = $1 AND ended_at IS NULL")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let event = pb::SessionEnded { meta: None, session_id: id.to_string() };
        outbox::enqueue(&mut tx, SCHEMA, &events::SESSION_ENDED, &event).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }

    #[tracing::instrument(name = "db.auth.session_state", skip_all)]
    pub async fn credentials_by_id(
        &self,
        login_id: i64,
    ) -> Result<Option<Credentials>, ServiceError> {
        Ok(sqlx::query_as(
            "SELECT login_id, login_name, login_role, password_hash, token_version FROM auth.login WHERE login_id = $1",
        )
        .bind(login_id)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The sync login a token key finds (`sync_token::key_of`).
    #[tracing::instrument(name = "db.auth.sync_credentials", skip_all)]
    pub async fn credentials_by_sync_key(
        &self,
        key: &str,
    ) -> Result<Option<Credentials>, ServiceError> {
        Ok(sqlx::query_as(
            "SELECT login_id, login_name, login_role, password_hash, token_version
             FROM auth.login WHERE login_sync_token = $1 AND login_role = 'sync'",
        )
        .bind(key)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Gives a sync login a new token (its key and hash) or, with `None`, revokes it; either way the
    /// sessions opened with the old token end (token version) and the gateways hear of it (event).
    #[tracing::instrument(name = "db.auth.set_sync_token", skip(self, token))]
    pub async fn set_sync_token(
        &self,
        login_id: i64,
        token: Option<(&str, &str)>,
    ) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        if locked_role(&mut tx, login_id).await? != Role::Sync.as_str() {
            return Err(ServiceError::Conflict(msg::NOT_A_SYNC_LOGIN.into()));
        }
        let (key, hash) = token.unzip();
        sqlx::query(
            "UPDATE auth.login SET login_sync_token = $2, password_hash = $3,
                token_version = token_version + 1, updated_at = now()
             WHERE login_id = $1",
        )
        .bind(login_id)
        .bind(key)
        .bind(hash.unwrap_or(crate::sync_token::REVOKED_HASH))
        .execute(&mut *tx)
        .await?;
        let event = pb::LoginChanged { meta: None, login_id };
        outbox::enqueue(&mut tx, SCHEMA, &events::LOGIN_UPDATED, &event).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }

    #[tracing::instrument(name = "db.auth.touch_last_connection", skip_all)]
    pub async fn touch_last_connection(&self, login_id: i64) -> Result<(), ServiceError> {
        sqlx::query("UPDATE auth.login SET login_last_connection = now() WHERE login_id = $1")
            .bind(login_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    #[tracing::instrument(name = "db.auth.list_logins", skip(self))]
    pub async fn list_logins(
        &self,
        filter: &str,
        page: &Page,
    ) -> Result<(Vec<LoginRow>, i64), ServiceError> {
        let filter = escape_like(filter.trim());
        let conditions = |q: &mut QueryBuilder<Postgres>| {
            q.push(" FROM auth.login l WHERE TRUE");
            if !filter.is_empty() {
                let pattern = format!("%{filter}%");
                q.push(" AND (l.login_name ILIKE ")
                    .push_bind(pattern.clone())
                    .push(" OR l.login_role ILIKE ")
                    .push_bind(pattern)
                    .push(")");
            }
        };
        let mut q = QueryBuilder::<Postgres>::new(format!("SELECT {LOGIN_COLUMNS}"));
        conditions(&mut q);
        page.push_after(&mut q, "auth.login", "login_id", page.order_column == LAST_CONNECTION);
        page.push_window(&mut q, &page.order_sql("l.login_id"));
        let mut count = QueryBuilder::<Postgres>::new("SELECT count(*)");
        conditions(&mut count);
        let (rows, total) = tokio::try_join!(
            q.build_query_as::<LoginRow>().fetch_all(&self.pool),
            count.build_query_scalar::<i64>().fetch_one(&self.pool)
        )?;
        Ok((rows, total))
    }

    #[tracing::instrument(name = "db.auth.get_login", skip(self))]
    pub async fn get_login(&self, login_id: i64) -> Result<LoginRow, ServiceError> {
        sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {LOGIN_COLUMNS} FROM auth.login WHERE login_id = $1"
        )))
        .bind(login_id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::login_not_found(login_id)))
    }

    #[tracing::instrument(name = "db.auth.create_login", skip_all)]
    pub async fn create_login(
        &self,
        login_name: &str,
        password_hash: &str,
        role: Role,
        provider: Option<&str>,
        sync_key: Option<&str>,
    ) -> Result<i64, ServiceError> {
        sqlx::query_scalar(
            "INSERT INTO auth.login (login_name, login_role, password_hash, login_provider, login_sync_token)
             VALUES ($1, $2, $3, $4, $5) RETURNING login_id",
        )
        .bind(login_name)
        .bind(role.as_str())
        .bind(password_hash)
        .bind(provider)
        .bind(sync_key)
        .fetch_one(&self.pool)
        .await
        .map_err(name_conflict)
    }

    /// Applies `changes` in one transaction. Demoting the last administrator is refused; a new password
    /// bumps the token version, which ends every session of that login.
    #[tracing::instrument(name = "db.auth.update_login", skip(self, changes))]
    pub async fn update_login(
        &self,
        login_id: i64,
        changes: LoginChanges,
    ) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        let current = locked_role(&mut tx, login_id).await?;
        if current == Role::Admin.as_str() && changes.role.is_some_and(|r| r != Role::Admin) {
            ensure_other_admin(&mut tx, login_id).await?;
        }
        // A sync login's credential is its token: it neither gains nor loses the role, nor a password.
        let is_sync = current == Role::Sync.as_str();
        if changes.role.is_some_and(|r| (r == Role::Sync) != is_sync) {
            return Err(ServiceError::invalid_field("login_role", msg::SYNC_ROLE_FIXED));
        }
        if is_sync && changes.password_hash.is_some() {
            return Err(ServiceError::invalid_field("login_password", msg::SYNC_HAS_NO_PASSWORD));
        }
        sqlx::query(
            "UPDATE auth.login SET
                login_name = COALESCE($2, login_name),
                login_role = COALESCE($3, login_role),
                password_hash = COALESCE($4, password_hash),
                -- A new password or another role ends the login's sessions.
                token_version = token_version
                    + CASE WHEN $4 IS NOT NULL OR $3 IS DISTINCT FROM login_role AND $3 IS NOT NULL THEN 1 ELSE 0 END,
                login_provider = CASE WHEN $5 THEN $6 ELSE login_provider END,
                updated_at = now()
             WHERE login_id = $1",
        )
        .bind(login_id)
        .bind(changes.login_name)
        .bind(changes.role.map(Role::as_str))
        .bind(changes.password_hash)
        .bind(changes.provider.is_some())
        .bind(changes.provider.flatten())
        .execute(&mut *tx)
        .await
        .map_err(name_conflict)?;
        let event = pb::LoginChanged { meta: None, login_id };
        outbox::enqueue(&mut tx, SCHEMA, &events::LOGIN_UPDATED, &event).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }

    /// Deletes a login; the last administrator cannot be deleted.
    #[tracing::instrument(name = "db.auth.delete_login", skip(self))]
    pub async fn delete_login(&self, login_id: i64) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        let role: Option<String> =
            sqlx::query_scalar("SELECT login_role FROM auth.login WHERE login_id = $1 FOR UPDATE")
                .bind(login_id)
                .fetch_optional(&mut *tx)
                .await?;
        let role = role.ok_or_else(|| ServiceError::NotFound(msg::login_not_found(login_id)))?;
        if role == Role::Admin.as_str() {
            ensure_other_admin(&mut tx, login_id).await?;
        }
        sqlx::query("DELETE FROM auth.login WHERE login_id = $1")
            .bind(login_id)
            .execute(&mut *tx)
            .await?;
        let event = pb::LoginChanged { meta: None, login_id };
        outbox::enqueue(&mut tx, SCHEMA, &events::LOGIN_DELETED, &event).await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }

    #[tracing::instrument(name = "db.auth.get_login_param", skip(self))]
    pub async fn get_login_param(&self, name: &str) -> Result<Option<LoginParamRow>, ServiceError> {
        Ok(sqlx::query_as(
            "SELECT name, string_value, int_value, date_value, bool_value FROM auth.login_param WHERE name = $1",
        )
        .bind(name)
        .fetch_optional(&self.pool)
        .await?)
    }

    #[tracing::instrument(name = "db.auth.save_login_param", skip_all, fields(name = %param.name))]
    pub async fn save_login_param(&self, param: &LoginParamRow) -> Result<(), ServiceError> {
        sqlx::query(
            "INSERT INTO auth.login_param (name, string_value, int_value, date_value, bool_value)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (name) DO UPDATE SET string_value = EXCLUDED.string_value,
                int_value = EXCLUDED.int_value, date_value = EXCLUDED.date_value,
                bool_value = EXCLUDED.bool_value, updated_at = now()",
        )
        .bind(&param.name)
        .bind(&param.string_value)
        .bind(param.int_value)
        .bind(param.date_value)
        .bind(param.bool_value)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

/// Locks every administrator row, then refuses when `login_id` is the only one. The lock makes two
/// concurrent demotions of the last two administrators wait for each other instead of both succeeding.
/// The role of a login, its row locked until the transaction ends; 404 in French when there is none.
async fn locked_role(
    tx: &mut Transaction<'_, Postgres>,
    login_id: i64,
) -> Result<String, ServiceError> {
    let role: Option<String> =
        sqlx::query_scalar("SELECT login_role FROM auth.login WHERE login_id = $1 FOR UPDATE")
            .bind(login_id)
            .fetch_optional(&mut **tx)
            .await?;
    role.ok_or_else(|| ServiceError::NotFound(msg::login_not_found(login_id)))
}

async fn ensure_other_admin(
    tx: &mut Transaction<'_, Postgres>,
    login_id: i64,
) -> Result<(), ServiceError> {
    let admins: Vec<i64> =
        sqlx::query_scalar("SELECT login_id FROM auth.login WHERE login_role = 'admin' FOR UPDATE")
            .fetch_all(&mut **tx)
            .await?;
    if admins.iter().all(|id| *id == login_id) {
        return Err(ServiceError::Conflict(msg::LAST_ADMIN.into()));
    }
    Ok(())
}

fn name_conflict(e: sqlx::Error) -> ServiceError {
    unique_or(
        e,
        [UniqueField {
            constraint: "login_name_key",
            field: "login_name",
            message: msg::LOGIN_NAME_TAKEN.into(),
        }],
    )
}

/// `%` and `_` typed by a user are searched for literally.
fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}
