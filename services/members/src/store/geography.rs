//! The projection of the geography: the four levels' ids, names and parents, kept from the geography
//! service's events. Applying an event twice changes nothing, so a redelivered event is harmless.

use common::error::ServiceError;
use proto::geography as pb;
use serde_json::Value;

/// A geography event as this service reads it.
#[derive(Debug, PartialEq)]
pub enum GeographyEvent {
    /// `created` or `updated` (one row), or `imported` (the localities an import added, many at once).
    Saved {
        level: Level,
        rows: Vec<SavedRow>,
    },
    Deleted {
        level: Level,
        id: i64,
    },
}

/// A saved row with its parent id (0 for a region).
#[derive(Debug, PartialEq)]
pub struct SavedRow {
    pub id: i64,
    pub name: String,
    pub parent_id: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Region,
    Department,
    Subprefecture,
    Locality,
}

impl Level {
    /// The projection table, its id and name columns, and its parent column.
    fn describe(self) -> (&'static str, &'static str, &'static str, Option<&'static str>) {
        match self {
            Level::Region => ("members.geo_region", "region_id", "region_name", None),
            Level::Department => {
                ("members.geo_department", "department_id", "department_name", Some("region_id"))
            }
            Level::Subprefecture => (
                "members.geo_subprefecture",
                "subprefecture_id",
                "subprefecture_name",
                Some("department_id"),
            ),
            Level::Locality => {
                ("members.geo_locality", "locality_id", "locality_name", Some("subprefecture_id"))
            }
        }
    }
}

impl GeographyEvent {
    /// Reads an event from its subject (`<prefix>.geography.<entity>.<verb>`) and JSON payload; `None` for
    /// an event this projection does not keep.
    pub fn parse(subject: &str, payload: &Value) -> Option<GeographyEvent> {
        let mut parts = subject.rsplit('.');
        let verb = parts.next()?;
        let level = match parts.next()? {
            "region" => Level::Region,
            "department" => Level::Department,
            "subprefecture" => Level::Subprefecture,
            "locality" => Level::Locality,
            _ => return None,
        };
        match verb {
            "created" | "updated" => {
                Some(GeographyEvent::Saved { level, rows: vec![level.saved_row(payload)?] })
            }
            // An import tells of its localities in batches: `{"localities": [<as in created>, ...]}`.
            "imported" if level == Level::Locality => {
                let e: pb::LocalitiesImported = serde_json::from_value(payload.clone()).ok()?;
                let rows = e
                    .localities
                    .into_iter()
                    .map(|row| level.whole(locality_row(row)))
                    .collect::<Option<Vec<_>>>()?;
                Some(GeographyEvent::Saved { level, rows })
            }
            "deleted" => {
                let e: pb::LevelDeleted = serde_json::from_value(payload.clone()).ok()?;
                (e.id > 0).then_some(GeographyEvent::Deleted { level, id: e.id })
            }
            _ => None,
        }
    }

    /// "Locality: 1000 saved" or "Region 4 deleted", for traces.
    fn summary(&self) -> String {
        match self {
            GeographyEvent::Saved { level, rows } => format!("{level:?}: {} saved", rows.len()),
            GeographyEvent::Deleted { level, id } => format!("{level:?} {id} deleted"),
        }
    }
}

impl Level {
    /// The row a `created` or `updated` event of this level carries (typed by the geography's
    /// `events.proto`); `None` when it lacks its id, or its parent below the regions.
    fn saved_row(self, payload: &Value) -> Option<SavedRow> {
        fn read<T: serde::de::DeserializeOwned>(payload: &Value) -> Option<T> {
            serde_json::from_value(payload.clone()).ok()
        }
        let row = match self {
            Level::Region => {
                let e: pb::RegionSaved = read(payload)?;
                SavedRow { id: e.region_id, name: e.region_name, parent_id: 0 }
            }
            Level::Department => {
                let e: pb::DepartmentSaved = read(payload)?;
                SavedRow {
                    id: e.department_id,
                    name: e.department_name,
                    parent_id: e.department_region_id,
                }
            }
            Level::Subprefecture => {
                let e: pb::SubprefectureSaved = read(payload)?;
                SavedRow {
                    id: e.subprefecture_id,
                    name: e.subprefecture_name,
                    parent_id: e.subprefecture_department_id,
                }
            }
            Level::Locality => locality_row(read(payload)?),
        };
        self.whole(row)
    }

    /// The row, if it has its id, and its parent below the regions.
    fn whole(self, row: SavedRow) -> Option<SavedRow> {
        let parent_known = self == Level::Region || row.parent_id > 0;
        (row.id > 0 && parent_known).then_some(row)
    }
}

fn locality_row(e: pb::LocalitySaved) -> SavedRow {
    SavedRow { id: e.locality_id, name: e.locality_name, parent_id: e.locality_subprefecture_id }
}

/// Applies one geography event to the projection, in the consumer's transaction. The span sums the
/// event up rather than recording it whole: an import's event carries a thousand rows.
#[tracing::instrument(name = "db.members.projection", skip_all, fields(event = %event.summary()))]
pub async fn apply_geography(
    tx: &mut sqlx::PgConnection,
    event: &GeographyEvent,
) -> Result<(), ServiceError> {
    match event {
        GeographyEvent::Saved { level, rows } => {
            // One statement for the whole event, however many rows it carries.
            let (table, id_column, name_column, parent_column) = level.describe();
            let sql = match parent_column {
                    None => format!(
                        "INSERT INTO {table} ({id_column}, {name_column}) SELECT * FROM unnest($1::bigint[], $2::text[])
                         ON CONFLICT ({id_column}) DO UPDATE SET {name_column} = excluded.{name_column}"
                    ),
                    Some(parent) => format!(
                        "INSERT INTO {table} ({id_column}, {name_column}, {parent})
                         SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[])
                         ON CONFLICT ({id_column}) DO UPDATE SET {name_column} = excluded.{name_column}, {parent} = excluded.{parent}"
                    ),
                };
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(ids).bind(names);
            if parent_column.is_some() {
                query = query.bind(rows.iter().map(|r| r.parent_id).collect::<Vec<i64>>());
            }
            query.execute(&mut *tx).await?;
        }
        GeographyEvent::Deleted { level, id } => {
            let (table, id_column, ..) = level.describe();
            sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table} WHERE {id_column} = $1")))
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
    }
    Ok(())
}

/// Writes a locality read from the geography service, with its three parents, into the projection. Rows
/// the projection already has are left to the events, which keep them current.
pub(super) async fn project_locality(
    tx: &mut sqlx::PgConnection,
    l: &proto::geography::Locality,
) -> Result<(), ServiceError> {
    // Parents first, one statement each: the geography consumer inserts in that order too (the events'
    // order), so the two wait on each other instead of deadlocking. (The sub-statements of one statement
    // run in no set order: its unreferenced CTEs run after the main insert.)
    let levels = [
        (Level::Region, l.locality_region_id, &l.region_name, None),
        (Level::Department, l.department_id, &l.department_name, l.locality_region_id),
        (Level::Subprefecture, l.locality_subprefecture_id, &l.subprefecture_name, l.department_id),
        (Level::Locality, l.locality_id, &l.locality_name, l.locality_subprefecture_id),
    ];
    for (level, id, name, parent_id) in levels {
        let (table, id_column, name_column, parent_column) = level.describe();
        let sql = match parent_column {
            None => format!(
                "INSERT INTO {table} ({id_column}, {name_column}) VALUES ($1, $2) ON CONFLICT DO NOTHING"
            ),
            Some(parent) => format!(
                "INSERT INTO {table} ({id_column}, {name_column}, {parent}) VALUES ($1, $2, $3)
                 ON CONFLICT DO NOTHING"
            ),
        };
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).bind(name);
        if parent_column.is_some() {
            query = query.bind(parent_id);
        }
        query.execute(&mut *tx).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn events_of_each_level_are_read() {
        let e = GeographyEvent::parse(
            "t1.geography.locality.created",
            &json!({"locality_id": 9, "locality_name": "Gbadi", "locality_subprefectureId": 4}),
        );
        assert_eq!(e, Some(saved(Level::Locality, &[(9, "Gbadi", 4)])));
        let e = GeographyEvent::parse(
            "t1.geography.region.updated",
            &json!({"region_id": 2, "region_name": "Gôh", "region_code": "GOH"}),
        );
        assert_eq!(e, Some(saved(Level::Region, &[(2, "Gôh", 0)])));
        let e = GeographyEvent::parse("t1.geography.department.deleted", &json!({"id": 5}));
        assert_eq!(e, Some(GeographyEvent::Deleted { level: Level::Department, id: 5 }));
        assert_eq!(GeographyEvent::parse("t1.geography.locality.created", &json!({})), None);
    }

    #[test]
    fn an_import_batch_is_read_whole_or_not_at_all() {
        let batch = json!({"localities": [
            {"locality_id": 9, "locality_name": "Gbadi", "locality_subprefectureId": 4},
            {"locality_id": 10, "locality_name": "Zaïbo", "locality_subprefectureId": 5},
        ]});
        let e = GeographyEvent::parse("t1.geography.locality.imported", &batch);
        assert_eq!(e, Some(saved(Level::Locality, &[(9, "Gbadi", 4), (10, "Zaïbo", 5)])));
        let broken = json!({"localities": [{"locality_id": 9, "locality_name": "Gbadi"}]});
        assert_eq!(GeographyEvent::parse("t1.geography.locality.imported", &broken), None);
        assert_eq!(GeographyEvent::parse("t1.geography.region.imported", &batch), None);
    }

    fn saved(level: Level, rows: &[(i64, &str, i64)]) -> GeographyEvent {
        let rows = rows
            .iter()
            .map(|&(id, name, parent_id)| SavedRow { id, name: name.into(), parent_id })
            .collect();
        GeographyEvent::Saved { level, rows }
    }
}
