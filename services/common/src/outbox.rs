//! The transactional outbox. A change and the event that tells of it are written in the same database
//! transaction (`enqueue`), so an event is published if and only if its change committed. A relay
//! (`Relay::run`) publishes pending events to the service's JetStream stream, each with its event id as
//! `Nats-Msg-Id` so that a publish repeated after a crash is dropped by JetStream's de-duplication, and
//! deletes them once JetStream acknowledged them. Each service has an `outbox` table in its own schema:
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
use sqlx::postgres::PgListener;
use sqlx::{AssertSqlSafe, PgConnection, PgPool};
use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;
use tracing::Instrument;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// How many events one relay transaction publishes.
const BATCH: i64 = 500;

/// The trace context of the current span, to store beside an event.
pub fn current_trace_context() -> serde_json::Value {
    let mut carrier: HashMap<String, String> = HashMap::new();
    let context = tracing::Span::current().context();
    global::get_text_map_propagator(|p| p.inject_context(&context, &mut carrier));
    serde_json::to_value(carrier).unwrap_or_default()
}

/// Writes one event, a proto message of the service's `events.proto`, in the caller's transaction, with
/// its schema version in `meta` (the relay adds its id and time). `subject` has no instance prefix
/// (`<service>.<entity>.<past-tense verb>`).
pub async fn enqueue<E: proto::Event>(
    tx: &mut PgConnection,
    schema: &'static str,
    subject: &str,
    event: &E,
) -> Result<(), sqlx::Error> {
    let mut payload = serde_json::to_value(event).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    payload["meta"] = serde_json::json!({ "schemaVersion": E::SCHEMA_VERSION });
    sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO {schema}.outbox (id, subject, payload, trace_context) VALUES ($1, $2, $3, $4)"
    )))
    .bind(uuid::Uuid::now_v7())
    .bind(subject)
    .bind(payload)
    .bind(current_trace_context())
    .execute(&mut *tx)
    .await?;
    notify(tx, schema).await
}

/// Writes many events of one subject in one statement (a batch of cards, say), as `enqueue` writes one.
pub async fn enqueue_all<E: proto::Event>(
    tx: &mut PgConnection,
    schema: &'static str,
    subject: &str,
    events: &[E],
) -> Result<(), sqlx::Error> {
    if events.is_empty() {
        return Ok(());
    }
    let mut ids = Vec::with_capacity(events.len());
    let mut payloads = Vec::with_capacity(events.len());
    for event in events {
        let mut payload =
            serde_json::to_value(event).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        payload["meta"] = serde_json::json!({ "schemaVersion": E::SCHEMA_VERSION });
        ids.push(uuid::Uuid::now_v7());
        payloads.push(payload);
    }
    sqlx::query(AssertSqlSafe(format!(
        "INSERT INTO {schema}.outbox (id, subject, payload, trace_context)
         SELECT id, $2, payload, $4 FROM unnest($1::uuid[], $3::jsonb[]) AS e(id, payload)"
    )))
    .bind(ids)
    .bind(subject)
    .bind(payloads)
    .bind(current_trace_context())
    .execute(&mut *tx)
    .await?;
    notify(tx, schema).await
}

/// Wakes the relay when the transaction commits (PostgreSQL delivers notifications at commit).
pub async fn notify(tx: &mut PgConnection, schema: &'static str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_notify($1, '')").bind(channel(schema)).execute(&mut *tx).await?;
    Ok(())
}

fn channel(schema: &str) -> String {
    format!("{schema}_outbox")
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

    /// Publishes pending events until `shutdown` resolves: at once when notified, and every second in
    /// case a notification was missed (or NATS was down).
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send) -> Result<()> {
        self.ensure_stream().await?;
        let mut listener = PgListener::connect_with(&self.pool).await?;
        listener.listen(&channel(self.schema)).await?;
        tokio::pin!(shutdown);
        loop {
            if let Err(e) = self.publish_pending().await {
                tracing::warn!(error = %format!("{e:#}"), service = self.service, "outbox relay will retry");
            }
            tokio::select! {
                _ = &mut shutdown => return Ok(()),
                _ = listener.recv() => {},
                _ = tokio::time::sleep(Duration::from_secs(1)) => {},
            }
        }
    }

    /// Publishes every pending event, in order, batch by batch. Answers how many were published.
    pub async fn publish_pending(&self) -> Result<usize> {
        let mut published = 0;
        loop {
            let mut tx = self.pool.begin().await?;
            let batch: Vec<Pending> = sqlx::query_as(AssertSqlSafe(format!(
                "SELECT id, subject, payload, trace_context, created_at FROM {}.outbox ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED",
                self.schema
            )))
            .bind(BATCH)
            .fetch_all(&mut *tx)
            .await?;
            if batch.is_empty() {
                return Ok(published);
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
            messaging.system = "nats", messaging.destination.name = %subject, messaging.message.id = %event.id);
        let _ = span.set_parent(parent);
        async {
            let mut headers = async_nats::HeaderMap::new();
            let mut span_carrier: HashMap<String, String> = HashMap::new();
            let context = tracing::Span::current().context();
            global::get_text_map_propagator(|p| p.inject_context(&context, &mut span_carrier));
            for (k, v) in span_carrier {
                headers.insert(k.as_str(), v.as_str());
            }
            let publish = jetstream::message::PublishMessage::build()
                .message_id(event.id.to_string())
                .headers(headers)
                .payload(bytes::Bytes::from(serde_json::to_vec(&event.stamped())?));
            Ok(self.jetstream.send_publish(subject.clone(), publish).await?)
        }
        .instrument(span)
        .await
    }
}
