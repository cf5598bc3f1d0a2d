//! Keeps the statistics' geography (`store::statistics`: each level's id, parent and, for regions and
//! departments, name) from the geography's events, so that a dashboard names a member's region and
//! department and filters by region. Each event applied once (the inbox); the geography's events of one
//! level come in their order on one stream.

use crate::store::statistics::{self as store, GeoRow, Level};
use common::consumer::{Handler, IdRange, not_kept, read_event, unreadable};
use common::error::ServiceError;
use common::outbox::subjects::geography as subjects;
use proto::geography as pb;
use sqlx::PgConnection;

/// The durable name of the reports' consumer of geography events.
pub const CONSUMER: &str = "reports-geography";

pub struct GeographyEvents;

#[derive(Debug, PartialEq)]
enum Change {
    Saved(Level, Vec<GeoRow>),
    Deleted(Level, i64),
}

impl Handler for GeographyEvents {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        match read(subject, payload) {
            Some(Change::Saved(level, rows)) => store::geography_saved(tx, level, &rows).await,
            Some(Change::Deleted(level, id)) => store::geography_deleted(tx, level, id).await,
            None => Ok(()),
        }
    }

    /// The rows of a level the geography no longer holds, deleted as their deletion's event would.
    async fn forget_others(
        &self,
        tx: &mut PgConnection,
        entity: &str,
        range: IdRange,
        kept: &[i64],
    ) -> Result<(), ServiceError> {
        let Some(level) = Level::of_entity(entity) else { return Ok(()) };
        let (table, key) = level.table();
        let gone = not_kept(tx, &table, key, range, kept).await?;
        store::forget(tx, &table, key, &gone).await
    }
}

fn row(id: Option<i64>, name: String, parent_id: Option<i64>) -> GeoRow {
    GeoRow { id: id.unwrap_or_default(), name, parent_id: parent_id.unwrap_or_default() }
}

fn locality(l: pb::LocalityInput) -> GeoRow {
    row(l.locality_id, l.locality_name, l.locality_subprefecture_id)
}

/// The event of `subject`; `None` for one the statistics do not keep, or cannot read (logged, counted).
fn read(subject: &str, payload: &[u8]) -> Option<Change> {
    use subjects::*;
    let saved = |level: Level, rows: Vec<GeoRow>| {
        let whole = rows.iter().all(|r| r.id > 0 && (level == Level::Region || r.parent_id > 0));
        if whole && !rows.is_empty() {
            Some(Change::Saved(level, rows))
        } else {
            unreadable(subject, format_args!("a {level:?} without its id or its parent"));
            None
        }
    };
    if REGION_CREATED.is(subject) || REGION_UPDATED.is(subject) {
        let r = read_event::<pb::RegionSaved>(subject, payload)?.region.unwrap_or_default();
        saved(Level::Region, vec![row(r.region_id, r.region_name, None)])
    } else if DEPARTMENT_CREATED.is(subject) || DEPARTMENT_UPDATED.is(subject) {
        let d = read_event::<pb::DepartmentSaved>(subject, payload)?.department.unwrap_or_default();
        saved(
            Level::Department,
            vec![row(d.department_id, d.department_name, d.department_region_id)],
        )
    } else if SUBPREFECTURE_CREATED.is(subject) || SUBPREFECTURE_UPDATED.is(subject) {
        let s = read_event::<pb::SubprefectureSaved>(subject, payload)?
            .subprefecture
            .unwrap_or_default();
        saved(
            Level::Subprefecture,
            vec![row(s.subprefecture_id, s.subprefecture_name, s.subprefecture_department_id)],
        )
    } else if LOCALITY_CREATED.is(subject) || LOCALITY_UPDATED.is(subject) {
        let l = read_event::<pb::LocalitySaved>(subject, payload)?.locality.unwrap_or_default();
        saved(Level::Locality, vec![locality(l)])
    } else if LOCALITIES_IMPORTED.is(subject) {
        let imported = read_event::<pb::LocalitiesImported>(subject, payload)?;
        saved(Level::Locality, imported.localities.into_iter().map(locality).collect())
    } else {
        let deleted = [
            (REGION_DELETED, Level::Region),
            (DEPARTMENT_DELETED, Level::Department),
            (SUBPREFECTURE_DELETED, Level::Subprefecture),
            (LOCALITY_DELETED, Level::Locality),
        ];
        let (_, level) = deleted.into_iter().find(|(deleted, _)| deleted.is(subject))?;
        match read_event::<pb::LevelDeleted>(subject, payload)?.id {
            id if id > 0 => Some(Change::Deleted(level, id)),
            _ => {
                unreadable(subject, "a deletion without an id");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_event_is_read_as_published() {
        let meta = json!({"eventId": "0190", "schemaVersion": 1, "occurredAt": "2026-01-01T00:00:00+00:00"});
        let read_json = |subject: &str, payload: serde_json::Value| {
            read(subject, &serde_json::to_vec(&payload).unwrap())
        };
        let geo = |id, name: &str, parent_id| GeoRow { id, name: name.into(), parent_id };
        assert_eq!(
            read_json(
                "geography.region.created",
                json!({"meta": meta, "region_id": 4, "region_name": "Haut-Sassandra"})
            ),
            Some(Change::Saved(Level::Region, vec![geo(4, "Haut-Sassandra", 0)]))
        );
        assert_eq!(
            read_json(
                "geography.department.updated",
                json!({"meta": meta, "department_id": 7,
                "department_name": "Daloa", "department_regionId": 4})
            ),
            Some(Change::Saved(Level::Department, vec![geo(7, "Daloa", 4)]))
        );
        assert_eq!(
            read_json(
                "geography.locality.imported",
                json!({"meta": meta, "localities": [
                {"locality_id": 11, "locality_name": "Zaïbo", "locality_subprefectureId": 9},
                {"locality_id": 12, "locality_name": "Gadouan", "locality_subprefectureId": 9}]})
            ),
            Some(Change::Saved(Level::Locality, vec![geo(11, "Zaïbo", 9), geo(12, "Gadouan", 9)]))
        );
        assert_eq!(
            read_json("geography.subprefecture.deleted", json!({"meta": meta, "id": 9})),
            Some(Change::Deleted(Level::Subprefecture, 9))
        );
        assert_eq!(
            read_json("geography.locality.created", json!({"locality_name": "Sans id"})),
            None
        );
    }
}
