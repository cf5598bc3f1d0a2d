//! Demo members go the way real ones go: the generator `make demo` runs (`members::load::generate`) writes
//! each member's `members.member.created` event beside its row, so every copy of the members (the cards
//! service's, which matches a statement's payments by phone) counts the demo members too, and the event
//! is the one `post_member` writes for the same member.

use crate::support::TestSuite;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::time::Duration;

const MEMBERS: i64 = 300;
const LOCALITIES: usize = 24;

async fn count(pool: &PgPool, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.expect("a count")
}

/// The members the members service counts (`get.member_count`, exact at this size).
pub(crate) async fn member_count(suite: &TestSuite, token: &str) -> i64 {
    let (status, body) = suite.get("/api/member/get.member_count", token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].as_i64().unwrap_or_else(|| panic!("a count: {body}"))
}

/// An event's record, without its `meta` (its id, time and version).
fn record(event: &Value) -> Value {
    let mut record = event.clone();
    record.as_object_mut().expect("an object").remove("meta");
    record
}

#[tokio::test(flavor = "multi_thread")]
async fn demo_members_reach_the_cards_copy_with_the_events_post_member_writes() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let pool = common::db::connect(suite.database_url(), 2).await.unwrap();

    // A small demo geography, through the API as `demo geography` loads it; the generator places the
    // members in the localities the members service learnt from its events.
    let rows = suite::demo::geography(2, 2, 2, LOCALITIES);
    let (status, answer) =
        suite.post("/api/locality/post_locality-import", &admin, json!(rows)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while count(&pool, "SELECT count(*) FROM members.geo_locality").await < LOCALITIES as i64 {
        assert!(tokio::time::Instant::now() < deadline, "the members never learnt the localities");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let made = members::load::generate(&pool, MEMBERS, "C", |_| {}).await.expect("demo members");
    assert_eq!(made, MEMBERS);

    // Every copy comes to count the same members.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let in_members = member_count(&suite, &admin).await;
        let in_cards = count(&pool, "SELECT count(*) FROM cards.member").await;
        if in_members == MEMBERS && in_cards == MEMBERS {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "after 30 s, the members service counts {in_members} members and the cards' copy {in_cards} \
             (expected {MEMBERS} in both)"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // What a user sees: a payment from a demo member's phone (one no other member has) is matched to them.
    let (member_id, contact): (i64, String) = sqlx::query_as(
        "SELECT min(member_id), member_contact FROM members.member WHERE member_contact <> ''
         GROUP BY member_contact HAVING count(*) = 1 ORDER BY 1 LIMIT 1",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let statement = json!({"transaction_mobileOperator": "Orange Money", "rows": [
        {"transaction_number": "DEMO-1", "transaction_date": "2026-11-02", "transaction_amount": 5000, "phone_number": contact}
    ]});
    let (status, answer) =
        suite.post("/api/transaction/post.statement_import", &admin, statement).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"], json!({"matched": 1, "known": 0, "unmatched": 0}), "{answer}");
    let (_, payments) = suite
        .get(&format!("/api/transaction/get.transaction_list?member_id={member_id}"), &admin)
        .await;
    assert_eq!(payments["data"][0]["transaction_number"], "DEMO-1", "{payments}");

    // The demo members' events are the ones `post_member` writes: a record sent back as `get_member`
    // answers it is told (`updated`) with the same fields and values as the generator told it (`created`),
    // for this main member and for a dependant.
    let dependant: i64 = sqlx::query_scalar(
        "SELECT min(member_id) FROM members.member WHERE member_main_member_id IS NOT NULL",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    for id in [member_id, dependant] {
        let (status, member) = suite.get(&format!("/api/member/get_member/{id}"), &admin).await;
        assert_eq!(status, StatusCode::OK, "{member}");
        let (status, answer) =
            suite.post("/api/member/post_member", &admin, member["data"].clone()).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    let events = suite.events("members", MEMBERS as usize + 2).await;
    let created_count = events.iter().filter(|(s, _)| s == "members.member.created").count();
    assert_eq!(created_count, MEMBERS as usize, "one created event per demo member");
    let of = |verb: &str, id: i64| -> Value {
        let subject = format!("members.member.{verb}");
        let found: Vec<&Value> = events
            .iter()
            .filter(|(s, payload)| *s == subject && payload["member_id"] == id)
            .map(|(_, payload)| payload)
            .collect();
        assert_eq!(found.len(), 1, "one {subject} event of member {id}: {found:?}");
        found[0].clone()
    };
    for id in [member_id, dependant] {
        let (created, updated) = (of("created", id), of("updated", id));
        assert_eq!(created["meta"]["schemaVersion"], updated["meta"]["schemaVersion"]);
        assert_eq!(
            record(&created),
            record(&updated),
            "member {id}: the generator's event and post_member's"
        );
    }
    assert_eq!(of("created", member_id)["member_contact"], json!(contact));
    assert!(of("created", dependant)["member_mainMemberId"].is_i64());
}
