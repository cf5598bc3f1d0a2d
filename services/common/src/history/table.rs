//! The history table of a service's schema, made by the kit for every service when it migrates
//! (`db::migrate`), so no service writes it by hand. Partitioned by month on the moment of the entry:
//! the oldest months can be detached and moved to cold storage without touching the others
//! (docs/reliability.md). The months are made ahead (`ensure_months`: this month and the next, at every
//! start); a DEFAULT partition takes any entry whose month is not made yet, so no write ever fails for
//! want of one. UPDATE and DELETE are refused by a trigger: the history is append-only, and the chain of
//! hashes (`chain`) finds an entry changed by anyone who turns the trigger off.

use crate::db::ident;
use chrono::{Datelike, NaiveDate, Utc};
use sqlx::{AssertSqlSafe, PgPool};

/// The table, its indexes, its DEFAULT partition and its append-only trigger, in `schema`; idempotent,
/// and at a service's start, when all is there, it takes no lock that would wait for the writes.
pub fn create_sql(schema: &str) -> String {
    let s = ident(schema);
    format!(
        "CREATE TABLE IF NOT EXISTS {s}.history (
             history_id bigint GENERATED ALWAYS AS IDENTITY,
             history_entity text NOT NULL,
             history_entity_id bigint NOT NULL,
             history_version integer NOT NULL CHECK (history_version > 0),
             history_at timestamptz NOT NULL,
             history_login_id bigint,
             history_login_name text NOT NULL,
             history_source text NOT NULL,
             history_device text,
             history_reason text,
             history_changes jsonb NOT NULL,
             history_previous_hash bytea,
             history_hash bytea NOT NULL,
             PRIMARY KEY (history_at, history_id)
         ) PARTITION BY RANGE (history_at);
         CREATE INDEX IF NOT EXISTS history_of_record
             ON {s}.history (history_entity, history_entity_id, history_version DESC);
         CREATE INDEX IF NOT EXISTS history_newest ON {s}.history (history_at DESC, history_id DESC);
         CREATE TABLE IF NOT EXISTS {s}.history_default PARTITION OF {s}.history DEFAULT;
         CREATE OR REPLACE FUNCTION {s}.history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
             RAISE EXCEPTION 'the history is append-only: % refused', TG_OP;
         END $$;
         DO $$ BEGIN
             IF NOT EXISTS (SELECT 1 FROM pg_trigger
                            WHERE tgname = 'history_append_only' AND tgrelid = '{s}.history'::regclass) THEN
                 CREATE TRIGGER history_append_only BEFORE UPDATE OR DELETE ON {s}.history
                     FOR EACH ROW EXECUTE FUNCTION {s}.history_append_only();
             END IF;
         END $$;"
    )
}

/// Makes the history table of `schema` and its months (see `create_sql`, `ensure_months`).
pub async fn create(pool: &PgPool, schema: &str) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    // Replicas starting together make it once.
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
        .bind(format!("{schema}.history"))
        .execute(&mut *tx)
        .await?;
    sqlx::raw_sql(AssertSqlSafe(create_sql(schema))).execute(&mut *tx).await?;
    tx.commit().await?;
    ensure_months(pool, schema, Utc::now().date_naive()).await
}

/// The partitions of the month of `today` and of the next one, when missing; one whose rows already sit
/// in the DEFAULT partition is left to it (making it would fail), and said in the logs.
pub async fn ensure_months(pool: &PgPool, schema: &str, today: NaiveDate) -> anyhow::Result<()> {
    let first = today.with_day(1).expect("the first of a month");
    let next = first.checked_add_months(chrono::Months::new(1)).expect("a month ahead");
    let after = next.checked_add_months(chrono::Months::new(1)).expect("two months ahead");
    for (start, end) in [(first, next), (next, after)] {
        let name = ident(&format!("history_{}", start.format("%Y%m")));
        let sql = format!(
            "CREATE TABLE IF NOT EXISTS {s}.{name} PARTITION OF {s}.history
                 FOR VALUES FROM ('{start}') TO ('{end}')",
            s = ident(schema),
        );
        if let Err(e) = sqlx::query(AssertSqlSafe(sql)).execute(pool).await {
            tracing::warn!(schema, month = %start, error = %e, "history month not made: its entries stay in the default partition");
        }
    }
    Ok(())
}
