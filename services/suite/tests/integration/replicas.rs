//! Two replicas of every service side by side: two suites on one database and one NATS prefix, as two
//! pods of each Deployment would be, written to through both gateways at once. Every write is applied
//! once, every event published once and in its record's order (one relay publishes at a time), and every
//! consumer applies each event once (the replicas of a consumer share its durable consumer).

use crate::support::TestSuite;
use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::HashMap;

const SECRET: &str = "replicas-share-one-service-secret-0123456789";
/// Members written through each gateway.
const EACH: usize = 60;

/// `POST base/path` with `body`; answers the saved record's id.
async fn save_via(suite: &TestSuite, base: &str, token: &str, path: &str, body: Value) -> i64 {
    let response =
        suite.http.post(format!("{base}{path}")).bearer_auth(token).json(&body).send().await;
    let response = response.expect("the gateway answers");
    let status = response.status();
    let answer: Value = response.json().await.unwrap_or_default();
    assert_eq!(status, StatusCode::OK, "{base}{path}: {answer}");
    answer["id"].as_i64().unwrap()
}

async fn read_via(suite: &TestSuite, base: &str, token: &str, path: &str) -> Value {
    let response = suite.http.get(format!("{base}{path}")).bearer_auth(token).send().await;
    let response = response.expect("the gateway answers");
    assert_eq!(response.status(), StatusCode::OK, "{base}{path}");
    response.json().await.unwrap()
}

/// Waits until `sql` (one bigint) answers `expected`, for 20 s at most; answers what it last read.
async fn settles(pool: &PgPool, sql: &'static str, expected: i64) -> i64 {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let found: i64 = sqlx::query_scalar(sql).fetch_one(pool).await.unwrap();
        if found == expected || tokio::time::Instant::now() > deadline {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_replicas_of_every_service_lose_nothing_and_apply_nothing_twice() {
    let first = TestSuite::start_with(|c| c.auth.service_secret = Some(SECRET.into())).await;
    let second = first.start_replica(|c| c.auth.service_secret = Some(SECRET.into())).await;
    let bases = [first.base.clone(), format!("http://{}", second.http_addr)];
    let admin = first.admin_token().await;

    // Each member is registered through one gateway (women), then changed through the other (men), both
    // gateways writing at once, ten requests in flight on each.
    let write = |n: usize| {
        let (suite, admin, bases) = (&first, &admin, &bases);
        async move {
            let (here, there) = (&bases[n % 2], &bases[(n + 1) % 2]);
            let member = json!({"member_firstname": format!("Réplique {n}"), "member_lastname": "Koné",
                "member_gender": "F"});
            let id = save_via(suite, here, admin, "/api/member/post_member", member).await;
            let mut record = read_via(suite, there, admin, &format!("/api/member/get_member/{id}"))
                .await["data"]
                .clone();
            record["member_gender"] = json!("M");
            save_via(suite, there, admin, "/api/member/post_member", record).await;
            id
        }
    };
    let mut ids = Vec::new();
    for chunk in (0..2 * EACH).collect::<Vec<_>>().chunks(20) {
        ids.extend(join_all(chunk.iter().map(|&n| write(n))).await);
    }
    let total = ids.len() as i64;

    // Both gateways count every member once.
    for base in &bases {
        let count = read_via(&first, base, &admin, "/api/member/get.member_count").await;
        assert_eq!(count["data"], json!(total), "{base}: {count}");
    }

    // Every event published once, each member's registration before its change.
    let events = first.events("members", 2 * ids.len()).await;
    let mut seen = HashMap::new();
    let mut ids_seen = std::collections::HashSet::new();
    for (position, (subject, payload)) in events.iter().enumerate() {
        let id = payload["meta"]["eventId"].as_str().unwrap_or_default().to_string();
        assert!(ids_seen.insert(id.clone()), "event {id} published twice");
        if let Some(member) = payload["member_id"].as_i64() {
            seen.entry(member).or_insert_with(Vec::new).push((position, subject.clone()));
        }
    }
    for id in &ids {
        let subjects: Vec<&str> = seen[id].iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(
            subjects,
            ["members.member.created", "members.member.updated"],
            "member {id}: its events in the stream's order"
        );
    }

    // Each consumer applied each event once, in order: the statistics count every member once, as a
    // man (its latest change); the cards service keeps each member once.
    let pool = PgPool::connect(first.database_url()).await.unwrap();
    let applied = settles(
        &pool,
        "SELECT count(*) FROM reports.inbox WHERE consumer = 'reports-members'",
        2 * total,
    )
    .await;
    assert_eq!(applied, 2 * total, "every member event applied once by the statistics");
    let men = settles(
        &pool,
        "SELECT coalesce(sum(n), 0)::bigint FROM reports.stat_cube WHERE dimension = 'gender' AND key = 'M'",
        total,
    )
    .await;
    assert_eq!(men, total, "each member counted once, as its latest change says");
    let women: i64 = sqlx::query_scalar(
        "SELECT coalesce(sum(n), 0)::bigint FROM reports.stat_cube WHERE dimension = 'gender' AND key = 'F'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(women, 0, "no member left as its first version");
    let counted: i64 = sqlx::query_scalar(
        "SELECT coalesce(sum(n), 0)::bigint FROM reports.stat_cube WHERE dimension = 'gender'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(counted, total);
    let in_cards = settles(
        &pool,
        "SELECT count(*) FROM cards.inbox WHERE consumer = 'cards-members'",
        2 * total,
    )
    .await;
    assert_eq!(in_cards, 2 * total, "every member event applied once by the cards service");

    // While one relay publishes (here the test, holding the outbox's turn and its pending rows as a
    // relay does mid-batch), the others publish nothing, not even what was written after: a member's
    // change cannot overtake its registration.
    let mut publishing = pool.begin().await.unwrap();
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('members.outbox'))")
        .execute(&mut *publishing)
        .await
        .unwrap();
    let member =
        json!({"member_firstname": "Awa", "member_lastname": "Lente", "member_gender": "F"});
    let late = save_via(&first, &bases[0], &admin, "/api/member/post_member", member).await;
    let claimed: Vec<i64> =
        sqlx::query_scalar("SELECT seq FROM members.outbox ORDER BY seq FOR UPDATE")
            .fetch_all(&mut *publishing)
            .await
            .unwrap();
    assert!(!claimed.is_empty(), "the registration waits in the outbox");
    let mut record = read_via(&first, &bases[1], &admin, &format!("/api/member/get_member/{late}"))
        .await["data"]
        .clone();
    record["member_gender"] = json!("M");
    save_via(&first, &bases[1], &admin, "/api/member/post_member", record).await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let stream = first.events("members", 0).await;
    assert_eq!(stream.len(), events.len(), "nothing published while another relay publishes");
    publishing.rollback().await.unwrap();
    let stream = first.events("members", events.len() + 2).await;
    let of_late: Vec<&str> = stream
        .iter()
        .filter(|(_, payload)| payload["member_id"].as_i64() == Some(late))
        .map(|(subject, _)| subject.as_str())
        .collect();
    assert_eq!(of_late, ["members.member.created", "members.member.updated"]);

    pool.close().await;
    second.stop().await.expect("the replica stops");
}
