//! The transactional outbox. A change and the event that tells of it are written in the same database
//! transaction (`enqueue`, under the event's `Subject`: every subject is declared in `subjects`, tied to
//! its message), so an event is published if and only if its change committed. A relay
//! (`Relay::run`) publishes pending events to the service's JetStream stream, each with its event id as
//! `Nats-Msg-Id` so that a publish repeated after a crash is dropped by JetStream's de-duplication, and
//! deletes them once JetStream acknowledged them. A writer commits with `commit`, which wakes the relays of
//! its schema in this process at once; every relay also looks every second (events written by another
//! process). Of a service's replicas, one relay publishes at a time (`Relay::publish_pending` holds an
//! advisory lock of its schema's outbox): two publishing side by side would interleave their batches, and
//! a record's later change could reach the stream, and so its consumers, before its earlier one. No `NOTIFY`: PostgreSQL serialises the commits of every transaction that notifies (a lock held
//! until the commit's WAL is flushed), which held concurrent writes to one flush at a time.
//! Each service has an `outbox` table in its own schema:
//!
//! ```sql
//! CREATE TABLE <schema>.outbox (
//!     seq           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
//!     id            uuid NOT NULL UNIQUE,
//!     subject       text NOT NULL,          -- without the instance prefix: `geography.locality.created`
//!     payload       jsonb NOT NULL,
//!     trace_context jsonb NOT NULL DEFAULT '{}',
//!     created_at    timestamptz NOT NULL DEFAULT now()
//! );
//! ```

use crate::nats::Naming;
use anyhow::{Context, Result};
use async_nats::jetstream;
use opentelemetry::global;
use sqlx::{AssertSqlSafe, PgConnection, PgPool, Postgres, Transaction};
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::marker::PhantomData;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;
use tokio::sync::watch;
use tracing::Instrument;
use tracing_opentelemetry::OpenTelemetrySpanExt;

pub mod subjects;

/// What a relay's pass over the outbox did.
#[derive(Debug, PartialEq)]
pub enum Published {
    /// It published these many events (0: none was waiting).
    Here(usize),
    /// Another replica's relay was publishing: this one published nothing.
    ByAnother,
}

/// How many events one relay transaction publishes.
const BATCH: i64 = 500;

/// The trace context of the current span, to store beside an event.
pub fn current_trace_context() -> serde_json::Value {
    let mut carrier: HashMap<String, String> = HashMap::new();
    let context = tracing::Span::current().context();
    global::get_text_map_propagator(|p| p.inject_context(&context, &mut carrier));
    serde_json::to_value(carrier).unwrap_or_default()
}

/// An event's subject, without the instance prefix (`geography.locality.created`), tied to the proto
/// message of its service's `events.proto` that it carries: `enqueue(tx, SCHEMA, &LOCALITY_CREATED,
/// &event)` compiles only with a `LocalitySaved`. Every subject is declared once, in `subjects`.
pub struct Subject<E> {
    name: &'static str,
    message: PhantomData<fn() -> E>,
}

impl<E> Subject<E> {
    /// `name` reads `<service>.<entity>.<past-tense verb>`.
    pub const fn new(name: &'static str) -> Self {
        Subject { name, message: PhantomData }
    }

    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Whether an event received under `subject` (without the instance prefix) is of this subject.
    pub fn is(&self, subject: &str) -> bool {
        self.name == subject
    }
}

impl<E> Clone for Subject<E> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<E> Copy for Subject<E> {}

impl<E> fmt::Debug for Subject<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Subject({:?})", self.name)
    }
}

impl<E> fmt::Display for Subject<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// An event ready for the outbox table: its id, its subject, its payload with its schema version in
/// `meta` (the relay adds its id and time) and the trace context of the change. For a statement that
/// writes its outbox row itself (binding `subject`, `id`, `payload` and `trace_context`).
pub struct Stamped {
    pub id: uuid::Uuid,
    pub subject: &'static str,
    pub payload: serde_json::Value,
    pub trace_context: serde_json::Value,
}

impl Stamped {
    /// `event` is a proto message of the service's `events.proto`, told under `subject`.
    pub fn of<E: proto::Event>(subject: &Subject<E>, event: &E) -> Result<Stamped, sqlx::Error> {
        Ok(Stamped {
            id: uuid::Uuid::now_v7(),
            subject: subject.name,
            payload: payload_of(event)?,
            trace_context: current_trace_context(),
        })
    }
}

/// The event's JSON, with its schema version in `meta`.
fn payload_of<E: proto::Event>(event: &E) -> Result<serde_json::Value, sqlx::Error> {
    let mut payload = serde_json::to_value(event).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    payload["meta"] = serde_json::json!({ "schemaVersion": E::SCHEMA_VERSION });
    Ok(payload)
}

/// Writes one event in the caller's transaction, under its subject (`events::MEMBER_CREATED`).
pub async fn enqueue<E: proto::Event>(
    tx: &mut PgConnection,
    schema: &'static str,
    subject: &Subject<E>,
    event: &E,
) -> Result<(), sqlx::Error> {
    sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO {schema}.outbox (id, subject, payload, trace_context) VALUES ($1, $2, $3, $4)"
    )))
    .bind(uuid::Uuid::now_v7())
    .bind(subject.name)
    .bind(payload_of(event)?)
    .bind(current_trace_context())
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Writes many events of one subject in one statement (a batch of cards, say), as `enqueue` writes one.
pub async fn enqueue_all<E: proto::Event>(
    tx: &mut PgConnection,
    schema: &'static str,
    subject: &Subject<E>,
    events: &[E],
) -> Result<(), sqlx::Error> {
    if events.is_empty() {
        return Ok(());
    }
    let mut ids = Vec::with_capacity(events.len());
    let mut payloads = Vec::with_capacity(events.len());
    for event in events {
        ids.push(uuid::Uuid::now_v7());
        payloads.push(payload_of(event)?);
    }
    sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO {schema}.outbox (id, subject, payload, trace_context)
         SELECT id, $2, payload, $4 FROM unnest($1::uuid[], $3::jsonb[]) AS e(id, payload)"
    )))
    .bind(ids)
    .bind(subject.name)
    .bind(payloads)
    .bind(current_trace_context())
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Commits a transaction that wrote events, then wakes the relays of `schema` in this process.
pub async fn commit(tx: Transaction<'_, Postgres>, schema: &str) -> Result<(), sqlx::Error> {
    tx.commit().await?;
    wake(schema);
    Ok(())
}

/// One counter per schema, moved on by each commit with events: a relay waits for it to change. Several
/// suites of one schema in one process (the tests) share it, which only costs them a look at an empty
/// outbox.
static WAKERS: LazyLock<Mutex<HashMap<String, Arc<watch::Sender<u64>>>>> =
    LazyLock::new(Default::default);

fn waker(schema: &str) -> Arc<watch::Sender<u64>> {
    let mut wakers = WAKERS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    wakers.entry(schema.to_string()).or_insert_with(|| Arc::new(watch::channel(0).0)).clone()
}

/// Wakes the relays of `schema` in this process (after a commit that wrote events).
pub fn wake(schema: &str) {
    waker(schema).send_modify(|count| *count = count.wrapping_add(1));
}

#[derive(sqlx::FromRow)]
struct Pending {
    id: uuid::Uuid,
    subject: String,
    payload: serde_json::Value,
    trace_context: serde_json::Value,
    created_at: chrono::DateTime<chrono::Utc>,
}

impl Pending {
    /// The payload as published: `meta` (`common::EventMeta`) gets the event's id and the time of its
    /// change; an event written by SQL (an import's) gets schema version 1 as well.
    fn stamped(&self) -> serde_json::Value {
        let mut payload = self.payload.clone();
        if !payload.is_object() {
            return payload;
        }
        let version = payload["meta"]["schemaVersion"].as_u64().unwrap_or(1);
        payload["meta"] = serde_json::to_value(proto::common::EventMeta {
            event_id: self.id.to_string(),
            schema_version: version as u32,
            occurred_at: self.created_at.to_rfc3339(),
        })
        .unwrap_or_default();
        payload
    }
}

/// Publishes one service's outbox.
pub struct Relay {
    pub pool: PgPool,
    pub schema: &'static str,
    pub service: &'static str,
    pub naming: Naming,
    pub jetstream: jetstream::Context,
}

impl Relay {
    /// The relay of `service`'s outbox, to its own stream.
    pub fn of(
        service: &crate::service::ServiceInfo,
        pool: PgPool,
        naming: Naming,
        nats: async_nats::Client,
    ) -> Self {
        Relay {
            pool,
            schema: service.schema,
            service: service.name,
            naming,
            jetstream: jetstream::new(nats),
        }
    }

    /// Creates the service's stream when missing.
    pub async fn ensure_stream(&self) -> Result<()> {
        crate::nats::ensure_stream(&self.jetstream, &self.naming, self.service).await
    }

    /// Publishes pending events until `shutdown` resolves: at once when a commit of this process wakes
    /// it, and every second for the others' (or when NATS was down); soon again when another replica's
    /// relay was publishing (it may have finished before this replica's last commit).
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send) -> Result<()> {
        self.ensure_stream().await?;
        let mut woken = waker(self.schema).subscribe();
        tokio::pin!(shutdown);
        loop {
            let wait = match self.publish_pending().await {
                Ok(Published::ByAnother) => Duration::from_millis(50),
                Ok(Published::Here(_)) => Duration::from_secs(1),
                Err(e) => {
                    tracing::warn!(error = %format!("{e:#}"), service = self.service, "outbox relay will retry");
                    Duration::from_secs(1)
                }
            };
            tokio::select! {
                _ = &mut shutdown => return Ok(()),
                _ = woken.changed() => {},
                _ = tokio::time::sleep(wait) => {},
            }
        }
    }

    /// Publishes every pending event, in order, batch by batch, unless another replica's relay is doing
    /// so. Answers how many were published here.
    pub async fn publish_pending(&self) -> Result<Published> {
        let mut published = 0;
        loop {
            let mut tx = self.pool.begin().await?;
            // Held until this batch's transaction ends; the other replicas' relays wait their turn.
            let ours: bool = sqlx::query_scalar("SELECT pg_try_advisory_xact_lock(hashtext($1))")
                .bind(format!("{}.outbox", self.schema))
                .fetch_one(&mut *tx)
                .await?;
            if !ours {
                return Ok(if published == 0 {
                    Published::ByAnother
                } else {
                    Published::Here(published)
                });
            }
            let batch: Vec<Pending> = sqlx::query_as(AssertSqlSafe(format!(
                "SELECT id, subject, payload, trace_context, created_at FROM {}.outbox ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED",
                self.schema
            )))
            .bind(BATCH)
            .fetch_all(&mut *tx)
            .await?;
            if batch.is_empty() {
                return Ok(Published::Here(published));
            }
            let mut acks = Vec::with_capacity(batch.len());
            for event in &batch {
                acks.push(self.publish(event).await?);
            }
            for ack in acks {
                ack.await.context("JetStream did not acknowledge an event")?;
            }
            let ids: Vec<uuid::Uuid> = batch.iter().map(|e| e.id).collect();
            sqlx::query(AssertSqlSafe(format!(
                "DELETE FROM {}.outbox WHERE id = ANY($1)",
                self.schema
            )))
            .bind(&ids)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            metrics::counter!("sesame_outbox_published_total", "service" => self.service)
                .increment(batch.len() as u64);
            published += batch.len();
        }
    }

    /// Sends one event; a PRODUCER span continues the trace of the change that made it.
    async fn publish(&self, event: &Pending) -> Result<jetstream::context::PublishAckFuture> {
        let subject = format!("{}.{}", self.naming.prefix(), event.subject);
        let carrier: HashMap<String, String> =
            serde_json::from_value(event.trace_context.clone()).unwrap_or_default();
        let parent = global::get_text_map_propagator(|p| p.extract(&carrier));
        let span = tracing::info_span!("nats.publish", otel.name = %format!("{subject} publish"), otel.kind = "producer",
            messaging.system = "nats", messaging.destination.name = %subject, messaging.message.id = %event.id,
            sesame.service = self.service);
        let _ = span.set_parent(parent);
        async {
            let mut headers = async_nats::HeaderMap::new();
            let mut span_carrier: HashMap<String, String> = HashMap::new();
            let context = tracing::Span::current().context();
            global::get_text_map_propagator(|p| p.inject_context(&context, &mut span_carrier));
            for (k, v) in span_carrier {
                headers.insert(k.as_str(), v.as_str());
            }
            // The id after the headers: `headers` replaces the whole map, and with it an id set before
            // (JetStream's de-duplication and the consumers' inboxes need it).
            let publish = jetstream::message::PublishMessage::build()
                .headers(headers)
                .message_id(event.id.to_string())
                .payload(bytes::Bytes::from(serde_json::to_vec(&event.stamped())?));
            Ok(self.jetstream.send_publish(subject.clone(), publish).await?)
        }
        .instrument(span)
        .await
    }
}
