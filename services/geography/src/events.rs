//! Every event the geography publishes (`proto/geography/v1/events.proto`), under its subject: the
//! subjects are spelled in `common::outbox::subjects::geography` (the members' projection reads them
//! there too), each tied to its message; the store takes them from here, grouped by level.

use crate::domain::levels::{self, Level};
use common::outbox::Subject;
use common::outbox::subjects::geography as subjects;
use proto::geography as pb;

pub use subjects::LOCALITIES_IMPORTED;

/// A level's events: its row `created` or `updated` (`E`, the level's `…Saved`), and `deleted`.
pub struct LevelEvents<E> {
    pub created: Subject<E>,
    pub updated: Subject<E>,
    pub deleted: Subject<pb::LevelDeleted>,
}

impl<E> LevelEvents<E> {
    /// The subject of a save: `created` when it made the row, `updated` otherwise.
    pub fn saved(&self, created: bool) -> &Subject<E> {
        if created { &self.created } else { &self.updated }
    }
}

pub const REGION: LevelEvents<pb::RegionSaved> = LevelEvents {
    created: subjects::REGION_CREATED,
    updated: subjects::REGION_UPDATED,
    deleted: subjects::REGION_DELETED,
};

pub const DEPARTMENT: LevelEvents<pb::DepartmentSaved> = LevelEvents {
    created: subjects::DEPARTMENT_CREATED,
    updated: subjects::DEPARTMENT_UPDATED,
    deleted: subjects::DEPARTMENT_DELETED,
};

pub const SUBPREFECTURE: LevelEvents<pb::SubprefectureSaved> = LevelEvents {
    created: subjects::SUBPREFECTURE_CREATED,
    updated: subjects::SUBPREFECTURE_UPDATED,
    deleted: subjects::SUBPREFECTURE_DELETED,
};

/// A locality's events; an import's localities are told in `LOCALITIES_IMPORTED` instead.
pub const LOCALITY: LevelEvents<pb::LocalitySaved> = LevelEvents {
    created: subjects::LOCALITY_CREATED,
    updated: subjects::LOCALITY_UPDATED,
    deleted: subjects::LOCALITY_DELETED,
};

/// The subject of a deletion of `level`'s rows (the store deletes every level with the same code).
pub fn deleted(level: &Level) -> Option<Subject<pb::LevelDeleted>> {
    [
        (levels::REGION.entity, REGION.deleted),
        (levels::DEPARTMENT.entity, DEPARTMENT.deleted),
        (levels::SUBPREFECTURE.entity, SUBPREFECTURE.deleted),
        (levels::LOCALITY.entity, LOCALITY.deleted),
    ]
    .into_iter()
    .find_map(|(entity, subject)| (entity == level.entity).then_some(subject))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Told;
    use serde_json::{Value, json};

    /// The payload of a saved row's event, as the outbox writes it.
    fn payload<T: Told>(row: &T) -> Value {
        common::outbox::Stamped::of(&T::EVENTS.created, &row.event()).unwrap().payload
    }

    /// `meta` as the outbox writes it (the relay adds the event's id and time).
    fn meta() -> Value {
        json!({"schemaVersion": 1})
    }

    /// The payloads the events wrote when they repeated their row's fields instead of carrying the row:
    /// the row, written flat beside `meta` (`proto/build.rs`), reads the same.
    #[test]
    fn a_saved_row_is_told_as_before_the_event_carried_it() {
        let region = pb::Region {
            region_id: Some(4),
            region_code: "HSS".into(),
            region_name: "Haut-Sassandra".into(),
        };
        let before = json!({"meta": meta(), "region_id": 4, "region_code": "HSS", "region_name": "Haut-Sassandra"});
        assert_eq!(payload(&region), before);
        let department = pb::Department {
            department_id: Some(7),
            department_code: "DAL".into(),
            department_name: "Daloa".into(),
            department_region_id: Some(4),
            region_name: "Haut-Sassandra".into(),
        };
        let before = json!({"meta": meta(), "department_id": 7, "department_code": "DAL",
            "department_name": "Daloa", "department_regionId": 4});
        assert_eq!(payload(&department), before);
        let subprefecture = pb::Subprefecture {
            subprefecture_id: Some(9),
            subprefecture_code: "DAL-1".into(),
            subprefecture_name: "Gboguhé".into(),
            subprefecture_department_id: Some(7),
            department_name: "Daloa".into(),
            region_id: Some(4),
            region_name: "Haut-Sassandra".into(),
        };
        let before = json!({"meta": meta(), "subprefecture_id": 9, "subprefecture_code": "DAL-1",
            "subprefecture_name": "Gboguhé", "subprefecture_departmentId": 7});
        assert_eq!(payload(&subprefecture), before);
        let locality = pb::Locality {
            locality_id: Some(12),
            locality_name: "Zaïbo".into(),
            locality_subprefecture_id: Some(9),
            subprefecture_name: "Gboguhé".into(),
            department_id: Some(7),
            department_name: "Daloa".into(),
            locality_region_id: Some(4),
            region_name: "Haut-Sassandra".into(),
        };
        let before = json!({"meta": meta(), "locality_id": 12, "locality_name": "Zaïbo",
            "locality_subprefectureId": 9});
        assert_eq!(payload(&locality), before);
        let deleted =
            common::outbox::Stamped::of(&REGION.deleted, &pb::LevelDeleted { meta: None, id: 4 })
                .unwrap();
        assert_eq!(deleted.payload, json!({"meta": meta(), "id": 4}));
    }

    /// A published event (its `meta` stamped) and an import's (written by SQL) read into the messages and
    /// written back unchanged.
    #[test]
    fn a_published_payload_reads_into_its_record() {
        let published = json!({"meta": {"eventId": "0190", "schemaVersion": 1, "occurredAt": "2025-01-01T00:00:00+00:00"},
            "locality_id": 12, "locality_name": "Zaïbo", "locality_subprefectureId": 9});
        let read: pb::LocalitySaved = serde_json::from_value(published.clone()).unwrap();
        assert_eq!(read.locality.as_ref().and_then(|l| l.locality_id), Some(12));
        assert_eq!(serde_json::to_value(&read).unwrap(), published);

        let imported = json!({"meta": {"eventId": "0191", "schemaVersion": 1, "occurredAt": "2025-01-01T00:00:00+00:00"},
            "localities": [{"locality_id": 12, "locality_name": "Zaïbo", "locality_subprefectureId": 9}]});
        let read: pb::LocalitiesImported = serde_json::from_value(imported.clone()).unwrap();
        assert_eq!(read.localities[0].locality_subprefecture_id, Some(9));
        assert_eq!(serde_json::to_value(&read).unwrap(), imported);
    }

    /// The subjects read `geography.<level>.<verb>`, the level as the store describes it.
    #[test]
    fn each_level_has_its_subjects() {
        let all = [
            (&levels::REGION, [REGION.created.name(), REGION.updated.name()]),
            (&levels::DEPARTMENT, [DEPARTMENT.created.name(), DEPARTMENT.updated.name()]),
            (&levels::SUBPREFECTURE, [SUBPREFECTURE.created.name(), SUBPREFECTURE.updated.name()]),
            (&levels::LOCALITY, [LOCALITY.created.name(), LOCALITY.updated.name()]),
        ];
        for (level, [created, updated]) in all {
            let entity = level.entity;
            assert_eq!(created, format!("geography.{entity}.created"));
            assert_eq!(updated, format!("geography.{entity}.updated"));
            assert_eq!(
                deleted(level).map(|s| s.name()),
                Some(&*format!("geography.{entity}.deleted"))
            );
        }
        assert_eq!(LOCALITIES_IMPORTED.name(), "geography.locality.imported");
    }
}
