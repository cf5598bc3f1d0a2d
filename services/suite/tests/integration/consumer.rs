//! The one durable consumer of events (`common::consumer`), on a real database and NATS: an event is
//! applied once however often it is delivered, one whose effect failed is applied when offered again, and
//! events waiting are applied together without one failing holding back the others.

use crate::support::TestSuite;
use common::consumer::{Consumer, Handler, IdRange};
use common::error::ServiceError;
use sqlx::PgConnection;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts what it applies, and fails while `failing` is set (after writing, so the write must roll back).
#[derive(Clone, Default)]
struct Counting {
    applied: Arc<AtomicUsize>,
    failing: Arc<std::sync::atomic::AtomicBool>,
}

impl Handler for Counting {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        _subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        let name = String::from_utf8_lossy(payload).to_string();
        sqlx::query("INSERT INTO members.geo_region (region_id, region_name) VALUES (77, $1) ON CONFLICT (region_id) DO UPDATE SET region_name = excluded.region_name")
            .bind(&name)
            .execute(&mut *tx)
            .await?;
        if self.failing.load(Ordering::SeqCst) {
            return Err(ServiceError::Unavailable("panne simulée".into()));
        }
        self.applied.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// It keeps none of an owner's records.
    async fn forget_others(
        &self,
        _tx: &mut PgConnection,
        _entity: &str,
        _range: IdRange,
        _kept: &[i64],
    ) -> Result<(), ServiceError> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_event_is_applied_once_however_often_it_is_delivered() {
    let suite = TestSuite::start().await;
    let pool = common::db::connect(suite.database_url(), 2).await.unwrap();
    let handler = Counting::default();
    let consumer = Consumer {
        name: "test-consumer",
        source: "geography",
        schema: "members",
        pool: pool.clone(),
        naming: suite.naming.clone(),
        jetstream: suite.jetstream.clone(),
        handler: handler.clone(),
    };
    let region_name = || async {
        sqlx::query_scalar::<_, String>(
            "SELECT region_name FROM members.geo_region WHERE region_id = 77",
        )
        .fetch_optional(&pool)
        .await
        .unwrap()
    };
    let (first, second) = (uuid::Uuid::now_v7(), uuid::Uuid::now_v7());
    let subject = "geography.region.updated";

    consumer.apply_once(Some(first), subject, b"Gbeke").await.unwrap();
    consumer.apply_once(Some(second), subject, b"Hambol").await.unwrap();
    // The first event delivered again (a lost acknowledgement): nothing changes, not even back.
    consumer.apply_once(Some(first), subject, b"Gbeke").await.unwrap();
    assert_eq!(handler.applied.load(Ordering::SeqCst), 2);
    assert_eq!(region_name().await.as_deref(), Some("Hambol"));

    // An effect that fails leaves nothing, not even the event's record: its next delivery applies it.
    let third = uuid::Uuid::now_v7();
    handler.failing.store(true, Ordering::SeqCst);
    assert!(consumer.apply_once(Some(third), subject, b"Poro").await.is_err());
    assert_eq!(region_name().await.as_deref(), Some("Hambol"), "the failed effect rolled back");
    handler.failing.store(false, Ordering::SeqCst);
    consumer.apply_once(Some(third), subject, b"Poro").await.unwrap();
    assert_eq!(handler.applied.load(Ordering::SeqCst), 3);
    assert_eq!(region_name().await.as_deref(), Some("Poro"));

    // Another consumer of the same schema reading the same stream applies the same event: the inbox
    // records an id for each consumer.
    let other = Counting::default();
    let other_consumer = Consumer { name: "test-consumer-2", handler: other.clone(), ..consumer };
    other_consumer.apply_once(Some(first), subject, b"Gbeke").await.unwrap();
    other_consumer.apply_once(Some(first), subject, b"Gbeke").await.unwrap();
    assert_eq!(other.applied.load(Ordering::SeqCst), 1, "applied once by the other consumer");
    assert_eq!(handler.applied.load(Ordering::SeqCst), 3, "and not again by the first");
    pool.close().await;
}

/// Writes each event's region (`<id>:<name>`) with the id of the transaction that applied it; fails the
/// first time it meets the name `refused`.
#[derive(Clone, Default)]
struct Recording {
    refused_once: Arc<std::sync::atomic::AtomicBool>,
}

impl Handler for Recording {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        _subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        let text = String::from_utf8_lossy(payload).to_string();
        let (id, name) = text.split_once(':').unwrap();
        sqlx::query("INSERT INTO members.geo_region (region_id, region_name) VALUES ($1, txid_current()::text)")
            .bind(id.parse::<i64>().unwrap())
            .execute(&mut *tx)
            .await?;
        if name == "refused" && !self.refused_once.swap(true, Ordering::SeqCst) {
            return Err(ServiceError::Unavailable("panne simulée".into()));
        }
        Ok(())
    }

    /// It keeps none of an owner's records.
    async fn forget_others(
        &self,
        _tx: &mut PgConnection,
        _entity: &str,
        _range: IdRange,
        _kept: &[i64],
    ) -> Result<(), ServiceError> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn events_waiting_are_applied_together_and_one_failing_holds_back_no_other() {
    let suite = TestSuite::start().await;
    let pool = common::db::connect(suite.database_url(), 4).await.unwrap();
    let handler = Recording::default();
    // Publishes the events `range`, `refused` failing once and `applied` (with its id) already applied.
    let publish =
        |range: std::ops::RangeInclusive<i64>, refused: i64, applied: (i64, uuid::Uuid)| {
            let suite = &suite;
            async move {
                for n in range {
                    let name = if n == refused { "refused" } else { "region" };
                    let id = if n == applied.0 { applied.1 } else { uuid::Uuid::now_v7() };
                    let mut headers = async_nats::HeaderMap::new();
                    headers.insert("Nats-Msg-Id", id.to_string().as_str());
                    let subject = suite.naming.subject("auth", "test", "event");
                    let payload = format!("{n}:{name}");
                    let ack = suite
                        .jetstream
                        .publish_with_headers(subject, headers, payload.into())
                        .await
                        .unwrap();
                    ack.await.unwrap();
                }
            }
        };
    // Runs the consumer until `expected` events are in its inbox.
    let consume_until = |expected: i64| {
        let (suite, pool, handler) = (&suite, &pool, handler.clone());
        async move {
            let consumer = Consumer {
                name: "test-batch",
                source: "auth",
                schema: "members",
                pool: pool.clone(),
                naming: suite.naming.clone(),
                jetstream: suite.jetstream.clone(),
                handler,
            };
            let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
            let running = tokio::spawn(consumer.run(async {
                let _ = stopped.await;
            }));
            let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(15);
            loop {
                let applied: i64 = sqlx::query_scalar(
                    "SELECT count(*) FROM members.inbox WHERE consumer = 'test-batch'",
                )
                .fetch_one(pool)
                .await
                .unwrap();
                if applied >= expected {
                    break;
                }
                assert!(!running.is_finished(), "the consumer stopped: {:?}", running.await);
                assert!(tokio::time::Instant::now() < deadline, "{applied} events applied");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            let _ = stop.send(());
            running.await.unwrap().unwrap();
        }
    };
    let regions = |ids: std::ops::RangeInclusive<i64>| {
        let pool = &pool;
        async move {
            sqlx::query_as::<_, (i64, String)>(
                "SELECT region_id, region_name FROM members.geo_region
                 WHERE region_id BETWEEN $1 AND $2 ORDER BY region_id",
            )
            .bind(ids.start())
            .bind(ids.end())
            .fetch_all(pool)
            .await
            .unwrap()
        }
    };

    // Made-up events on the auth stream, which none of the suite's own consumers of the members schema
    // reads: they stay with this test's consumer.
    // Six events wait on the stream before the consumer starts: they share transactions.
    publish(901..=906, 0, (0, uuid::Uuid::nil())).await;
    consume_until(6).await;
    let rows = regions(901..=906).await;
    assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), (901..=906).collect::<Vec<_>>());
    let transactions: std::collections::HashSet<&String> = rows.iter().map(|r| &r.1).collect();
    assert!(transactions.len() < 6, "{} transactions for 6 events", transactions.len());

    // Four more wait, the second of them failing once: the others are applied, and it is when offered
    // again; each once.
    publish(907..=910, 908, (0, uuid::Uuid::nil())).await;
    consume_until(10).await;
    let rows = regions(907..=910).await;
    assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), (907..=910).collect::<Vec<_>>());
    assert!(handler.refused_once.load(Ordering::SeqCst), "the event failed once");

    // Three more wait, the second already in the inbox (delivered again after its acknowledgement was
    // lost): the ids recorded together, it alone is skipped.
    let redelivered = uuid::Uuid::now_v7();
    sqlx::query("INSERT INTO members.inbox (event_id, consumer) VALUES ($1, 'test-batch')")
        .bind(redelivered)
        .execute(&pool)
        .await
        .unwrap();
    publish(911..=913, 0, (912, redelivered)).await;
    consume_until(13).await;
    let rows = regions(911..=913).await;
    assert_eq!(rows.iter().map(|r| r.0).collect::<Vec<_>>(), vec![911, 913]);
    pool.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_published_event_carries_its_id_for_the_deduplication() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    crate::support::save(
        &suite,
        &admin,
        "/api/region/post_region",
        serde_json::json!({"region_code": "GBK", "region_name": "Gbêkê"}),
    )
    .await;
    let stream = suite.jetstream.get_stream(suite.naming.stream("geography")).await.unwrap();
    let subject = suite.naming.subject("geography", "region", "created");
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(15);
    let message = loop {
        match stream.get_last_raw_message_by_subject(&subject).await {
            Ok(message) => break message,
            Err(error) => {
                assert!(tokio::time::Instant::now() < deadline, "never published: {error}");
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
        }
    };
    // JetStream drops a message published again with the same id, and the consumers' inboxes key on it.
    let id = message.headers.get("Nats-Msg-Id").map(|v| v.to_string());
    let id = id.expect("the event's id in Nats-Msg-Id");
    assert!(uuid::Uuid::parse_str(&id).is_ok(), "{id}");
}

/// A stream's limits follow the settings: a stream made without any (events kept for good) takes an age
/// and a size limit when they are set, and keeps its events.
#[tokio::test(flavor = "multi_thread")]
async fn a_streams_limits_follow_the_settings_and_keep_its_events() {
    let nats = common::nats::connect(&common::config::env_or(
        "NATS_URL",
        common::config::DEFAULT_NATS_URL,
    ))
    .await
    .unwrap();
    let jetstream = async_nats::jetstream::new(nats);
    let naming = common::nats::Naming::new(&format!("limits_{}", uuid::Uuid::new_v4().simple()));
    let unlimited = common::nats::StreamLimits::of(0, 0, 1).unwrap();
    common::nats::ensure_stream_with(&jetstream, &naming, "members", &unlimited).await.unwrap();
    jetstream
        .publish(naming.subject("members", "member", "created"), "{}".into())
        .await
        .unwrap()
        .await
        .unwrap();
    let limited = common::nats::StreamLimits::of(30, 1 << 30, 1).unwrap();
    common::nats::ensure_stream_with(&jetstream, &naming, "members", &limited).await.unwrap();
    let mut stream = jetstream.get_stream(naming.stream("members")).await.unwrap();
    let info = stream.info().await.unwrap();
    assert_eq!(info.config.max_age, std::time::Duration::from_secs(30 * 86_400));
    assert_eq!(info.config.max_bytes, 1 << 30);
    assert_eq!(info.state.messages, 1, "the stream kept its event");
    jetstream.delete_stream(naming.stream("members")).await.unwrap();
}
