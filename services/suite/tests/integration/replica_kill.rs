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

/// What a registration through a gateway came to.
pub(crate) enum Registered {
    /// Acknowledged: the member's id.
    Stored(i64),
    /// Answered with another status: the status and the answer's message.
    Refused(StatusCode, String),
    /// No answer (the replica was killed under it, or the call timed out).
    Unanswered,
}

/// Registers the member `Tenace <n>` through the gateway at `base`.
pub(crate) async fn register(suite: &TestSuite, base: &str, token: &str, n: usize) -> Registered {
    let body = json!({"member_firstname": format!("Tenace {n}"), "member_lastname": "Koné"});
    let sent = suite
        .http
        .post(format!("{base}/api/member/post_member"))
        .bearer_auth(token)
        .json(&body)
        .timeout(Duration::from_secs(10))
        .send()
        .await;
    let Ok(response) = sent else { return Registered::Unanswered };
    let status = response.status();
    let Ok(answer) = response.json::<Value>().await else { return Registered::Unanswered };
    match answer["id"].as_i64() {
        Some(id) if status == StatusCode::OK => Registered::Stored(id),
        _ => {
            Registered::Refused(status, answer["message"].as_str().unwrap_or_default().to_string())
        }
    }
}

/// The members `Tenace <n>` stored.
pub(crate) async fn stored(pool: &PgPool) -> HashSet<i64> {
    sqlx::query_scalar(
        "SELECT member_id FROM members.member WHERE member_firstname LIKE 'Tenace %'",
    )
    .fetch_all(pool)
    .await
    .unwrap()
    .into_iter()
    .collect()
}

/// Waits until at least `count` members `Tenace <n>` are stored.
pub(crate) async fn until_stored(pool: &PgPool, count: usize) {
    while stored(pool).await.len() < count {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Ten writers, five through each gateway of `bases` (writer `w` through `bases[w % 2]`, registering
/// `Tenace w`, `w + 10`, ... below `limit`), until `meanwhile` is done; `answered(w, &answer)` checks
/// each answer. Answers the ids acknowledged and what `meanwhile` came to.
pub(crate) async fn writing_while<T>(
    suite: &TestSuite,
    bases: &[String; 2],
    token: &str,
    limit: usize,
    answered: impl Fn(usize, &Registered),
    meanwhile: impl Future<Output = T>,
) -> (HashSet<i64>, T) {
    let stop = AtomicBool::new(false);
    let writer = |w: usize| {
        let (stop, answered) = (&stop, &answered);
        async move {
            let mut acknowledged = Vec::new();
            let mut n = w;
            while !stop.load(Ordering::Relaxed) && n < limit {
                let answer = register(suite, &bases[w % 2], token, n).await;
                answered(w, &answer);
                if let Registered::Stored(id) = answer {
                    acknowledged.push(id);
                }
                n += 10;
            }
            acknowledged
        }
    };
    let stopping = async {
        let done = meanwhile.await;
        stop.store(true, Ordering::Relaxed);
        done
    };
    let (written, done) = tokio::join!(join_all((0..10).map(writer)), stopping);
    (written.into_iter().flatten().collect(), done)
}

/// After a replica was killed under writes: every write `acknowledged` is stored, each stored member's
/// registration is published once, and the statistics and the cards service applied each once (within
/// a minute: what the killed replica had received and not acknowledged is offered again after the
/// acknowledgement wait). Answers how many are stored.
pub(crate) async fn nothing_lost_nor_applied_twice(
    suite: &TestSuite,
    pool: &PgPool,
    acknowledged: &HashSet<i64>,
) -> usize {
    // Nothing acknowledged is lost.
    let stored = stored(pool).await;
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
            "SELECT (SELECT coalesce(sum(n), 0)::bigint FROM reports.stat_cube WHERE dimension = 'gender'),
                    (SELECT count(*) FROM cards.inbox WHERE consumer = 'cards-members')",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if statistics == total && cards == total {
            return stored.len();
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
    let killing = async {
        let pool = PgPool::connect(suite.database_url()).await.unwrap();
        until_stored(&pool, 80).await;
        replica.kill();
        let killed = std::time::Instant::now();
        // The writers on the survivor go on a little.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        (pool, killed)
    };
    let survivor_serves = |w: usize, answer: &Registered| {
        // The survivor serves throughout: only the killed replica's writers may fail.
        if !matches!(answer, Registered::Stored(_)) {
            assert_eq!(w % 2, 1, "a write to the surviving replica failed");
        }
    };
    let (acknowledged, (pool, killed)) =
        writing_while(&suite, &bases, &admin, 2000, survivor_serves, killing).await;
    assert!(acknowledged.len() >= 80, "the writers wrote: {}", acknowledged.len());

    let total = nothing_lost_nor_applied_twice(&suite, &pool, &acknowledged).await;
    // The figures docs/reliability.md keeps.
    println!(
        "replica killed: {} writes acknowledged, {total} stored, 0 lost; every event applied once {:.1} s \
         after the kill",
        acknowledged.len(),
        killed.elapsed().as_secs_f64()
    );
    pool.close().await;
}
