//! A run of members' events given to their consumers together (`common::consumer::Handler::apply_all`: a
//! laptop's members and photos arrive by the thousand, and a run of like events is applied in one
//! statement) leaves the cards' copy and the statistics as applying each in turn would: a member's latest
//! change wins, whatever came before it in the run, and a photo changed after a member was checked is no
//! longer counted as checked.

use crate::support::TestSuite;
use common::consumer::{Event, Handler};
use common::outbox::subjects::members::{MEMBER_CREATED, MEMBER_PHOTOS_CHANGED, MEMBER_UPDATED};
use proto::members as pb;

/// When the members were registered: their `created` events' time.
const REGISTERED: &str = "2026-03-04T10:00:00+00:00";

/// A member's saved event; a `created` one carries the time it was written (`REGISTERED`).
fn saved(member_id: i64, firstname: &str, photo_checked: bool, created: bool) -> Vec<u8> {
    let member = pb::MemberInput {
        member_id: Some(member_id),
        member_id_number: format!("T{member_id:09}"),
        member_firstname: firstname.into(),
        member_lastname: "Koné".into(),
        member_gender: "F".into(),
        member_photo_checked: photo_checked,
        ..Default::default()
    };
    let meta = created
        .then(|| proto::common::EventMeta { occurred_at: REGISTERED.into(), ..Default::default() });
    serde_json::to_vec(&pb::MemberSaved { meta, member: Some(member) }).unwrap()
}

/// The photos of one write (`(member, version)`), told by one event.
fn photos(changed: &[(i64, i32)]) -> Vec<u8> {
    let photos = changed
        .iter()
        .map(|&(member_id, version)| pb::MemberPhotoVersion { member_id, version })
        .collect();
    serde_json::to_vec(&pb::MemberPhotosChanged { meta: None, photos }).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_run_of_member_events_applied_together_leaves_what_each_in_turn_would() {
    let suite = TestSuite::start().await;
    let pool = common::db::connect(suite.database_url(), 2).await.unwrap();
    // Members the members service does not hold: the suite's own consumers never write them.
    let (awa, ali) = (9_000_001_i64, 9_000_002_i64);
    let events = [
        (MEMBER_CREATED.name(), saved(awa, "Awa", false, true)),
        (MEMBER_CREATED.name(), saved(ali, "Ali", false, true)),
        // Two photos received together, then one taken again.
        (MEMBER_PHOTOS_CHANGED.name(), photos(&[(awa, 1), (ali, 1)])),
        (MEMBER_PHOTOS_CHANGED.name(), photos(&[(awa, 2)])),
        // Checked after its last photo.
        (MEMBER_UPDATED.name(), saved(awa, "Awa Marie", true, false)),
        (MEMBER_UPDATED.name(), saved(ali, "Alassane", false, false)),
        (MEMBER_UPDATED.name(), saved(ali, "Ali", true, false)),
        // A photo after the check: no longer checked.
        (MEMBER_PHOTOS_CHANGED.name(), photos(&[(ali, 2)])),
    ];
    let span = tracing::Span::none();
    let run: Vec<Event<'_>> = events
        .iter()
        .zip(1000_u64..)
        .map(|((subject, payload), position)| Event {
            subject,
            payload,
            position: Some(position),
            span: &span,
        })
        .collect();
    let mut tx = pool.begin().await.unwrap();
    reports::consumers::members::MemberEvents.apply_all(&mut tx, &run).await.unwrap();
    cards::consumers::members::MemberEvents.apply_all(&mut tx, &run).await.unwrap();
    tx.commit().await.unwrap();

    let copied: Vec<(i64, String, i32)> = sqlx::query_as(
        "SELECT member_id, member_firstname, photo_version FROM cards.member
         WHERE member_id IN ($1, $2) ORDER BY member_id",
    )
    .bind(awa)
    .bind(ali)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(copied, vec![(awa, "Awa Marie".into(), 2), (ali, "Ali".into(), 2)]);

    // (member, position of its last saved event, of its last photo, has a photo, photo checked,
    // registration)
    let counted: Vec<(i64, i64, i64, bool, bool, String)> = sqlx::query_as(
        "SELECT member_id, position, photo_position, has_photo, photo_checked,
                to_char(registered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI')
         FROM reports.stat_member WHERE member_id IN ($1, $2) ORDER BY member_id",
    )
    .bind(awa)
    .bind(ali)
    .fetch_all(&pool)
    .await
    .unwrap();
    let registered = "2026-03-04 10:00".to_string();
    assert_eq!(
        counted,
        vec![
            (awa, 1004, 1003, true, true, registered.clone()),
            (ali, 1006, 1007, true, false, registered)
        ]
    );
    pool.close().await;
}
