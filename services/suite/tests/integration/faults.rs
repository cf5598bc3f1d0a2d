//! The engines fail under write load: the suite (the real binary) runs on a PostgreSQL and a NATS of
//! the test's own while writers register members without pause; NATS is killed with SIGKILL and comes
//! back 3 s later, then PostgreSQL is stopped hard for 3 s. Nothing acknowledged is lost, each event is
//! published and applied once, the gateway answers 503 in French while the database is down and its
//! `/readyz` says so, and both recover within 10 s. The figures go to docs/reliability.md.

use crate::private_servers::{PrivateNats, PrivatePostgres};
use crate::suite_process::{SuiteProcess, free_address};
use crate::support::TestSuite;
use futures::StreamExt;
use futures::stream::FuturesUnordered;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::{BTreeMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const DATABASE_DOWN: &str = "La base de données ne répond pas, réessayez dans un instant.";
const OUTAGE: Duration = Duration::from_secs(3);
const RECOVERY_AIM: Duration = Duration::from_secs(10);

/// One answer of the gateway: when it was asked and when it came, its status and its French message
/// when it failed.
struct Answer {
    asked: Instant,
    at: Instant,
    status: Option<StatusCode>,
    message: String,
}

/// Registers a member; its id when acknowledged.
async fn register(suite: &TestSuite, base: &str, token: &str, n: usize) -> (Answer, Option<i64>) {
    let body = json!({"member_firstname": format!("Résistant {n}"), "member_lastname": "Traoré"});
    let asked = Instant::now();
    let sent = suite
        .http
        .post(format!("{base}/api/member/post_member"))
        .bearer_auth(token)
        .json(&body)
        .timeout(Duration::from_secs(15))
        .send()
        .await;
    let Ok(response) = sent else {
        return (Answer { asked, at: Instant::now(), status: None, message: String::new() }, None);
    };
    let status = response.status();
    let body: Value = response.json().await.unwrap_or_default();
    let answer = Answer {
        asked,
        at: Instant::now(),
        status: Some(status),
        message: body["message"].as_str().unwrap_or_default().to_string(),
    };
    (answer, (status == StatusCode::OK).then(|| body["id"].as_i64()).flatten())
}

/// The first moment between `since` and `until` from which `answers` holds only successes.
fn recovered_at(answers: &[(Instant, bool)], since: Instant, until: Instant) -> Option<Instant> {
    let mut first_ok = None;
    for (at, ok) in answers.iter().filter(|(at, _)| *at >= since && *at < until) {
        match (ok, first_ok) {
            (true, None) => first_ok = Some(*at),
            (false, _) => first_ok = None,
            _ => {}
        }
    }
    first_ok
}

#[tokio::test(flavor = "multi_thread")]
async fn nats_killed_and_postgresql_stopped_under_writes_lose_nothing_acknowledged() {
    let postgres = PrivatePostgres::start();
    let mut nats = PrivateNats::start();
    let mut harness = TestSuite::for_process(format!("http://{}", free_address())).await;
    let database = postgres.url("sesame_faults");
    let mut process = SuiteProcess::new(
        &harness,
        &[("DATABASE_URL", database.as_str()), ("NATS_URL", nats.url().as_str())],
    );
    process.start(&harness).await;
    let admin = harness.admin_token().await;
    let base = harness.base.clone();

    // Writes started every 10 ms (at most 512 at a time, so that the calls held while PostgreSQL is down
    // does not hold back the next), and a watcher of /readyz, until told to stop.
    let stop = AtomicBool::new(false);
    let answers: Mutex<Vec<Answer>> = Mutex::default();
    let readiness: Mutex<Vec<(Instant, bool, Value)>> = Mutex::default();
    let writing = async {
        let mut in_flight = FuturesUnordered::new();
        let mut acknowledged = Vec::new();
        let mut ticks = tokio::time::interval(Duration::from_millis(10));
        let mut n = 0;
        loop {
            tokio::select! {
                _ = ticks.tick(), if !stop.load(Ordering::Relaxed) && in_flight.len() < 512 => {
                    in_flight.push(register(&harness, &base, &admin, n));
                    n += 1;
                }
                Some((answer, id)) = in_flight.next() => {
                    acknowledged.extend(id);
                    answers.lock().unwrap().push(answer);
                }
                else => break,
            }
        }
        acknowledged
    };
    let watching = async {
        while !stop.load(Ordering::Relaxed) {
            let answer = harness
                .http
                .get(format!("{base}/readyz"))
                .timeout(Duration::from_secs(5))
                .send()
                .await;
            let (ready, body) = match answer {
                Ok(r) => (r.status() == StatusCode::OK, r.json().await.unwrap_or_default()),
                Err(_) => (false, Value::Null),
            };
            readiness.lock().unwrap().push((Instant::now(), ready, body));
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let faults = async {
        tokio::time::sleep(Duration::from_secs(2)).await;
        nats.kill();
        let nats_killed = Instant::now();
        tokio::time::sleep(OUTAGE).await;
        nats.run();
        let nats_back = Instant::now();
        tokio::time::sleep(Duration::from_secs(4)).await;
        postgres.stop_hard();
        let postgres_stopped = Instant::now();
        tokio::time::sleep(OUTAGE).await;
        let postgres_restarting = Instant::now();
        postgres.run();
        let postgres_back = Instant::now();
        // Writers go on until both have been served again for a while (bounded).
        tokio::time::sleep(RECOVERY_AIM).await;
        stop.store(true, Ordering::Relaxed);
        (nats_killed, nats_back, postgres_stopped, postgres_restarting, postgres_back)
    };
    let (
        written,
        (),
        (nats_killed, nats_back, postgres_stopped, postgres_restarting, postgres_back),
    ) = tokio::join!(writing, watching, faults);
    let acknowledged: HashSet<i64> = written.into_iter().collect();
    let answers = answers.into_inner().unwrap();
    let readiness = readiness.into_inner().unwrap();

    // While NATS was down, writes went on (the outbox keeps their events) and /readyz said NATS was.
    let during_nats: Vec<&Answer> =
        answers.iter().filter(|a| a.at > nats_killed && a.at < nats_back).collect();
    assert!(
        during_nats.iter().any(|a| a.status == Some(StatusCode::OK)),
        "no write was served while NATS was down"
    );
    assert!(
        readiness.iter().any(|(at, ready, body)| *at > nats_killed
            && *at < nats_back
            && !ready
            && body["nats"] == json!(false)),
        "/readyz did not say NATS was down"
    );

    // While PostgreSQL was down, the gateway answered 503 in French, and /readyz said so: the writes
    // asked once it was stopped and answered before its restart began (PostgreSQL accepts connections a
    // moment before `pg_ctl start` returns; a write committed before the stop may be answered late).
    let during_postgres: Vec<&Answer> = answers
        .iter()
        .filter(|a| {
            a.asked > postgres_stopped + Duration::from_millis(200) && a.at < postgres_restarting
        })
        .collect();
    let mut statuses: BTreeMap<String, usize> = BTreeMap::new();
    for answer in &during_postgres {
        let key = format!("{:?} {}", answer.status.map(|s| s.as_u16()), answer.message);
        *statuses.entry(key).or_default() += 1;
    }
    assert!(
        during_postgres.iter().all(
            |a| a.status == Some(StatusCode::SERVICE_UNAVAILABLE) && a.message == DATABASE_DOWN
        ),
        "while PostgreSQL was down the gateway answered: {statuses:?}"
    );
    assert!(!during_postgres.is_empty(), "no write was tried while PostgreSQL was down");
    assert!(
        readiness.iter().any(|(at, ready, body)| *at > postgres_stopped
            && *at < postgres_back
            && !ready
            && body["members"] == json!(false)),
        "/readyz did not say the members' database was down"
    );

    // Both recovered within the aim: writes served again and /readyz ready.
    let writes: Vec<(Instant, bool)> =
        answers.iter().map(|a| (a.at, a.status == Some(StatusCode::OK))).collect();
    let ready: Vec<(Instant, bool)> = readiness.iter().map(|(at, r, _)| (*at, *r)).collect();
    // What /readyz said last while not ready, for a failure's message.
    let unready = |since: Instant| {
        let last = readiness.iter().rev().find(|(at, ready, _)| *at > since && !ready);
        last.map(|(at, _, body)| {
            format!("{body} {:.1} s after", at.duration_since(since).as_secs_f64())
        })
    };
    let after = |back: Instant, until: Instant, list: &[(Instant, bool)], what: &str| {
        let at = recovered_at(list, back, until).unwrap_or_else(|| {
            panic!("{what} never recovered; /readyz last said {:?}", unready(back))
        });
        let took = at.duration_since(back);
        assert!(took < RECOVERY_AIM, "{what} recovered {took:?} after the restart");
        took
    };
    let end = Instant::now();
    let nats_ready = after(nats_back, postgres_stopped, &ready, "/readyz after NATS");
    let postgres_writes = after(postgres_back, end, &writes, "the writes after PostgreSQL");
    let postgres_ready = after(postgres_back, end, &ready, "/readyz after PostgreSQL");

    // Nothing acknowledged is lost.
    let pool = PgPool::connect(&database).await.unwrap();
    let stored: HashSet<i64> = sqlx::query_scalar(
        "SELECT member_id FROM members.member WHERE member_firstname LIKE 'Résistant %'",
    )
    .fetch_all(&pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    let lost: Vec<&i64> = acknowledged.difference(&stored).collect();
    assert!(lost.is_empty(), "acknowledged and lost: {lost:?}");
    let total = stored.len() as i64;

    // Each registration published once, the outbox's pending ones after NATS came back.
    harness.jetstream =
        async_nats::jetstream::new(common::nats::connect(&nats.url()).await.unwrap());
    let events = harness.events("members", stored.len()).await;
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

    // Each consumer applied each once.
    let deadline = Instant::now() + Duration::from_secs(90);
    let applied_after = loop {
        let (statistics, cards): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT coalesce(sum(n), 0)::bigint FROM reports.stat_cube WHERE dimension = 'gender'),
                    (SELECT count(*) FROM cards.inbox WHERE consumer = 'cards-members')",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        assert!(
            statistics <= total && cards <= total,
            "applied twice: {statistics}, {cards} of {total}"
        );
        if statistics == total && cards == total {
            break postgres_back.elapsed();
        }
        assert!(
            Instant::now() < deadline,
            "not all applied: statistics {statistics}, cards {cards} of {total}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    pool.close().await;

    // The figures docs/reliability.md keeps.
    let failed_nats = during_nats.iter().filter(|a| a.status != Some(StatusCode::OK)).count();
    println!(
        "faults: {} writes acknowledged, {total} stored, 0 lost; NATS killed for 3 s: {} writes served \
         meanwhile ({failed_nats} failed), /readyz ready {:.1} s after it came back; PostgreSQL \
         stopped hard for 3 s: {} writes answered 503 « {DATABASE_DOWN} », writes served {:.1} s and \
         /readyz ready {:.1} s after it came back; every event published and applied once {:.1} s \
         after PostgreSQL came back",
        acknowledged.len(),
        during_nats.len() - failed_nats,
        nats_ready.as_secs_f64(),
        during_postgres.len(),
        postgres_writes.as_secs_f64(),
        postgres_ready.as_secs_f64(),
        applied_after.as_secs_f64(),
    );
    drop(process);
}
