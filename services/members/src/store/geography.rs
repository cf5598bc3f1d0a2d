//! The projection of the geography: the four levels' ids, names and parents, kept from the geography
//! service's events (read by `consumers::geography`). Applying an event twice changes nothing, so a
//! redelivered event is harmless.

use common::error::ServiceError;

/// A geography event as the projection applies it.
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
    /// The level of an entity the geography tells again (`common::replay::entities`).
    pub fn of_entity(entity: &str) -> Option<Level> {
        let levels = [Level::Region, Level::Department, Level::Subprefecture, Level::Locality];
        let at = common::replay::entities::GEOGRAPHY.iter().position(|e| *e == entity)?;
        Some(levels[at])
    }

    /// The projection table, its id and name columns, and its parent column.
    pub(crate) fn describe(
        self,
    ) -> (&'static str, &'static str, &'static str, Option<&'static str>) {
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

    /// The row, if it has its id, and its parent below the regions.
    pub fn whole(self, row: SavedRow) -> Option<SavedRow> {
        let parent_known = self == Level::Region || row.parent_id > 0;
        (row.id > 0 && parent_known).then_some(row)
    }
}

impl GeographyEvent {
    /// "Locality: 1000 saved" or "Region 4 deleted", for traces.
    fn summary(&self) -> String {
        match self {
            GeographyEvent::Saved { level, rows } => format!("{level:?}: {} saved", rows.len()),
            GeographyEvent::Deleted { level, id } => format!("{level:?} {id} deleted"),
        }
    }
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
            write_rows(tx, *level, rows, Known::Replaced).await?
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
        let row = SavedRow {
            id: id.unwrap_or_default(),
            name: name.clone(),
            parent_id: parent_id.unwrap_or_default(),
        };
        let Some(row) = level.whole(row) else {
            return Err(ServiceError::Internal(anyhow::anyhow!(
                "the geography answered locality {:?} without its {level:?}",
                l.locality_id
            )));
        };
        write_rows(tx, level, &[row], Known::Kept).await?;
    }
    Ok(())
}

/// What writing a row does to the row of the same id the projection already has.
enum Known {
    /// An event's row replaces it (its name or parent changed).
    Replaced,
    /// A row read through is left to the events, which keep it current.
    Kept,
}

/// Writes `rows` of one level in one statement, however many there are.
async fn write_rows(
    tx: &mut sqlx::PgConnection,
    level: Level,
    rows: &[SavedRow],
    known: Known,
) -> Result<(), sqlx::Error> {
    let (table, id_column, name_column, parent_column) = level.describe();
    let (columns, arrays, parent_replaced) = match parent_column {
        None => (format!("{id_column}, {name_column}"), "$1::bigint[], $2::text[]", String::new()),
        Some(parent) => (
            format!("{id_column}, {name_column}, {parent}"),
            "$1::bigint[], $2::text[], $3::bigint[]",
            format!(", {parent} = excluded.{parent}"),
        ),
    };
    let on_conflict = match known {
        Known::Replaced => format!(
            "ON CONFLICT ({id_column}) DO UPDATE SET {name_column} = excluded.{name_column}{parent_replaced}"
        ),
        Known::Kept => "ON CONFLICT DO NOTHING".to_string(),
    };
    let sql =
        format!("INSERT INTO {table} ({columns}) SELECT * FROM unnest({arrays}) {on_conflict}");
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(ids).bind(names);
    if parent_column.is_some() {
        query = query.bind(rows.iter().map(|r| r.parent_id).collect::<Vec<i64>>());
    }
    query.execute(&mut *tx).await?;
    Ok(())
}
