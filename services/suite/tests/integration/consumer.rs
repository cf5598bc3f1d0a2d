//! The one durable consumer of events (`common::consumer`), on a real database and NATS: an event is
//! applied once however often it is delivered, and one whose effect failed is applied when offered again.

use crate::support::TestSuite;
use common::consumer::{Consumer, Handler};
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
    pool.close().await;
}
