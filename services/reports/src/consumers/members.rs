//! Keeps the statistics' copy of members (`store::statistics`: what a dashboard counts of a member) from
//! the members service's events (`MemberSaved`, `MemberDeleted`, `MemberPhotosChanged`). Each event is
//! applied once (the inbox) and in its order: a member's row keeps the stream position of the latest
//! event applied to it (`common::consumer::position`), so an older event offered late changes nothing.

use crate::store::statistics::{self as store, MemberFacts};
use chrono::{DateTime, Utc};
use common::consumer::{Event, Handler, IdRange, not_kept, position, read_event, unreadable};
use common::error::ServiceError;
use common::outbox::subjects::members as subjects;
use common::replay::entities;
use proto::members as pb;
use sqlx::PgConnection;
use tracing::Instrument;

/// The durable name of the reports' consumer of member events.
pub const CONSUMER: &str = "reports-members";

pub struct MemberEvents;

/// What an event of the members service does here.
#[derive(Debug, PartialEq)]
enum Change {
    Saved(MemberFacts),
    Deleted(i64),
    /// The members whose photos changed (their ids checked).
    PhotosChanged(Vec<i64>),
}

impl Handler for MemberEvents {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        apply_change(tx, read(subject, payload), position()).await
    }

    /// A run of members saved, and one of photos changed, at known positions, each kept in one
    /// statement (a laptop's members and photos arrive by the thousand).
    async fn apply_all(
        &self,
        tx: &mut PgConnection,
        events: &[Event<'_>],
    ) -> Result<(), ServiceError> {
        let (mut saved, mut photos) = (Vec::new(), Vec::new());
        for event in events {
            match (read(event.subject, event.payload), event.position) {
                (Some(Change::Saved(member)), Some(at)) => {
                    store::members_photo_changed(tx, &std::mem::take(&mut photos)).await?;
                    saved.push((member, at));
                }
                (Some(Change::PhotosChanged(ids)), Some(at)) => {
                    store::members_saved(tx, &std::mem::take(&mut saved)).await?;
                    photos.extend(ids.into_iter().map(|member_id| (member_id, at)));
                }
                (change, at) => {
                    store::members_saved(tx, &std::mem::take(&mut saved)).await?;
                    store::members_photo_changed(tx, &std::mem::take(&mut photos)).await?;
                    apply_change(tx, change, at).instrument(event.span.clone()).await?;
                }
            }
        }
        store::members_saved(tx, &saved).await?;
        store::members_photo_changed(tx, &photos).await
    }

    /// The members the members service no longer holds, marked deleted as their deletion's event would.
    async fn forget_others(
        &self,
        tx: &mut PgConnection,
        entity: &str,
        range: IdRange,
        kept: &[i64],
    ) -> Result<(), ServiceError> {
        if entity == entities::MEMBER {
            // The members already marked deleted are left as they are.
            let kept_or_deleted: Vec<i64> = sqlx::query_scalar(
                "SELECT member_id FROM reports.stat_member WHERE deleted AND member_id > $1
                   AND ($2::bigint IS NULL OR member_id <= $2)",
            )
            .bind(range.after)
            .bind(range.upto)
            .fetch_all(&mut *tx)
            .await?;
            let kept = [kept, &kept_or_deleted].concat();
            for id in not_kept(tx, "reports.stat_member", "member_id", range, &kept).await? {
                store::member_deleted(tx, id, position()).await?;
            }
        }
        Ok(())
    }
}

/// Applies what an event changes, `at` its position.
async fn apply_change(
    tx: &mut PgConnection,
    change: Option<Change>,
    at: Option<u64>,
) -> Result<(), ServiceError> {
    match change {
        Some(Change::Saved(member)) => store::member_saved(tx, &member, at).await,
        Some(Change::Deleted(member_id)) => store::member_deleted(tx, member_id, at).await,
        Some(Change::PhotosChanged(ids)) => {
            for member_id in ids {
                store::member_photo_changed(tx, member_id, at).await?;
            }
            Ok(())
        }
        // An event the statistics do not keep (a cooperative's, a parcel's), or one they cannot read
        // (logged and counted): acknowledged, since it will never become readable.
        None => Ok(()),
    }
}

/// What the event of `subject` changes here; `None` for an event the statistics do not keep, and for
/// one they cannot read, logged and counted as `unreadable`.
fn read(subject: &str, payload: &[u8]) -> Option<Change> {
    use subjects::*;
    let without_id = || {
        unreadable(subject, "a member without its id");
        None
    };
    let created = MEMBER_CREATED.is(subject);
    if created || MEMBER_UPDATED.is(subject) {
        let event = read_event::<pb::MemberSaved>(subject, payload)?;
        // A member's registration is its creation: when its `created` event was written.
        let registered_at = created
            .then_some(event.meta.as_ref())
            .flatten()
            .and_then(|meta| DateTime::parse_from_rfc3339(&meta.occurred_at).ok())
            .map(|at| at.with_timezone(&Utc));
        match event.member {
            Some(member) if member.member_id.is_some_and(|id| id > 0) => {
                Some(Change::Saved(MemberFacts {
                    member_id: member.member_id.unwrap_or_default(),
                    locality_id: member.member_locality_id.filter(|id| *id > 0),
                    gender: member.member_gender.trim().to_string(),
                    birth_date: member
                        .member_birth_date
                        .as_deref()
                        .and_then(|d| common::dates::parse(d).ok().flatten()),
                    photo_checked: member.member_photo_checked,
                    registered_at,
                }))
            }
            _ => without_id(),
        }
    } else if MEMBER_DELETED.is(subject) {
        match read_event::<pb::MemberDeleted>(subject, payload)?.member_id {
            member_id if member_id > 0 => Some(Change::Deleted(member_id)),
            _ => without_id(),
        }
    } else if MEMBER_PHOTOS_CHANGED.is(subject) {
        let photos = read_event::<pb::MemberPhotosChanged>(subject, payload)?.photos;
        if photos.is_empty() || photos.iter().any(|p| p.member_id <= 0) {
            return without_id();
        }
        Some(Change::PhotosChanged(photos.into_iter().map(|p| p.member_id).collect()))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use common::consumer::{reading_as, unreadable_count};
    use serde_json::json;

    fn read_json(subject: &str, payload: serde_json::Value) -> Option<Change> {
        read(subject, &serde_json::to_vec(&payload).unwrap())
    }

    /// Events as the members service publishes them: the record flat beside `meta`.
    #[test]
    fn each_event_is_read_as_published() {
        let meta = json!({"eventId": "0190", "schemaVersion": 1, "occurredAt": "2026-03-04T10:00:00+00:00"});
        let member = json!({"meta": meta, "member_id": 7, "member_idNumber": "C000000797",
            "member_firstname": "Awa", "member_lastname": "Koné", "member_gender": "F",
            "member_birthDate": "1990-04-01", "member_localityId": 12, "member_photoChecked": true});
        let facts = MemberFacts {
            member_id: 7,
            locality_id: Some(12),
            gender: "F".into(),
            birth_date: NaiveDate::from_ymd_opt(1990, 4, 1),
            photo_checked: true,
            registered_at: None,
        };
        assert_eq!(
            read_json("members.member.updated", member.clone()),
            Some(Change::Saved(facts.clone()))
        );
        let registered = "2026-03-04T10:00:00Z".parse::<DateTime<Utc>>().ok();
        assert_eq!(
            read_json("members.member.created", member),
            Some(Change::Saved(MemberFacts { registered_at: registered, ..facts }))
        );
        assert_eq!(
            read_json("members.member.deleted", json!({"meta": meta, "member_id": 7})),
            Some(Change::Deleted(7))
        );
        assert_eq!(
            read_json(
                "members.member.photos_changed",
                json!({"meta": meta, "photos": [{"member_id": 7, "version": 2},
                    {"member_id": 8, "version": 1}]})
            ),
            Some(Change::PhotosChanged(vec![7, 8]))
        );
    }

    #[test]
    fn an_unreadable_event_is_counted_not_applied() {
        let name = "test-reports-members";
        let read = |subject: &str, payload: &[u8]| reading_as(name, || read(subject, payload));
        assert_eq!(read("members.member.created", b"{\"member_id\": 7"), None);
        assert_eq!(read("members.member.created", br#"{"member_lastname": "Kone"}"#), None);
        assert_eq!(read("members.member.deleted", br#"{"member_id": 0}"#), None);
        assert_eq!(read("members.member.photos_changed", br#"{"photos": [{"version": 2}]}"#), None);
        assert_eq!(unreadable_count(name), 4);
        assert_eq!(read("members.parcel.deleted", b"not json"), None);
        assert_eq!(unreadable_count(name), 4, "an event the statistics do not keep is no fault");
    }
}
