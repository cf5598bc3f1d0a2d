//! The one durable consumer of another service's events. Each event is applied in a transaction of the
//! consuming service, which also records the event's id (its `Nats-Msg-Id`, the outbox id) in that
//! service's `inbox` table; the event is acknowledged only after the transaction committed. So:
//! - an event whose effect failed is offered again a second later (a database outage delays, loses
//!   nothing);
//! - an event delivered twice (a lost acknowledgement, a restarted consumer) changes nothing the second
//!   time, even if a later event was applied in between.
//!
//! Under load, the events already waiting (up to `BATCH`) are applied together, in one transaction, in
//! order: one commit for all of them instead of one each. If any of them fails, that transaction is
//! rolled back and each is applied again on its own, so one bad event holds back no other.
//!
//! Each consuming schema has its inbox, where an id is recorded once per consumer (two consumers of one
//! schema may read the same stream):
//!
//! ```sql
//! CREATE TABLE <schema>.inbox (
//!     event_id    uuid NOT NULL,
//!     consumer    text NOT NULL,
//!     received_at timestamptz NOT NULL DEFAULT now(),
//!     PRIMARY KEY (consumer, event_id)
//! );
//! ```

use crate::error::ServiceError;
use crate::nats::Naming;
use anyhow::{Context, Result};
use async_nats::jetstream::{self, AckKind, consumer::pull};
use futures::FutureExt;
use opentelemetry::global;
use sqlx::{AssertSqlSafe, PgConnection, PgPool};
use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;
use tokio_stream::StreamExt;
use tracing::Instrument;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// How long an event id is kept in the inbox: far beyond any redelivery (JetStream's own duplicate
/// window is two minutes).
const INBOX_KEEP: &str = "7 days";

/// The most events applied in one transaction.
const BATCH: usize = 64;

/// What a consumer does with each event.
pub trait Handler: Send + Sync + 'static {
    /// Applies one event in `tx` (the caller commits). `subject` has no instance prefix
    /// (`geography.locality.created`). An event the handler does not use is simply `Ok`.
    fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> impl Future<Output = Result<(), ServiceError>> + Send;
}

/// An event's payload read as its proto message (`events.proto`); `None`, logged, for one that cannot be
/// read: it will never become readable, so the handler drops it rather than have it offered forever.
pub fn read_event<T: serde::de::DeserializeOwned>(subject: &str, payload: &[u8]) -> Option<T> {
    serde_json::from_slice(payload)
        .inspect_err(|e| tracing::error!(error = %e, subject, "unreadable event dropped"))
        .ok()
}

/// An event received, read once for its application and its acknowledgement.
struct Received {
    id: Option<uuid::Uuid>,
    subject: String,
    payload: bytes::Bytes,
    span: tracing::Span,
}

/// A durable consumer of `source`'s stream, applying into `schema`.
pub struct Consumer<H> {
    /// Its durable name on the stream, e.g. `members-geography`.
    pub name: &'static str,
    /// The service whose events it reads.
    pub source: &'static str,
    /// The consuming service's schema (its inbox).
    pub schema: &'static str,
    pub pool: PgPool,
    pub naming: Naming,
    pub jetstream: jetstream::Context,
    pub handler: H,
}

impl<H: Handler> Consumer<H> {
    /// The consumer `name` of `source`'s events, applying them with `handler` into `service`'s schema.
    pub fn of(
        name: &'static str,
        source: &'static str,
        service: &crate::service::ServiceInfo,
        pool: PgPool,
        naming: Naming,
        nats: async_nats::Client,
        handler: H,
    ) -> Self {
        Consumer {
            name,
            source,
            schema: service.schema,
            pool,
            naming,
            jetstream: jetstream::new(nats),
            handler,
        }
    }

    /// Consumes until `shutdown` resolves.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send) -> Result<()> {
        crate::nats::ensure_stream(&self.jetstream, &self.naming, self.source).await?;
        let stream = self
            .jetstream
            .get_stream(self.naming.stream(self.source))
            .await
            .with_context(|| format!("the {} stream", self.source))?;
        let consumer = stream
            .get_or_create_consumer(
                self.name,
                pull::Config {
                    durable_name: Some(self.name.into()),
                    filter_subject: self.naming.service_wildcard(self.source),
                    ack_policy: jetstream::consumer::AckPolicy::Explicit,
                    ..Default::default()
                },
            )
            .await
            .with_context(|| format!("cannot create the consumer {}", self.name))?;
        let mut messages = consumer
            .messages()
            .await
            .with_context(|| format!("cannot read {} events", self.source))?;
        let mut prune = tokio::time::interval(Duration::from_secs(3600));
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                _ = &mut shutdown => return Ok(()),
                _ = prune.tick() => self.prune().await,
                next = messages.next() => match next {
                    None => anyhow::bail!("the {} event stream ended", self.source),
                    Some(Err(e)) => {
                        tracing::warn!(error = %e, consumer = self.name, "reading events failed; retrying");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                    Some(Ok(message)) => {
                        // The events already received wait for no one: they join this one.
                        let mut batch = vec![message];
                        while batch.len() < BATCH {
                            match messages.next().now_or_never() {
                                Some(Some(Ok(message))) => batch.push(message),
                                Some(Some(Err(e))) => {
                                    tracing::warn!(error = %e, consumer = self.name, "reading events failed; retrying");
                                    break;
                                }
                                _ => break,
                            }
                        }
                        self.handle_batch(batch).await
                    }
                },
            }
        }
    }

    /// Applies `batch` in one transaction and acknowledges each event after the commit; if that fails,
    /// applies each event on its own.
    async fn handle_batch(&self, batch: Vec<jetstream::Message>) {
        let events: Vec<Received> = batch.iter().map(|m| self.received(m)).collect();
        if events.len() > 1 {
            match self.apply_together(&events).await {
                Ok(()) => {
                    for (message, event) in batch.iter().zip(&events) {
                        self.acknowledge(message, Ok(())).instrument(event.span.clone()).await;
                    }
                    return;
                }
                Err(e) => tracing::warn!(error = %e, consumer = self.name, events = events.len(),
                    "events applied together failed; each is applied on its own"),
            }
        }
        for (message, event) in batch.iter().zip(&events) {
            async {
                let applied = self.apply_once(event.id, &event.subject, &event.payload).await;
                self.acknowledge(message, applied).await
            }
            .instrument(event.span.clone())
            .await
        }
    }

    /// What an event says of itself: its id, its subject without the instance prefix, and the span of its
    /// processing, continuing the trace of the change that made it.
    fn received(&self, message: &jetstream::Message) -> Received {
        let subject = message.subject.to_string();
        let headers: HashMap<String, String> = message
            .headers
            .iter()
            .flat_map(|h| h.iter())
            .filter_map(|(k, v)| v.first().map(|v| (k.to_string(), v.as_str().to_string())))
            .collect();
        let span = tracing::info_span!("nats.process", otel.name = %format!("{subject} process"), otel.kind = "consumer",
            messaging.system = "nats", messaging.destination.name = %subject, messaging.consumer.group.name = self.name);
        let _ = span.set_parent(global::get_text_map_propagator(|p| p.extract(&headers)));
        Received {
            id: headers.get("Nats-Msg-Id").and_then(|id| uuid::Uuid::parse_str(id).ok()),
            subject: subject
                .strip_prefix(&format!("{}.", self.naming.prefix()))
                .unwrap_or(&subject)
                .to_string(),
            payload: message.payload.clone(),
            span,
        }
    }

    /// Acknowledges an event applied, or has it offered again a second later.
    async fn acknowledge(&self, message: &jetstream::Message, applied: Result<(), ServiceError>) {
        let ack = match applied {
            Ok(()) => message.ack().await,
            Err(e) => {
                tracing::warn!(error = %e, consumer = self.name, "event not applied; offered again");
                message.ack_with(AckKind::Nak(Some(Duration::from_secs(1)))).await
            }
        };
        if let Err(e) = ack {
            tracing::warn!(error = %e, consumer = self.name, "acknowledging an event failed");
        }
    }

    /// Applies the events in order in one transaction, each unless its id is already in the inbox.
    async fn apply_together(&self, events: &[Received]) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        for event in events {
            self.apply_in(&mut tx, event.id, &event.subject, &event.payload)
                .instrument(event.span.clone())
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Applies the event unless its id is already in the inbox, in one transaction with its record.
    pub async fn apply_once(
        &self,
        event_id: Option<uuid::Uuid>,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        self.apply_in(&mut tx, event_id, subject, payload).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records the event's id in the inbox and applies it in `tx`; nothing if the id was there already.
    async fn apply_in(
        &self,
        tx: &mut PgConnection,
        event_id: Option<uuid::Uuid>,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        match event_id {
            Some(id) => {
                let first_time = sqlx::query(AssertSqlSafe(format!(
                    "INSERT INTO {}.inbox (event_id, consumer) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                    self.schema
                )))
                .bind(id)
                .bind(self.name)
                .execute(&mut *tx)
                .await?
                .rows_affected()
                    == 1;
                if !first_time {
                    tracing::debug!(%id, "event already applied");
                    return Ok(());
                }
            }
            // Every event of the product's outbox has an id; one without is applied as it is.
            None => tracing::warn!(subject, "event without an id: applied without de-duplication"),
        }
        self.handler.apply(tx, subject, payload).await
    }

    /// Forgets event ids older than any redelivery.
    async fn prune(&self) {
        let sql = format!(
            "DELETE FROM {}.inbox WHERE consumer = $1 AND received_at < now() - interval '{INBOX_KEEP}'",
            self.schema
        );
        if let Err(e) = sqlx::query(AssertSqlSafe(sql)).bind(self.name).execute(&self.pool).await {
            tracing::warn!(error = %e, consumer = self.name, "pruning the inbox failed");
        }
    }
}
