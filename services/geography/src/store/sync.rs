//! The geography a field laptop receives from the central server (docs/api.md, "Synchronisation"): the
//! changes after a checkpoint, each row with its parents in front, and their applying on the laptop under
//! the central server's ids (migration 0003 gives every change a position and keeps the deletions).

use super::{SCHEMA, Store, Told, conflict, written};
use crate::domain::level_rules::{self, Checked};
use crate::domain::levels::{DEPARTMENT, LOCALITY, Level, REGION, SUBPREFECTURE};
use crate::domain::messages as msg;
use common::error::ServiceError;
use common::outbox;
use common::sync_position::Positions;
use proto::geography as pb;
use sqlx::postgres::PgRow;
use sqlx::{AssertSqlSafe, FromRow, PgConnection, Row};
use std::collections::{BTreeMap, BTreeSet};

const POSITIONS: Positions =
    Positions { lock: "geography.sync_position", sequence: "geography.sync_position_seq" };

/// The levels, parents first.
const LEVELS: [&Level; 4] = [&REGION, &DEPARTMENT, &SUBPREFECTURE, &LOCALITY];

/// A row that travels: its id, and itself as it travels (its position is set by the page).
trait Travels: for<'r> FromRow<'r, PgRow> + Send + Unpin + Told {
    fn place(&self) -> pb::SyncedPlace;
}

impl Travels for pb::Region {
    fn place(&self) -> pb::SyncedPlace {
        pb::SyncedPlace { region: Some(self.clone()), ..Default::default() }
    }
}

impl Travels for pb::Department {
    fn place(&self) -> pb::SyncedPlace {
        pb::SyncedPlace { department: self.event().department, ..Default::default() }
    }
}

impl Travels for pb::Subprefecture {
    fn place(&self) -> pb::SyncedPlace {
        pb::SyncedPlace { subprefecture: self.event().subprefecture, ..Default::default() }
    }
}

impl Travels for pb::Locality {
    fn place(&self) -> pb::SyncedPlace {
        pb::SyncedPlace { locality: self.event().locality, ..Default::default() }
    }
}

/// A change of the page: a row of `level` (its index in `LEVELS`), or its deletion.
struct Change {
    level: usize,
    id: i64,
    position: i64,
    gone: bool,
}

impl Store {
    /// The geography changes after `after`, at most `limit`, in the order of their positions, with the
    /// parents of their rows sent again in front (a laptop applies a row only after its parent).
    #[tracing::instrument(name = "db.geography.sync_changes", skip(self))]
    pub async fn changed_geography(
        &self,
        after: i64,
        limit: i64,
    ) -> Result<pb::GeographyPage, ServiceError> {
        let horizon = POSITIONS.horizon(&self.pool).await?;
        let mut sql = String::from("SELECT level, id, sync_position, gone FROM (");
        for (n, level) in LEVELS.iter().enumerate() {
            sql.push_str(&format!(
                "SELECT {n} AS level, {} AS id, sync_position, false AS gone FROM {}
                 WHERE sync_position > $1 AND sync_position <= $2 UNION ALL ",
                level.id, level.table
            ));
        }
        sql.push_str(&format!(
            "SELECT CASE level {} END, id, sync_position, true FROM geography.sync_deleted
             WHERE sync_position > $1 AND sync_position <= $2) c ORDER BY sync_position LIMIT $3",
            LEVELS
                .iter()
                .enumerate()
                .map(|(n, level)| format!("WHEN '{}' THEN {n}", level.entity))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        let changes: Vec<Change> = sqlx::query(AssertSqlSafe(sql))
            .bind(after)
            .bind(horizon)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| {
                Ok(Change {
                    level: row.try_get::<i32, _>("level")? as usize,
                    id: row.try_get("id")?,
                    position: row.try_get("sync_position")?,
                    gone: row.try_get("gone")?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?;

        // The rows to read: the page's, then, from the localities up, the parents of each.
        let mut wanted: [BTreeSet<i64>; 4] = Default::default();
        for change in changes.iter().filter(|c| !c.gone) {
            wanted[change.level].insert(change.id);
        }
        for child in (1..LEVELS.len()).rev() {
            let parents = self.parents_of(LEVELS[child], &wanted[child]).await?;
            wanted[child - 1].extend(parents);
        }
        let mut rows: [BTreeMap<i64, pb::SyncedPlace>; 4] = Default::default();
        rows[0] = self.rows::<pb::Region>(&REGION, &wanted[0]).await?;
        rows[1] = self.rows::<pb::Department>(&DEPARTMENT, &wanted[1]).await?;
        rows[2] = self.rows::<pb::Subprefecture>(&SUBPREFECTURE, &wanted[2]).await?;
        rows[3] = self.rows::<pb::Locality>(&LOCALITY, &wanted[3]).await?;

        let in_page: BTreeSet<(usize, i64)> = changes.iter().map(|c| (c.level, c.id)).collect();
        let mut records = Vec::with_capacity(changes.len());
        for (level, placed) in rows.iter().enumerate() {
            for (id, place) in placed {
                if !in_page.contains(&(level, *id)) {
                    records.push(place.clone());
                }
            }
        }
        for change in &changes {
            let place = if change.gone {
                let level = LEVELS[change.level].entity.to_string();
                let deleted = pb::DeletedPlace { level, id: change.id };
                pb::SyncedPlace { deleted: Some(deleted), ..Default::default() }
            } else {
                // Read after the page: a row deleted since has its deletion further on.
                let Some(row) = rows[change.level].get(&change.id) else { continue };
                row.clone()
            };
            records.push(pb::SyncedPlace { position: change.position, ..place });
        }
        // A page shorter than asked went through every change up to the horizon.
        let last_position = match changes.last() {
            Some(last) if changes.len() as i64 >= limit => last.position,
            _ => horizon.max(after),
        };
        Ok(pb::GeographyPage { records, last_position })
    }

    /// The ids of the parents of `level`'s rows `ids`.
    async fn parents_of(
        &self,
        level: &Level,
        ids: &BTreeSet<i64>,
    ) -> Result<Vec<i64>, ServiceError> {
        let Some(parent) = &level.parent else { return Ok(Vec::new()) };
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<i64> = ids.iter().copied().collect();
        Ok(sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT DISTINCT {} FROM {} WHERE {} = ANY($1)",
            parent.column, level.table, level.id
        )))
        .bind(ids)
        .fetch_all(&self.pool)
        .await?)
    }

    /// `level`'s rows `ids`, as they travel.
    async fn rows<T: Travels>(
        &self,
        level: &Level,
        ids: &BTreeSet<i64>,
    ) -> Result<BTreeMap<i64, pb::SyncedPlace>, ServiceError> {
        if ids.is_empty() {
            return Ok(BTreeMap::new());
        }
        let ids: Vec<i64> = ids.iter().copied().collect();
        let rows: Vec<T> = sqlx::query_as(AssertSqlSafe(format!(
            "{} WHERE {} = ANY($1)",
            level.select(),
            level.id_column()
        )))
        .bind(ids)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|row| (row.id(), row.place())).collect())
    }

    /// Applies the central server's geography on a field laptop in one transaction, in the order given,
    /// each row under its id, checked as a save is, and told by the same events (the members service's
    /// copy of the localities follows them). A row already as sent is left untouched: a page applied
    /// again changes nothing.
    #[tracing::instrument(name = "db.geography.sync_apply", skip_all, fields(records = records.len()))]
    pub async fn apply_synced_geography(
        &self,
        records: &[pb::SyncedPlace],
    ) -> Result<pb::GeographyApplied, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let mut applied = pb::GeographyApplied::default();
        for record in records {
            let outcome = match record {
                pb::SyncedPlace { region: Some(r), .. } => {
                    self.upsert::<pb::Region>(&mut tx, &REGION, &level_rules::region(r)?).await?
                }
                pb::SyncedPlace { department: Some(d), .. } => {
                    let checked = level_rules::department(d)?;
                    self.upsert::<pb::Department>(&mut tx, &DEPARTMENT, &checked).await?
                }
                pb::SyncedPlace { subprefecture: Some(s), .. } => {
                    let checked = level_rules::subprefecture(s)?;
                    self.upsert::<pb::Subprefecture>(&mut tx, &SUBPREFECTURE, &checked).await?
                }
                pb::SyncedPlace { locality: Some(l), .. } => {
                    self.upsert::<pb::Locality>(&mut tx, &LOCALITY, &level_rules::locality(l)?)
                        .await?
                }
                pb::SyncedPlace { deleted: Some(deleted), .. } => {
                    let level =
                        LEVELS.into_iter().find(|level| level.entity == deleted.level).ok_or_else(
                            || ServiceError::invalid_field("level", msg::SYNC_LEVEL_UNKNOWN),
                        )?;
                    self.delete_synced(&mut tx, level, deleted.id).await?
                }
                _ => return Err(ServiceError::invalid_field("records", msg::SYNC_PLACE_EMPTY)),
            };
            match outcome {
                Applied::Created => applied.created += 1,
                Applied::Updated => applied.updated += 1,
                Applied::Unchanged => applied.unchanged += 1,
                Applied::Deleted => applied.deleted += 1,
            }
        }
        outbox::commit(tx, SCHEMA).await?;
        Ok(applied)
    }

    /// Writes a row under the id it has on the central server, unless it is already as sent.
    async fn upsert<T: Travels>(
        &self,
        tx: &mut PgConnection,
        level: &Level,
        draft: &Checked,
    ) -> Result<Applied, ServiceError> {
        if draft.id <= 0 {
            return Err(ServiceError::invalid_field(level.id, msg::SYNC_ID_MISSING));
        }
        let (columns, code, search) = written(level, draft);
        let values: Vec<String> = (2..=columns.len() + 1).map(|n| format!("${n}")).collect();
        let sets: Vec<String> = columns.iter().map(|c| format!("{c} = excluded.{c}")).collect();
        let own: Vec<String> = columns.iter().map(|c| format!("t.{c}")).collect();
        let theirs: Vec<String> = columns.iter().map(|c| format!("excluded.{c}")).collect();
        let sql = format!(
            "INSERT INTO {table} AS t ({id}, {columns}) OVERRIDING SYSTEM VALUE VALUES ($1, {values})
             ON CONFLICT ({id}) DO UPDATE SET {sets}
             WHERE ({own}) IS DISTINCT FROM ({theirs})
             RETURNING (xmax = 0) AS created",
            table = level.table,
            id = level.id,
            columns = columns.join(", "),
            values = values.join(", "),
            sets = sets.join(", "),
            own = own.join(", "),
            theirs = theirs.join(", "),
        );
        let mut query = sqlx::query_scalar(AssertSqlSafe(sql))
            .bind(draft.id)
            .bind(&draft.name)
            .bind(code)
            .bind(search);
        if level.parent.is_some() {
            query = query.bind(draft.parent_id);
        }
        let conflicting = if level.code_column.is_some() { &draft.code } else { &draft.name };
        let created: Option<bool> =
            query.fetch_optional(&mut *tx).await.map_err(|e| conflict(e, level, conflicting))?;
        let Some(created) = created else { return Ok(Applied::Unchanged) };
        self.tell::<T>(tx, level, draft.id, T::EVENTS.saved(created)).await?;
        Ok(if created { Applied::Created } else { Applied::Updated })
    }

    /// Deletes a row the central server deleted, if it is still here, and tells it.
    async fn delete_synced(
        &self,
        tx: &mut PgConnection,
        level: &Level,
        id: i64,
    ) -> Result<Applied, ServiceError> {
        let deleted = sqlx::query(AssertSqlSafe(format!(
            "DELETE FROM {} WHERE {} = $1",
            level.table, level.id
        )))
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if deleted == 0 {
            return Ok(Applied::Unchanged);
        }
        let subject = crate::events::deleted(level).ok_or_else(|| {
            ServiceError::Internal(anyhow::anyhow!("no deletion event for {}", level.entity))
        })?;
        outbox::enqueue(tx, SCHEMA, &subject, &pb::LevelDeleted { meta: None, id }).await?;
        Ok(Applied::Deleted)
    }
}

enum Applied {
    Created,
    Updated,
    Unchanged,
    Deleted,
}
