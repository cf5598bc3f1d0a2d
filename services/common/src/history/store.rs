//! Writing, reading and verifying a service's history (`<schema>.history`, `table`). An entry is written
//! in the transaction of the change it records, so the change and its entry are kept or lost together;
//! the versions of one record are consecutive whatever writes arrive at once (its entries are written
//! one at a time, under a lock held to the transaction's end).

use super::chain::{self, Hashed};
use super::changes::Change;
use crate::db::ident;
use crate::error::ServiceError;
use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::{AssertSqlSafe, PgConnection, PgPool, Row};

/// Who made a change: a login (its id and name), or a service's background work (no id, its name).
#[derive(Clone, Debug, PartialEq)]
pub struct Author {
    pub login_id: Option<i64>,
    pub login_name: String,
}

impl Author {
    pub fn login(id: i64, name: &str) -> Author {
        Author { login_id: Some(id), login_name: name.to_string() }
    }

    /// A service working on its own (a nightly run, an import's job).
    pub fn service(name: &str) -> Author {
        Author { login_id: None, login_name: name.to_string() }
    }
}

/// Where a change came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A screen of the application.
    Screen,
    /// The REST API, called by another program.
    Api,
    /// An operator's statement imported.
    Statement,
    /// A field laptop's synchronisation, named by the laptop.
    Sync { laptop: String },
    /// Two records merged into one.
    Merge,
    /// A past version put back.
    Restore,
}

impl Source {
    /// Its name in the table and the API (`history_source`).
    pub fn name(&self) -> &'static str {
        match self {
            Source::Screen => "screen",
            Source::Api => "api",
            Source::Statement => "statement",
            Source::Sync { .. } => "sync",
            Source::Merge => "merge",
            Source::Restore => "restore",
        }
    }

    fn device(&self) -> Option<&str> {
        match self {
            Source::Sync { laptop } => Some(laptop),
            _ => None,
        }
    }
}

/// One change to record: the record (its entity, as the API names it, and its id), who, from where,
/// why (where the action asks), and what changed (`changes`).
pub struct Entry<'a> {
    pub entity: &'a str,
    pub entity_id: i64,
    pub author: &'a Author,
    pub source: &'a Source,
    pub reason: Option<&'a str>,
    pub changes: Vec<Change>,
}

/// An entry as it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Written {
    pub version: i32,
    pub at: DateTime<Utc>,
    pub login_id: Option<i64>,
    pub login_name: String,
    pub source: String,
    pub device: Option<String>,
    pub reason: Option<String>,
    pub changes: Vec<Change>,
}

/// Writes `entry` in `tx` (the transaction of the change) as its record's next version; answers that
/// version. An entry that changes nothing is not written (`None`).
pub async fn record(
    tx: &mut PgConnection,
    schema: &str,
    entry: Entry<'_>,
) -> Result<Option<i32>, ServiceError> {
    if entry.changes.is_empty() {
        return Ok(None);
    }
    let table = format!("{}.history", ident(schema));
    // One writer at a time for a record, to the transaction's end: its versions follow each other.
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind(format!("{schema}.history:{}:{}", entry.entity, entry.entity_id))
        .execute(&mut *tx)
        .await?;
    let last: Option<(i32, Vec<u8>)> = sqlx::query_as(AssertSqlSafe(format!(
        "SELECT history_version, history_hash FROM {table}
         WHERE history_entity = $1 AND history_entity_id = $2
         ORDER BY history_version DESC LIMIT 1"
    )))
    .bind(entry.entity)
    .bind(entry.entity_id)
    .fetch_optional(&mut *tx)
    .await?;
    let version = last.as_ref().map_or(1, |(version, _)| version + 1);
    let row = seal(&entry, version, last.as_ref().map(|(_, hash)| hash.as_slice()))?;
    sqlx::query(AssertSqlSafe(insert_sql(schema, "$1"))).bind(row).execute(&mut *tx).await?;
    Ok(Some(version))
}

/// A record's first entry, its creation, sealed (numbered, dated and hashed) before the record is
/// written, so that the statement that writes the record writes it too (`insert_sql`): no lock and no
/// read of a last version, since no other writer knows the record yet. `None` for a creation that sets
/// nothing.
pub fn sealed_creation(entry: Entry<'_>) -> Result<Option<Value>, ServiceError> {
    if entry.changes.is_empty() {
        return Ok(None);
    }
    seal(&entry, 1, None).map(Some)
}

/// The statement that writes the sealed entry bound at `parameter` (`$1`: the row as JSON, from `seal`)
/// into `schema`'s history; a service's own statement may hold it in a `WITH`.
pub fn insert_sql(schema: &str, parameter: &str) -> String {
    let table = format!("{}.history", ident(schema));
    format!(
        "INSERT INTO {table} ({WRITTEN_COLUMNS})
         SELECT {WRITTEN_COLUMNS} FROM jsonb_populate_record(NULL::{table}, {parameter})"
    )
}

const WRITTEN_COLUMNS: &str = "history_entity, history_entity_id, history_version, history_at,
    history_login_id, history_login_name, history_source, history_device, history_reason,
    history_changes, history_previous_hash, history_hash";

/// The entry as the version `version` of its record, after the entry whose hash is `previous`: its row
/// as JSON, under the table's columns (the hashes in bytea's hex form, read as such by the table).
fn seal(entry: &Entry<'_>, version: i32, previous: Option<&[u8]>) -> Result<Value, ServiceError> {
    // The table keeps microseconds: the hash covers the moment as it will be read back.
    let at_micros = Utc::now().timestamp_micros();
    let at = DateTime::from_timestamp_micros(at_micros).unwrap_or_default();
    let changes = serde_json::to_value(&entry.changes).map_err(anyhow::Error::from)?;
    let hash = chain::hash(
        previous,
        &Hashed {
            entity: entry.entity,
            entity_id: entry.entity_id,
            version,
            at_micros,
            login_id: entry.author.login_id,
            login_name: &entry.author.login_name,
            source: entry.source.name(),
            device: entry.source.device(),
            reason: entry.reason,
            changes: &changes,
        },
    );
    Ok(serde_json::json!({
        "history_entity": entry.entity,
        "history_entity_id": entry.entity_id,
        "history_version": version,
        "history_at": at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        "history_login_id": entry.author.login_id,
        "history_login_name": entry.author.login_name,
        "history_source": entry.source.name(),
        "history_device": entry.source.device(),
        "history_reason": entry.reason,
        "history_changes": changes,
        "history_previous_hash": previous.map(bytea),
        "history_hash": bytea(&hash),
    }))
}

/// Bytes as PostgreSQL reads a bytea from text: `\x` and their hex digits.
fn bytea(bytes: &[u8]) -> String {
    let mut text = String::from("\\x");
    for byte in bytes {
        text.push_str(&format!("{byte:02x}"));
    }
    text
}

const COLUMNS: &str = "history_version, history_at, history_login_id, history_login_name,
    history_source, history_device, history_reason, history_changes, history_previous_hash,
    history_hash";

/// The entries of one record, newest first: `limit` of them after skipping `offset`; and how many it has.
pub async fn read(
    pool: &PgPool,
    schema: &str,
    entity: &str,
    entity_id: i64,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Written>, i64), ServiceError> {
    let table = format!("{}.history", ident(schema));
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM {table} WHERE history_entity = $1 AND history_entity_id = $2
         ORDER BY history_version DESC LIMIT $3 OFFSET $4"
    )))
    .bind(entity)
    .bind(entity_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    // The newest version is the count: versions start at 1 and follow each other.
    let total: Option<i32> = sqlx::query_scalar(AssertSqlSafe(format!(
        "SELECT max(history_version) FROM {table}
         WHERE history_entity = $1 AND history_entity_id = $2"
    )))
    .bind(entity)
    .bind(entity_id)
    .fetch_one(pool)
    .await?;
    let entries = rows.iter().map(written).collect::<Result<Vec<_>, _>>()?;
    Ok((entries, i64::from(total.unwrap_or(0))))
}

fn written(row: &sqlx::postgres::PgRow) -> Result<Written, ServiceError> {
    let changes: Value = row.try_get("history_changes")?;
    Ok(Written {
        version: row.try_get("history_version")?,
        at: row.try_get("history_at")?,
        login_id: row.try_get("history_login_id")?,
        login_name: row.try_get("history_login_name")?,
        source: row.try_get("history_source")?,
        device: row.try_get("history_device")?,
        reason: row.try_get("history_reason")?,
        changes: serde_json::from_value(changes).map_err(anyhow::Error::from)?,
    })
}

/// What an auditor filters every change by (each unset: any): the entity, the login, the source and a
/// period (`from` included, `to` excluded).
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub entity: Option<String>,
    pub login_id: Option<i64>,
    pub source: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// One change of the whole history: its record and the entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// The entry's own id, for the next page (`after`).
    pub id: i64,
    pub entity: String,
    pub entity_id: i64,
    pub entry: Written,
}

/// Every change within `filter`, newest first: `limit` of them, after the entry `after` (its moment and
/// id, from the last row of the previous page; none for the first page). Walks the index of the moments
/// (and only the months of the period), so a page costs the same however long the history.
pub async fn list(
    pool: &PgPool,
    schema: &str,
    filter: &Filter,
    after: Option<(DateTime<Utc>, i64)>,
    limit: i64,
) -> Result<Vec<Listed>, ServiceError> {
    let table = format!("{}.history", ident(schema));
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT history_id, history_entity, history_entity_id, {COLUMNS} FROM {table}
         WHERE ($1::text IS NULL OR history_entity = $1)
           AND ($2::bigint IS NULL OR history_login_id = $2)
           AND ($3::text IS NULL OR history_source = $3)
           AND ($4::timestamptz IS NULL OR history_at >= $4)
           AND ($5::timestamptz IS NULL OR history_at < $5)
           AND ($6::timestamptz IS NULL OR (history_at, history_id) < ($6, $7))
         ORDER BY history_at DESC, history_id DESC LIMIT $8"
    )))
    .bind(filter.entity.as_deref())
    .bind(filter.login_id)
    .bind(filter.source.as_deref())
    .bind(filter.from)
    .bind(filter.to)
    .bind(after.map(|(at, _)| at))
    .bind(after.map_or(0, |(_, id)| id))
    .bind(limit)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Listed {
                id: row.try_get("history_id")?,
                entity: row.try_get("history_entity")?,
                entity_id: row.try_get("history_entity_id")?,
                entry: written(row)?,
            })
        })
        .collect()
}

/// What the check of a record's chain found: every entry in place (`Ok`), or the first version whose
/// entry does not hold (changed, or a version missing before it).
#[derive(Debug, PartialEq)]
pub enum Verified {
    Ok { entries: i32 },
    Broken { version: i32 },
}

/// Checks the chain of one record: versions 1, 2, … each hashed over the one before and its own content.
pub async fn verify(
    pool: &PgPool,
    schema: &str,
    entity: &str,
    entity_id: i64,
) -> Result<Verified, ServiceError> {
    let table = format!("{}.history", ident(schema));
    let rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM {table} WHERE history_entity = $1 AND history_entity_id = $2
         ORDER BY history_version"
    )))
    .bind(entity)
    .bind(entity_id)
    .fetch_all(pool)
    .await?;
    let mut previous: Option<Vec<u8>> = None;
    for (expected, row) in (1..).zip(&rows) {
        // The changes as stored, hashed as they were written (not through `Change`, whose reading
        // would hide a field added to an entry by SQL).
        let changes: Value = row.try_get("history_changes")?;
        let entry = written(row)?;
        let stored_previous: Option<Vec<u8>> = row.try_get("history_previous_hash")?;
        let stored: Vec<u8> = row.try_get("history_hash")?;
        let hash = chain::hash(
            previous.as_deref(),
            &Hashed {
                entity,
                entity_id,
                version: entry.version,
                at_micros: entry.at.timestamp_micros(),
                login_id: entry.login_id,
                login_name: &entry.login_name,
                source: &entry.source,
                device: entry.device.as_deref(),
                reason: entry.reason.as_deref(),
                changes: &changes,
            },
        );
        if entry.version != expected || stored_previous != previous || stored != hash {
            return Ok(Verified::Broken { version: expected });
        }
        previous = Some(stored);
    }
    Ok(Verified::Ok { entries: rows.len() as i32 })
}

/// The record as it stood at `version`: every field its entries 1 to `version` set, each at its last
/// value (JSON names and values), without those a later entry emptied; `None` when the record has no
/// such version. A deletion's version has no field left.
pub async fn state_at(
    pool: &PgPool,
    schema: &str,
    entity: &str,
    entity_id: i64,
    version: i32,
) -> Result<Option<serde_json::Map<String, Value>>, ServiceError> {
    let table = format!("{}.history", ident(schema));
    let rows: Vec<(i32, Value)> = sqlx::query_as(AssertSqlSafe(format!(
        "SELECT history_version, history_changes FROM {table}
         WHERE history_entity = $1 AND history_entity_id = $2 AND history_version <= $3
         ORDER BY history_version"
    )))
    .bind(entity)
    .bind(entity_id)
    .bind(version)
    .fetch_all(pool)
    .await?;
    if rows.last().map(|(v, _)| *v) != Some(version) {
        return Ok(None);
    }
    let mut state = serde_json::Map::new();
    for (_, changes) in rows {
        let changes: Vec<Change> = serde_json::from_value(changes).map_err(anyhow::Error::from)?;
        for change in changes {
            match change.new {
                Value::Null => state.remove(&change.field),
                value => state.insert(change.field, value),
            };
        }
    }
    Ok(Some(state))
}

/// The record's latest version (0: no entry).
pub async fn latest_version(
    pool: &PgPool,
    schema: &str,
    entity: &str,
    entity_id: i64,
) -> Result<i32, ServiceError> {
    let table = format!("{}.history", ident(schema));
    let latest: Option<i32> = sqlx::query_scalar(AssertSqlSafe(format!(
        "SELECT max(history_version) FROM {table} WHERE history_entity = $1 AND history_entity_id = $2"
    )))
    .bind(entity)
    .bind(entity_id)
    .fetch_one(pool)
    .await?;
    Ok(latest.unwrap_or(0))
}
