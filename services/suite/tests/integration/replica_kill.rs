//! One replica of every service killed with SIGKILL while the other serves and both take writes: no
//! acknowledged write is lost, what the killed replica wrote and did not publish is published by the
//! other's relay, once, and what its consumers had received and not acknowledged is applied by the
//! other's, once (JetStream offers it again after its acknowledgement wait, 30 s).

use crate::suite_process::{SuiteProcess, free_address};
use crate::support::TestSuite;
use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub(crate) const SECRET: &str = "replicas-share-one-service-secret-0123456789";

/// Registers a member through the gateway at `base`; its id when the gateway acknowledged it, `None`
/// when the call failed (the replica was killed under it).
async fn register(suite: &TestSuite, base: &str, token: &str, n: usize) -> Option<i64> {
    let body = json!({"member_firstname": format!("Tenace {n}"), "member_lastname": "Koné"});
    let response = suite
        .http
        .post(format!("{base}/api/member/post_member"))
        .bearer_auth(token)
        .json(&body)
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .ok()?;
    if response.status() != StatusCode::OK {
        return None;
    }
    response.json::<Value>().await.ok()?["id"].as_i64()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_replica_killed_under_writes_loses_nothing_acknowledged_and_applies_nothing_twice() {
    let suite = TestSuite::start_with(|c| c.auth.service_secret = Some(SECRET.into())).await;
    let mut replica =
        SuiteProcess::replica_of(&suite, &free_address(), &[("SERVICE_SECRET", SECRET)]);
    replica.start(&suite).await;
    let admin = suite.admin_token().await;
    let bases = [suite.base.clone(), replica.base().to_string()];

    // Writers on both gateways, five at a time each, until told to stop; the replica is killed when it
    // has acknowledged forty.
    let stop = AtomicBool::new(false);
    let writer = |w: usize| {
        let (suite, admin, bases, stop) = (&suite, &admin, &bases, &stop);
        async move {
            let mut acknowledged = Vec::new();
            let mut n = w;
            while !stop.load(Ordering::Relaxed) && n < 2000 {
                match register(suite, &bases[w % 2], admin, n).await {
                    Some(id) => acknowledged.push(id),
                    // The survivor serves throughout: only the killed replica's writers may fail.
                    None => assert_eq!(w % 2, 1, "a write to the surviving replica failed"),
                }
                n += 10;
            }
            acknowledged
        }
    };
    let writing = join_all((0..10).map(writer));
    let killing = async {
        let pool = PgPool::connect(suite.database_url()).await.unwrap();
        loop {
            let written: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM members.member WHERE member_firstname LIKE 'Tenace %'",
            )
            .fetch_one(&pool)
            .await
            .unwrap();
            if written >= 80 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        replica.kill();
        let killed = std::time::Instant::now();
        // The writers on the survivor go on a little.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        stop.store(true, Ordering::Relaxed);
        (pool, killed)
    };
    let (written, (pool, killed)) = tokio::join!(writing, killing);
    let acknowledged: HashSet<i64> = written.into_iter().flatten().collect();
    assert!(acknowledged.len() >= 80, "the writers wrote: {}", acknowledged.len());

    // Nothing acknowledged is lost.
    let stored: HashSet<i64> = sqlx::query_scalar(
        "SELECT member_id FROM members.member WHERE member_firstname LIKE 'Tenace %'",
    )
    .fetch_all(&pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let lost: Vec<&i64> = acknowledged.difference(&stored).collect();
    assert!(lost.is_empty(), "acknowledged and lost: {lost:?}");
    let total = stored.len() as i64;

    // Each member's registration published once, the killed replica's pending ones by the survivor.
    let events = suite.events("members", stored.len()).await;
    let mut event_ids = HashSet::new();
    let mut registered = HashSet::new();
    for (subject, payload) in &events {
        let id = payload["meta"]["eventId"].as_str().unwrap_or_default().to_string();
        assert!(event_ids.insert(id.clone()), "event {id} published twice");
        if subject == "members.member.created" {
            registered.insert(payload["member_id"].as_i64().unwrap());
        }
    }
    assert_eq!(registered, stored, "each stored member's registration is in the stream");

    // Each consumer applied each once, the killed replica's unacknowledged ones offered again.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let (statistics, cards): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT coalesce(sum(n), 0)::bigint FROM reports.stat_tally WHERE dimension = 'member'),
                    (SELECT count(*) FROM cards.inbox WHERE consumer = 'cards-members')",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        if statistics == total && cards == total {
            // The figures docs/reliability.md keeps.
            println!(
                "replica killed: {} writes acknowledged, {total} stored, 0 lost; every event applied once \
                 {:.1} s after the kill",
                acknowledged.len(),
                killed.elapsed().as_secs_f64()
            );
            break;
        }
        assert!(
            statistics <= total && cards <= total,
            "applied twice: {statistics}, {cards} of {total}"
        );
        assert!(
            tokio::time::Instant::now() < deadline,
            "not all applied after the killed replica's events were offered again: statistics {statistics}, cards {cards} of {total}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    pool.close().await;
}
