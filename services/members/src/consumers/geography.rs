//! Keeps the geography projection (`store::geography`) from the geography's events, through the product's
//! one durable consumer (`common::consumer`): each event is applied in a transaction that also records
//! its id, and acknowledged after the commit, so a redelivered event changes nothing and a failed one is
//! offered again.

use crate::store::{GeographyEvent, GeographyLevel as Level, SavedRow, apply_geography};
use common::consumer::{Handler, IdRange, not_kept, read_event, unreadable};
use common::error::ServiceError;
use common::outbox::subjects::geography as subjects;
use proto::geography as pb;
use sqlx::PgConnection;

/// The durable name of the members' consumer of geography events.
pub const CONSUMER: &str = "members-geography";

pub struct GeographyEvents;

impl Handler for GeographyEvents {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        match read(subject, payload) {
            Some(event) => apply_geography(tx, &event).await,
            // An event the projection does not keep, or one it cannot read: that one was logged and
            // counted, and is acknowledged rather than offered again, since it will never become
            // readable.
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
        let (table, id_column, ..) = level.describe();
        for id in not_kept(tx, table, id_column, range, kept).await? {
            apply_geography(tx, &GeographyEvent::Deleted { level, id }).await?;
        }
        Ok(())
    }
}

/// The event of `subject` as the projection applies it; `None` for an event it does not keep, and for one
/// it cannot read (its JSON, or a row without its id or its parent), logged and counted as `unreadable`.
fn read(subject: &str, payload: &[u8]) -> Option<GeographyEvent> {
    use subjects::*;
    let saved = |level: Level, row: Option<SavedRow>| match row.and_then(|row| level.whole(row)) {
        Some(row) => Some(GeographyEvent::Saved { level, rows: vec![row] }),
        None => {
            unreadable(subject, format_args!("a {level:?} without its id or its parent"));
            None
        }
    };
    if REGION_CREATED.is(subject) || REGION_UPDATED.is(subject) {
        let region = read_event::<pb::RegionSaved>(subject, payload)?.region;
        saved(Level::Region, region.map(|r| row(r.region_id, r.region_name, None)))
    } else if DEPARTMENT_CREATED.is(subject) || DEPARTMENT_UPDATED.is(subject) {
        let department = read_event::<pb::DepartmentSaved>(subject, payload)?.department;
        saved(
            Level::Department,
            department.map(|d| row(d.department_id, d.department_name, d.department_region_id)),
        )
    } else if SUBPREFECTURE_CREATED.is(subject) || SUBPREFECTURE_UPDATED.is(subject) {
        let subprefecture = read_event::<pb::SubprefectureSaved>(subject, payload)?.subprefecture;
        saved(
            Level::Subprefecture,
            subprefecture.map(|s| {
                row(s.subprefecture_id, s.subprefecture_name, s.subprefecture_department_id)
            }),
        )
    } else if LOCALITY_CREATED.is(subject) || LOCALITY_UPDATED.is(subject) {
        let locality = read_event::<pb::LocalitySaved>(subject, payload)?.locality;
        saved(Level::Locality, locality.map(locality_row))
    } else if LOCALITIES_IMPORTED.is(subject) {
        // An import tells of its localities in batches: `{"localities": [<as in created>, ...]}`.
        let imported = read_event::<pb::LocalitiesImported>(subject, payload)?;
        let rows = imported
            .localities
            .into_iter()
            .map(|l| Level::Locality.whole(locality_row(l)))
            .collect::<Option<Vec<_>>>();
        match rows {
            Some(rows) => Some(GeographyEvent::Saved { level: Level::Locality, rows }),
            None => {
                unreadable(subject, "a locality without its id or its sub-prefecture");
                None
            }
        }
    } else {
        let deleted = [
            (REGION_DELETED, Level::Region),
            (DEPARTMENT_DELETED, Level::Department),
            (SUBPREFECTURE_DELETED, Level::Subprefecture),
            (LOCALITY_DELETED, Level::Locality),
        ];
        let (_, level) = deleted.into_iter().find(|(deleted, _)| deleted.is(subject))?;
        let id = read_event::<pb::LevelDeleted>(subject, payload)?.id;
        if id > 0 {
            Some(GeographyEvent::Deleted { level, id })
        } else {
            unreadable(subject, "a deletion without an id");
            None
        }
    }
}

/// A saved row from its record's id, name and parent id (none for a region).
fn row(id: Option<i64>, name: String, parent_id: Option<i64>) -> SavedRow {
    SavedRow { id: id.unwrap_or_default(), name, parent_id: parent_id.unwrap_or_default() }
}

fn locality_row(l: pb::LocalityInput) -> SavedRow {
    row(l.locality_id, l.locality_name, l.locality_subprefecture_id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::consumer::{reading_as, unreadable_count};
    use serde_json::json;

    fn saved(level: Level, id: i64, name: &str, parent_id: i64) -> Option<GeographyEvent> {
        Some(GeographyEvent::Saved {
            level,
            rows: vec![SavedRow { id, name: name.into(), parent_id }],
        })
    }

    /// Events as the geography publishes them: the record flat beside `meta`.
    #[test]
    fn each_event_is_read_as_published() {
        let meta = json!({"eventId": "0190", "schemaVersion": 1, "occurredAt": "2025-01-01T00:00:00+00:00"});
        let read_json = |subject: &str, payload: serde_json::Value| {
            read(subject, &serde_json::to_vec(&payload).unwrap())
        };
        let region = json!({"meta": meta, "region_id": 4, "region_code": "HSS", "region_name": "Haut-Sassandra"});
        assert_eq!(
            read_json("geography.region.updated", region),
            saved(Level::Region, 4, "Haut-Sassandra", 0)
        );
        let department = json!({"meta": meta, "department_id": 7, "department_code": "DAL",
            "department_name": "Daloa", "department_regionId": 4});
        assert_eq!(
            read_json("geography.department.created", department),
            saved(Level::Department, 7, "Daloa", 4)
        );
        let subprefecture = json!({"meta": meta, "subprefecture_id": 9, "subprefecture_code": "DAL-1",
            "subprefecture_name": "Gboguhé", "subprefecture_departmentId": 7});
        assert_eq!(
            read_json("geography.subprefecture.created", subprefecture),
            saved(Level::Subprefecture, 9, "Gboguhé", 7)
        );
        let locality = json!({"meta": meta, "locality_id": 12, "locality_name": "Zaïbo",
            "locality_subprefectureId": 9});
        assert_eq!(
            read_json("geography.locality.created", locality),
            saved(Level::Locality, 12, "Zaïbo", 9)
        );
        // As the import's SQL writes it, the relay adding `meta`.
        let imported = json!({"meta": meta, "localities": [
            {"locality_id": 12, "locality_name": "Zaïbo", "locality_subprefectureId": 9},
            {"locality_id": 13, "locality_name": "Gbeuligbeu", "locality_subprefectureId": 9}]});
        assert_eq!(
            read_json("geography.locality.imported", imported),
            Some(GeographyEvent::Saved {
                level: Level::Locality,
                rows: vec![
                    SavedRow { id: 12, name: "Zaïbo".into(), parent_id: 9 },
                    SavedRow { id: 13, name: "Gbeuligbeu".into(), parent_id: 9 },
                ],
            })
        );
        assert_eq!(
            read_json("geography.department.deleted", json!({"meta": meta, "id": 7})),
            Some(GeographyEvent::Deleted { level: Level::Department, id: 7 })
        );
    }

    /// An unreadable event is counted against the consumer reading it; one it does not keep is not.
    #[test]
    fn an_unreadable_event_is_counted_not_applied() {
        let name = "test-members-geography";
        let read = |subject: &str, payload: &[u8]| reading_as(name, || read(subject, payload));
        assert_eq!(read("geography.region.created", b"{not json"), None);
        assert_eq!(read("geography.region.created", br#"{"region_id": "four"}"#), None);
        // Without its parent, or without its id.
        assert_eq!(
            read(
                "geography.department.created",
                br#"{"department_id": 7, "department_name": "Daloa"}"#
            ),
            None
        );
        assert_eq!(read("geography.region.deleted", br#"{"id": 0}"#), None);
        assert_eq!(
            read("geography.locality.imported", br#"{"localities": [{"locality_name": "Zaibo"}]}"#),
            None
        );
        assert_eq!(unreadable_count(name), 5);
        assert_eq!(read("geography.region.archived", br#"{"id": 4}"#), None);
        assert_eq!(unreadable_count(name), 5, "an event the projection does not keep is no fault");
    }
}
