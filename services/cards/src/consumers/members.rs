//! Keeps the cards' copy of members (`store::members`: what a card copies) from the members service's
//! events (`MemberSaved`, `MemberDeleted`, `MemberPhotosChanged`), through the product's one durable
//! consumer (`common::consumer`): each event applied once, in a transaction that records its id, and
//! acknowledged after the commit, so a redelivered event changes nothing and a failed one is offered
//! again.

use crate::store::members;
use common::consumer::{Event, Handler, IdRange, not_kept, read_event, unreadable};
use common::error::ServiceError;
use common::outbox::subjects::members as subjects;
use common::replay::entities;
use proto::members as pb;
use sqlx::PgConnection;
use tracing::Instrument;

/// The durable name of the cards' consumer of member events.
pub const CONSUMER: &str = "cards-members";

pub struct MemberEvents;

/// What an event of the members service does here.
#[derive(Debug, PartialEq)]
enum Change {
    /// The member as written (its id checked).
    Saved(Box<pb::MemberInput>),
    Deleted(i64),
    /// Members' photos and their versions (their ids checked).
    PhotosChanged(Vec<(i64, i32)>),
}

impl Handler for MemberEvents {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        apply_change(tx, read(subject, payload)).await
    }

    /// A run of saved members, and one of changed photos, each kept in one statement (a laptop's
    /// members and photos arrive by the thousand).
    async fn apply_all(
        &self,
        tx: &mut PgConnection,
        events: &[Event<'_>],
    ) -> Result<(), ServiceError> {
        let (mut saved, mut photos) = (Vec::new(), Vec::new());
        for event in events {
            match read(event.subject, event.payload) {
                Some(Change::Saved(member)) => {
                    members::photos_changed(tx, &std::mem::take(&mut photos)).await?;
                    saved.push(*member);
                }
                Some(Change::PhotosChanged(changed)) => {
                    members::upsert_all(tx, &std::mem::take(&mut saved)).await?;
                    photos.extend(changed);
                }
                change => {
                    members::upsert_all(tx, &std::mem::take(&mut saved)).await?;
                    members::photos_changed(tx, &std::mem::take(&mut photos)).await?;
                    apply_change(tx, change).instrument(event.span.clone()).await?;
                }
            }
        }
        members::upsert_all(tx, &saved).await?;
        members::photos_changed(tx, &photos).await
    }

    /// The members the members service no longer holds, deleted as their deletion's event would.
    async fn forget_others(
        &self,
        tx: &mut PgConnection,
        entity: &str,
        range: IdRange,
        kept: &[i64],
    ) -> Result<(), ServiceError> {
        if entity == entities::MEMBER {
            for id in not_kept(tx, "cards.member", "member_id", range, kept).await? {
                members::delete(tx, id).await?;
            }
        }
        Ok(())
    }
}

/// Applies what an event changes.
async fn apply_change(tx: &mut PgConnection, change: Option<Change>) -> Result<(), ServiceError> {
    match change {
        // A saved member's event does not carry its photo's version: the copy keeps its own.
        Some(Change::Saved(member)) => members::upsert(tx, &*member, None).await,
        Some(Change::Deleted(member_id)) => members::delete(tx, member_id).await,
        Some(Change::PhotosChanged(photos)) => members::photos_changed(tx, &photos).await,
        // An event the copy does not keep (a cooperative's, a parcel's), or one it cannot read: that one
        // was logged and counted, and is acknowledged rather than offered again, since it will never
        // become readable.
        None => Ok(()),
    }
}

/// What the event of `subject` changes here; `None` for an event the copy does not keep, and for one it
/// cannot read (its JSON, or a member without its id), logged and counted as `unreadable`.
fn read(subject: &str, payload: &[u8]) -> Option<Change> {
    use subjects::*;
    let without_id = || {
        unreadable(subject, "a member without its id");
        None
    };
    if MEMBER_CREATED.is(subject) || MEMBER_UPDATED.is(subject) {
        match read_event::<pb::MemberSaved>(subject, payload)?.member {
            Some(member) if member.member_id.is_some_and(|id| id > 0) => {
                Some(Change::Saved(Box::new(member)))
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
        Some(Change::PhotosChanged(photos.into_iter().map(|p| (p.member_id, p.version)).collect()))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::consumer::{reading_as, unreadable_count};
    use serde_json::json;

    fn read_json(subject: &str, payload: serde_json::Value) -> Option<Change> {
        read(subject, &serde_json::to_vec(&payload).unwrap())
    }

    /// Events as the members service publishes them: the record flat beside `meta`.
    #[test]
    fn each_event_is_read_as_published() {
        let meta = json!({"eventId": "0190", "schemaVersion": 1, "occurredAt": "2025-01-01T00:00:00+00:00"});
        let member = json!({"meta": meta, "member_id": 7, "member_idNumber": "CI-0007",
            "member_firstname": "Awa", "member_lastname": "Koné", "member_gender": "F",
            "member_birthDate": "1990-04-01", "member_birthLocation": "Daloa", "member_city": "Zaïbo",
            "member_contact": "0700000000", "member_membershipStartDate": null,
            "member_uuid": "0190a0b0-0000-7000-8000-000000000007", "occupation": "planteur"});
        let saved = Some(Change::Saved(Box::new(pb::MemberInput {
            member_id: Some(7),
            member_id_number: "CI-0007".into(),
            member_firstname: "Awa".into(),
            member_lastname: "Koné".into(),
            member_gender: "F".into(),
            member_birth_date: Some("1990-04-01".into()),
            member_birth_location: "Daloa".into(),
            member_city: "Zaïbo".into(),
            member_contact: "0700000000".into(),
            member_uuid: "0190a0b0-0000-7000-8000-000000000007".into(),
            occupation: "planteur".into(),
            ..Default::default()
        })));
        assert_eq!(read_json("members.member.created", member.clone()), saved);
        assert_eq!(read_json("members.member.updated", member), saved);
        assert_eq!(
            read_json("members.member.deleted", json!({"meta": meta, "member_id": 7})),
            Some(Change::Deleted(7))
        );
        assert_eq!(
            read_json(
                "members.member.photos_changed",
                json!({"meta": meta, "photos": [{"member_id": 7, "version": 3},
                    {"member_id": 8, "version": 1}]})
            ),
            Some(Change::PhotosChanged(vec![(7, 3), (8, 1)]))
        );
    }

    /// A member's event as the members service writes it (`common::outbox`) reads back whole.
    #[test]
    fn a_written_event_reads_back() {
        let member = pb::MemberInput {
            member_id: Some(9),
            member_id_number: "CI-0009".into(),
            member_lastname: "Traoré".into(),
            member_membership_start_date: Some("2024-03-01".into()),
            ..Default::default()
        };
        let event = pb::MemberSaved { meta: None, member: Some(member.clone()) };
        let written =
            common::outbox::Stamped::of(&subjects::MEMBER_UPDATED, &event).unwrap().payload;
        assert_eq!(
            read_json("members.member.updated", written),
            Some(Change::Saved(Box::new(member)))
        );
    }

    /// An unreadable event is counted against the consumer reading it; one it does not keep is not.
    #[test]
    fn an_unreadable_event_is_counted_not_applied() {
        let name = "test-cards-members";
        let read = |subject: &str, payload: &[u8]| reading_as(name, || read(subject, payload));
        assert_eq!(read("members.member.created", b"{\"member_id\": 7"), None);
        assert_eq!(read("members.member.updated", br#"{"member_id": "seven"}"#), None);
        // Without an id.
        assert_eq!(read("members.member.created", br#"{"member_lastname": "Kone"}"#), None);
        assert_eq!(read("members.member.deleted", br#"{"member_id": 0}"#), None);
        assert_eq!(read("members.member.photos_changed", br#"{"photos": [{"version": 2}]}"#), None);
        assert_eq!(read("members.member.photos_changed", br#"{"photos": []}"#), None);
        assert_eq!(unreadable_count(name), 6);
        assert_eq!(read("members.cooperative.created", br#"{"cooperative_id": 2}"#), None);
        assert_eq!(read("members.parcel.deleted", b"not json"), None);
        assert_eq!(unreadable_count(name), 6, "an event the copy does not keep is no fault");
    }
}
