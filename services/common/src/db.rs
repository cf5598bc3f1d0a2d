//! Database start-up: the database is created when missing (so `make up` and tests need no manual step),
//! and each service runs its own migrations in its own schema, with its own migrations table.

use anyhow::{Context, Result};
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{AssertSqlSafe, ConnectOptions, Connection, PgPool};
use std::str::FromStr;
use std::time::Duration;

/// Creates the database named in `url` when it does not exist yet.
pub async fn ensure_database(url: &str) -> Result<()> {
    let options =
        PgConnectOptions::from_str(url).with_context(|| format!("invalid DATABASE_URL {url:?}"))?;
    let name = options.get_database().unwrap_or("postgres").to_string();
    let mut admin = options
        .clone()
        .database("postgres")
        .connect()
        .await
        .with_context(|| format!("cannot reach PostgreSQL for {url} (set DATABASE_URL)"))?;
    let exists: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
            .bind(&name)
            .fetch_one(&mut admin)
            .await?;
    if !exists {
        match sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {}", ident(&name))))
            .execute(&mut admin)
            .await
        {
            Ok(_) => tracing::info!(database = %name, "database created"),
            // Another process created it meanwhile.
            Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("42P04") => {}
            Err(e) => return Err(e).context("cannot create the database"),
        }
    }
    admin.close().await.ok();
    Ok(())
}

/// A pool for one service.
pub async fn connect(url: &str, max_connections: u32) -> Result<PgPool> {
    let options = PgConnectOptions::from_str(url)
        .with_context(|| format!("invalid DATABASE_URL {url:?}"))?
        .log_slow_statements(tracing::log::LevelFilter::Warn, Duration::from_millis(500));
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await
        .with_context(|| format!("cannot connect to PostgreSQL at {url} (set DATABASE_URL)"))
}

/// Runs a service's migrations in `schema`, keeping their record in `<schema>._sqlx_migrations`, then
/// makes its history table (`history::table`).
pub async fn migrate(pool: &PgPool, mut migrator: Migrator, schema: &'static str) -> Result<()> {
    migrator.create_schema(schema);
    migrator.dangerous_set_table_name(format!("{schema}._sqlx_migrations"));
    migrator.run(pool).await.with_context(|| format!("migrations of schema {schema} failed"))?;
    // Every service's history table, made by the kit (common::history).
    crate::history::table::create(pool, schema)
        .await
        .with_context(|| format!("the history table of schema {schema} cannot be made"))?;
    Ok(())
}

/// A quoted SQL identifier. Identifiers cannot be bound as parameters; quoting and doubling inner quotes
/// keeps a database name from being read as SQL.
pub fn ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// The prefix that makes a statement answer its plan with PostgreSQL's own times instead of its rows
/// (the benchmarks print them beside the calls'; per-node timing off, so it costs little).
pub const EXPLAIN_ANALYZE: &str = "EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ";

/// Planning and execution time of a plan answered after `EXPLAIN_ANALYZE`.
pub fn server_time(plan: &serde_json::Value) -> Duration {
    let ms = |key: &str| plan[0][key].as_f64().unwrap_or(0.0);
    Duration::from_secs_f64((ms("Planning Time") + ms("Execution Time")) / 1000.0)
}
