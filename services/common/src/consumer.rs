//! The one durable consumer of another service's events. Each event is applied in a transaction of the
//! consuming service, which also records the event's id (its `Nats-Msg-Id`, the outbox id) in that
//! service's `inbox` table; the event is acknowledged only after the transaction committed. So:
//! - an event whose effect failed is offered again a second later (a database outage delays, loses
//!   nothing);
//! - an event delivered twice (a lost acknowledgement, a restarted consumer) changes nothing the second
//!   time, even if a later event was applied in between.
//!
//! Under load, the events already waiting (up to `BATCH`) are applied together, in one transaction, in
//! order: one commit for all of them instead of one each, their ids recorded in one statement, and the
//! handler given them all (`Handler::apply_all`: a run of like events may be applied in one statement).
//! If any of them fails, that transaction is rolled back and each is applied again on its own, so one
//! bad event holds back no other.
//!
//! An event that cannot be read (`read_event`, `unreadable`) will never become readable: offered again,
//! it would be offered forever. Its handler answers `Ok`, so it is acknowledged unapplied; it is logged
//! at error level with its subject and cause, and counted against its consumer (`unreadable_count`).
//!
//! Each event is applied knowing its place in its stream (`position`, JetStream's stream sequence): a
//! projection that keeps it beside a record can refuse an event older than the one it already applied
//! (an event offered again after a failure, while later ones went through).
//!
//! A stream keeps its events only so long (`nats::StreamLimits`). A consumer that fell further behind, or
//! that first runs after its stream's first events were dropped, would miss events for good: when it
//! starts, and before a batch that does not follow the last event it applied, it compares its last
//! applied position with the first its stream still holds, and if events between are gone it rebuilds
//! its projection from the owning service before it applies another event (`rebuild`,
//! `common::replay`).
//!
//! Each consuming schema has its inbox, where an id is recorded once per consumer (two consumers of one
//! schema may read the same stream), with the event's position in its stream:
//!
//! ```sql
//! CREATE TABLE <schema>.inbox (
//!     event_id    uuid NOT NULL,
//!     consumer    text NOT NULL,
//!     received_at timestamptz NOT NULL DEFAULT now(),
//!     position    bigint,
//!     PRIMARY KEY (consumer, event_id)
//! );
//! CREATE INDEX inbox_position_idx ON <schema>.inbox (consumer, position) WHERE position IS NOT NULL;
//! ```

use crate::error::ServiceError;
use crate::nats::Naming;
pub use crate::replay::IdRange;
use anyhow::{Context, Result};
use async_nats::jetstream::{self, AckKind, consumer::pull};
use futures::FutureExt;
use opentelemetry::global;
use sqlx::{AssertSqlSafe, PgConnection, PgPool};
use std::collections::{HashMap, HashSet};
use std::fmt::Display;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;
use tokio_stream::StreamExt;
use tracing::Instrument;
use tracing_opentelemetry::OpenTelemetrySpanExt;

mod rebuild;

/// How long an event id is kept in the inbox: far beyond any redelivery (JetStream's own duplicate
/// window is two minutes).
const INBOX_KEEP: &str = "7 days";

/// The most events applied in one transaction: as many as one pull of the consumer brings (async-nats
/// asks JetStream for 200 at a time). A laptop's members and photos arrive by the thousand; a
/// transaction's own costs (its commit, its inbox statement, a statement for each run of like events)
/// are then paid once for up to 200 of them (docs/performance.md, 2026-11-29 06:10 UTC).
const BATCH: usize = 200;

/// How long JetStream waits for an event's acknowledgement before offering it again: how long the
/// events a replica killed mid-way had received wait before the other replica applies them. A batch
/// that takes longer says it is still at work, so that it is not offered again meanwhile.
const ACK_WAIT: Duration = Duration::from_secs(8);

/// What a consumer does with each event.
pub trait Handler: Send + Sync + 'static {
    /// Applies one event in `tx` (the caller commits). `subject` has no instance prefix
    /// (`geography.locality.created`). An event the handler does not use is simply `Ok`; one it cannot
    /// read is `unreadable` (logged, counted), then `Ok`.
    fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> impl Future<Output = Result<(), ServiceError>> + Send;

    /// Applies `events`, in their order, in `tx` (the caller commits): by default each with `apply`, its
    /// position known there (`position()`). A handler that can apply a run of like events in one
    /// statement does so here (a laptop's members arrive as thousands of `MemberSaved`), leaving
    /// what applying each in turn would have left.
    fn apply_all(
        &self,
        tx: &mut PgConnection,
        events: &[Event<'_>],
    ) -> impl Future<Output = Result<(), ServiceError>> + Send {
        async move {
            for event in events {
                POSITION
                    .scope(event.position, self.apply(&mut *tx, event.subject, event.payload))
                    .instrument(event.span.clone())
                    .await?;
            }
            Ok(())
        }
    }

    /// Forgets what the projection keeps of `entity` (a kind of its source's records: `member`,
    /// `locality`, `common::replay::entities`) with an id in `range` that is not in `kept`: the records
    /// the owning service no longer holds, deleted while this consumer was behind (`rebuild`). Each is
    /// deleted as its deletion's event would delete it (`not_kept` finds them). An entity the projection
    /// does not keep is `Ok`.
    fn forget_others(
        &self,
        tx: &mut PgConnection,
        entity: &str,
        range: IdRange,
        kept: &[i64],
    ) -> impl Future<Output = Result<(), ServiceError>> + Send;
}

/// An event as its handler applies it: not applied before (its id was recorded in the inbox just now).
pub struct Event<'a> {
    /// Without the instance prefix (`members.member.photos_changed`).
    pub subject: &'a str,
    pub payload: &'a [u8],
    /// Its place in its stream (`position()`), when known.
    pub position: Option<u64>,
    /// The span of its processing, continuing the trace of the change that made it.
    pub span: &'a tracing::Span,
}

/// The ids in `table` (its `id_column`) within `range` that are not in `kept`: what a projection keeps and
/// its owner no longer holds (`Handler::forget_others`). `table` and `id_column` are the caller's
/// constants.
pub async fn not_kept(
    tx: &mut PgConnection,
    table: &str,
    id_column: &str,
    range: IdRange,
    kept: &[i64],
) -> Result<Vec<i64>, ServiceError> {
    let ids = sqlx::query_scalar(AssertSqlSafe(format!(
        "SELECT {id_column} FROM {table} WHERE {id_column} > $1
           AND ($2::bigint IS NULL OR {id_column} <= $2) AND NOT ({id_column} = ANY($3))
         ORDER BY {id_column}"
    )))
    .bind(range.after)
    .bind(range.upto)
    .bind(kept)
    .fetch_all(&mut *tx)
    .await?;
    Ok(ids)
}

/// An event's payload read as its proto message (`events.proto`), or `None` for one that cannot be read:
/// it is then `unreadable` (logged and counted) and its handler answers `Ok`, so that it is acknowledged
/// rather than offered forever (it will never become readable).
pub fn read_event<T: serde::de::DeserializeOwned>(subject: &str, payload: &[u8]) -> Option<T> {
    serde_json::from_slice(payload).inspect_err(|e| unreadable(subject, e)).ok()
}

/// Logs at error level and counts an event its handler cannot apply: unreadable JSON (`read_event`), or
/// an event read without the record or the ids it must carry. Such an event will never become readable:
/// offered again, it would come back forever and hold its consumer's inbox to no end. So the handler
/// answers `Ok` and the event is acknowledged without effect; this log and its consumer's count
/// (`unreadable_count`) are what is left of it, never a silent drop.
pub fn unreadable(subject: &str, cause: impl Display) {
    let consumer = APPLYING.try_with(|name| *name).unwrap_or(NO_CONSUMER);
    unreadable_counter(consumer).fetch_add(1, Ordering::Relaxed);
    tracing::error!(consumer, subject, cause = %cause, "unreadable event acknowledged without effect");
}

/// How many unreadable events the consumer `name` has acknowledged without effect since the process
/// started (every consumer of that name in the process: the tests run several suites in one).
pub fn unreadable_count(name: &str) -> u64 {
    unreadable_counter(name).load(Ordering::Relaxed)
}

/// Runs `read` as the consumer `name` applying an event, so that what `read_event` and `unreadable` meet
/// there counts against `name`: `Consumer` runs every `Handler::apply` so (asynchronously); a test of a
/// handler's reading may too.
pub fn reading_as<R>(name: &'static str, read: impl FnOnce() -> R) -> R {
    APPLYING.sync_scope(name, read)
}

tokio::task_local! {
    /// The consumer whose handler is applying an event.
    static APPLYING: &'static str;
    /// The stream sequence of the event being applied, when known.
    static POSITION: Option<u64>;
}

/// The place in its stream of the event a handler is applying (JetStream's stream sequence: the order
/// its publisher's outbox wrote the events in, and so, for one record, the order of its changes); `None`
/// outside a consumer, or for an event applied without it (`Consumer::apply_once`). A redelivered event
/// keeps its position.
pub fn position() -> Option<u64> {
    POSITION.try_with(|position| *position).ok().flatten()
}

/// A stream position as PostgreSQL's bigint.
fn bind_position(position: u64) -> i64 {
    i64::try_from(position).unwrap_or(i64::MAX)
}

/// Where an unreadable event met outside any consumer is counted.
const NO_CONSUMER: &str = "";

/// One counter of unreadable events per consumer name.
static UNREADABLE: LazyLock<Mutex<HashMap<String, Arc<AtomicU64>>>> =
    LazyLock::new(Default::default);

fn unreadable_counter(name: &str) -> Arc<AtomicU64> {
    let mut counters = UNREADABLE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    match counters.get(name) {
        Some(counter) => counter.clone(),
        None => counters.entry(name.to_string()).or_default().clone(),
    }
}

/// An event received, read once for its application and its acknowledgement.
struct Received {
    id: Option<uuid::Uuid>,
    position: Option<u64>,
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
        let config = pull::Config {
            durable_name: Some(self.name.into()),
            filter_subject: self.naming.service_wildcard(self.source),
            ack_policy: jetstream::consumer::AckPolicy::Explicit,
            ack_wait: ACK_WAIT,
            ..Default::default()
        };
        let mut consumer = stream
            .get_or_create_consumer(self.name, config.clone())
            .await
            .with_context(|| format!("cannot create the consumer {}", self.name))?;
        if consumer.cached_info().config.ack_wait != ACK_WAIT {
            // Made by an earlier version: brought to this one's wait where the server can (NATS 2.10).
            match stream.create_consumer(config).await {
                Ok(updated) => consumer = updated,
                Err(e) => tracing::info!(error = %e, consumer = self.name,
                    "the consumer keeps the acknowledgement wait it was made with"),
            }
        }
        tokio::pin!(shutdown);
        // Nothing is applied before the events this consumer missed, if any, are made up for.
        let mut last = tokio::select! {
            _ = &mut shutdown => return Ok(()),
            last = self.catch_up(&stream) => last,
        };
        let mut messages = consumer
            .messages()
            .await
            .with_context(|| format!("cannot read {} events", self.source))?;
        let mut prune = tokio::time::interval(Duration::from_secs(3600));
        let mut lag = tokio::time::interval(crate::metrics::SAMPLE_EVERY);
        loop {
            tokio::select! {
                _ = &mut shutdown => return Ok(()),
                _ = prune.tick() => self.prune().await,
                _ = lag.tick(), if crate::metrics::served() => match consumer.info().await {
                    // Not yet delivered, and delivered but not yet acknowledged: what it has to catch up.
                    Ok(info) => metrics::gauge!("sesame_consumer_pending", "consumer" => self.name)
                        .set((info.num_pending + info.num_ack_pending as u64) as f64),
                    Err(e) => tracing::debug!(error = %e, consumer = self.name, "the consumer's lag is unknown"),
                },
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
                        self.handle_batch(batch, &stream, &mut last).await
                    }
                },
            }
        }
    }

    /// Applies `batch` in one transaction and acknowledges each event after the commit; if that fails,
    /// applies each event on its own. An event further on in the stream than the one after `last` (the
    /// last this process applied) may follow events dropped unapplied: the batch waits until that is
    /// checked, and the projection rebuilt if so (`rebuild`); until then its events are offered again.
    async fn handle_batch(
        &self,
        batch: Vec<jetstream::Message>,
        stream: &jetstream::stream::Stream,
        last: &mut u64,
    ) {
        let work = self.apply_batch(&batch, stream, last);
        tokio::pin!(work);
        let mut still_at_work = tokio::time::interval(ACK_WAIT / 3);
        still_at_work.tick().await;
        loop {
            tokio::select! {
                () = &mut work => return,
                _ = still_at_work.tick() => for message in &batch {
                    if let Err(e) = message.ack_with(AckKind::Progress).await {
                        tracing::debug!(error = %e, consumer = self.name, "saying an event is at work failed");
                    }
                },
            }
        }
    }

    /// `handle_batch`'s work.
    async fn apply_batch(
        &self,
        batch: &[jetstream::Message],
        stream: &jetstream::stream::Stream,
        last: &mut u64,
    ) {
        let events: Vec<Received> = batch.iter().map(|m| self.received(m)).collect();
        let first = events.iter().filter_map(|e| e.position).min().unwrap_or(0);
        let unsure =
            if first > *last + 1 { self.rebuild_if_missed(stream).await.err() } else { None };
        if let Some(e) = unsure {
            tracing::warn!(error = %format!("{e:#}"), consumer = self.name,
                "whether events were missed is not known; the events are offered again");
            for message in batch {
                self.acknowledge(message, Err(ServiceError::Unavailable(e.to_string()))).await;
            }
            return;
        }
        *last = (*last).max(events.iter().filter_map(|e| e.position).max().unwrap_or(0));
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
                let applied = self
                    .apply_once_at(event.id, event.position, &event.subject, &event.payload)
                    .await;
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
        // The consuming service's schema bears its name.
        let span = tracing::info_span!("nats.process", otel.name = %format!("{subject} process"), otel.kind = "consumer",
            messaging.system = "nats", messaging.destination.name = %subject, messaging.consumer.group.name = self.name,
            sesame.service = self.schema);
        let _ = span.set_parent(global::get_text_map_propagator(|p| p.extract(&headers)));
        Received {
            id: headers.get("Nats-Msg-Id").and_then(|id| uuid::Uuid::parse_str(id).ok()),
            position: message.info().ok().map(|info| info.stream_sequence),
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
        let outcome = if applied.is_ok() { "applied" } else { "retried" };
        metrics::counter!("sesame_consumer_events_total", "consumer" => self.name, "outcome" => outcome)
            .increment(1);
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

    /// Applies the events in order in one transaction, each unless its id is already in the inbox. Their
    /// ids are recorded together, in one statement: a round trip an event was a good part of the cost of
    /// applying it (a laptop's 100,000 members and their photos, `make bench-sync`).
    async fn apply_together(&self, events: &[Received]) -> Result<(), ServiceError> {
        let mut tx = self.begin().await?;
        let mut first_time = self.record_in_inbox(&mut tx, events).await?;
        // An id twice in one batch is applied the first time only.
        let fresh: Vec<Event<'_>> = events
            .iter()
            .filter(|event| event.id.is_none_or(|id| first_time.remove(&id)))
            .map(|event| Event {
                subject: &event.subject,
                payload: &event.payload,
                position: event.position,
                span: &event.span,
            })
            .collect();
        if fresh.len() < events.len() {
            tracing::debug!(
                consumer = self.name,
                skipped = events.len() - fresh.len(),
                "events already applied"
            );
        }
        let span =
            tracing::info_span!("consumer.apply_batch", consumer = self.name, events = fresh.len());
        APPLYING.scope(self.name, self.handler.apply_all(&mut tx, &fresh)).instrument(span).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records the ids of `events` in the inbox, in one statement, and answers those recorded now (not
    /// there before). An event without an id is not recorded (`apply_in`).
    async fn record_in_inbox(
        &self,
        tx: &mut PgConnection,
        events: &[Received],
    ) -> Result<HashSet<uuid::Uuid>, ServiceError> {
        let (ids, positions): (Vec<uuid::Uuid>, Vec<Option<i64>>) = events
            .iter()
            .filter_map(|e| e.id.map(|id| (id, e.position.map(bind_position))))
            .unzip();
        if ids.len() < events.len() {
            tracing::warn!(
                consumer = self.name,
                "event without an id: applied without de-duplication"
            );
        }
        // ON CONFLICT DO NOTHING also skips an id met twice in the statement.
        let recorded: Vec<uuid::Uuid> = sqlx::query_scalar(AssertSqlSafe(format!(
            "INSERT INTO {}.inbox (event_id, consumer, position)
             SELECT id, $3, position FROM unnest($1::uuid[], $2::bigint[]) AS e (id, position)
             ON CONFLICT DO NOTHING RETURNING event_id",
            self.schema
        )))
        .bind(&ids)
        .bind(&positions)
        .bind(self.name)
        .fetch_all(&mut *tx)
        .await?;
        Ok(recorded.into_iter().collect())
    }

    /// Applies the event unless its id is already in the inbox, in one transaction with its record.
    pub async fn apply_once(
        &self,
        event_id: Option<uuid::Uuid>,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        self.apply_once_at(event_id, None, subject, payload).await
    }

    /// As `apply_once`, the event at `position` in its stream (`position()` while it is applied).
    pub async fn apply_once_at(
        &self,
        event_id: Option<uuid::Uuid>,
        position: Option<u64>,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        let mut tx = self.begin().await?;
        self.apply_in(&mut tx, event_id, position, subject, payload).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Records the event's id in the inbox and applies it in `tx`; nothing if the id was there already.
    async fn apply_in(
        &self,
        tx: &mut PgConnection,
        event_id: Option<uuid::Uuid>,
        position: Option<u64>,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        match event_id {
            Some(id) => {
                let first_time = sqlx::query(AssertSqlSafe(format!(
                    "INSERT INTO {}.inbox (event_id, consumer, position) VALUES ($1, $2, $3)
                     ON CONFLICT DO NOTHING",
                    self.schema
                )))
                .bind(id)
                .bind(self.name)
                .bind(position.map(bind_position))
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
        let span = tracing::Span::current();
        let event = Event { subject, payload, position, span: &span };
        APPLYING.scope(self.name, self.handler.apply_all(tx, std::slice::from_ref(&event))).await
    }

    /// Forgets event ids older than any redelivery, but for the last position applied (what tells
    /// whether events were missed, `rebuild`).
    async fn prune(&self) {
        let sql = format!(
            "DELETE FROM {0}.inbox WHERE consumer = $1 AND received_at < now() - interval '{INBOX_KEEP}'
               AND position IS DISTINCT FROM (SELECT max(position) FROM {0}.inbox WHERE consumer = $1)",
            self.schema
        );
        if let Err(e) = sqlx::query(AssertSqlSafe(sql)).bind(self.name).execute(&self.pool).await {
            tracing::warn!(error = %e, consumer = self.name, "pruning the inbox failed");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Told {
        #[allow(dead_code)]
        id: i64,
    }

    #[test]
    fn a_handler_knows_the_position_of_the_event_it_applies() {
        assert_eq!(position(), None, "outside a consumer");
        assert_eq!(POSITION.sync_scope(Some(42), position), Some(42));
        assert_eq!(POSITION.sync_scope(None, position), None);
    }

    #[test]
    fn an_unreadable_event_is_counted_against_the_consumer_reading_it() {
        let subject = "test.thing.created";
        let read = reading_as("test-reading", || read_event::<Told>(subject, br#"{"id": 7}"#));
        assert!(read.is_some());
        assert_eq!(unreadable_count("test-reading"), 0, "a readable event counts nothing");

        let read = reading_as("test-reading", || read_event::<Told>(subject, b"not json"));
        assert!(read.is_none());
        let read = reading_as("test-reading", || read_event::<Told>(subject, br#"{"id": "x"}"#));
        assert!(read.is_none());
        reading_as("test-reading", || unreadable(subject, "a thing without its id"));
        assert_eq!(unreadable_count("test-reading"), 3);
        assert_eq!(unreadable_count("test-reading-other"), 0, "each consumer its own count");
    }
}
