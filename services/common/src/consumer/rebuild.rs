//! A consumer that missed events rebuilds its projection from the owning service.
//!
//! Whether events were missed is told by positions: the inbox keeps the place in the stream of every
//! event applied, and the stream says the first it still holds. If that first one is past the event
//! after the last applied, events between were dropped unapplied (the stream's age or size limit, while
//! this consumer was stopped or failing; or before it first ran). Read in that order (the stream first,
//! then the inbox), the comparison cannot take an event applied meanwhile for a missed one. It is made
//! when the consumer starts, and before applying a batch that does not follow the last event this
//! process applied (after an outage, say; with replicas, whose events go to either, most batches).
//!
//! The rebuild asks the owning service for every record it holds, page by page (`common::replay`), and
//! applies each page in one transaction through the consumer's own handler, as events at the stream's
//! last position when the rebuild began: every event up to it was committed by its owner before the page
//! was read, so the page already holds its change, and a projection that keeps positions refuses it
//! when it comes (the stream may still hold some). The records of the page's range the owner no longer
//! holds are forgotten (`Handler::forget_others`). The last page records that position in the inbox, so
//! a rebuild stopped half way (a restart, an outage) is started again from the beginning, and a finished
//! one is not.
//!
//! Replicas of a consumer share its durable consumer: one rebuilds at a time (a session advisory lock,
//! the others find nothing missed once it is done), and while a page is applied the events of the other
//! replicas wait (each transaction of events holds the consumer's lock shared, a page's holds it alone),
//! so that a record the owner made after the page was read is not forgotten by the page.

use super::{APPLYING, Consumer, Handler, POSITION};
use crate::error::ServiceError;
use crate::replay::{self, PageRequest};
use anyhow::{Context, Result};
use async_nats::jetstream;
use sqlx::{AssertSqlSafe, Postgres, Transaction};
use std::time::Duration;

impl<H: Handler> Consumer<H> {
    /// A transaction that applies events: it holds the consumer's lock shared, so that no page of a
    /// rebuild (on another replica) is applied meanwhile.
    pub(super) async fn begin(&self) -> Result<Transaction<'static, Postgres>, ServiceError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock_shared(hashtext($1))")
            .bind(self.lock_name())
            .execute(&mut *tx)
            .await?;
        Ok(tx)
    }

    fn lock_name(&self) -> String {
        format!("{}.consumer.{}", self.schema, self.name)
    }

    /// Makes up for the events this consumer missed, if any, when it starts: retried until it is done
    /// (nothing may be applied before), every failure logged. Answers the last position applied.
    pub(super) async fn catch_up(&self, stream: &jetstream::stream::Stream) -> u64 {
        let mut wait = Duration::from_millis(500);
        loop {
            let checked = async {
                self.rebuild_if_missed(stream).await?;
                self.last_applied().await
            };
            match checked.await {
                Ok(last) => return last.map_or(0, |p| p.max(0) as u64),
                Err(e) => tracing::error!(error = %format!("{e:#}"), consumer = self.name,
                    "rebuilding the projection failed; trying again"),
            }
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(Duration::from_secs(10));
        }
    }

    /// The stream's last position when events after this consumer's last one are no longer in the
    /// stream; `None` when it missed nothing.
    async fn missed(&self, stream: &jetstream::stream::Stream) -> Result<Option<u64>> {
        let state = stream.get_info().await.context("the stream's state")?.state;
        let next = self.last_applied().await?.map_or(1, |p| p.max(0) as u64 + 1);
        Ok((state.first_sequence > next).then_some(state.last_sequence))
    }

    /// The last position any replica of this consumer applied, from its inbox.
    async fn last_applied(&self) -> Result<Option<i64>> {
        let last = sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT max(position) FROM {}.inbox WHERE consumer = $1",
            self.schema
        )))
        .bind(self.name)
        .fetch_one(&self.pool)
        .await?;
        Ok(last)
    }

    /// Rebuilds the projection if events after its last position are gone from the stream.
    pub(super) async fn rebuild_if_missed(&self, stream: &jetstream::stream::Stream) -> Result<()> {
        if self.missed(stream).await?.is_none() {
            return Ok(());
        }
        // One replica rebuilds; the lock goes with the connection, closed when this ends however it ends.
        let mut alone = self.pool.acquire().await?.detach();
        sqlx::query("SELECT pg_advisory_lock(hashtext($1))")
            .bind(format!("{}.rebuild", self.lock_name()))
            .execute(&mut alone)
            .await?;
        // Another replica may have rebuilt it while this one waited.
        let Some(through) = self.missed(stream).await? else { return Ok(()) };
        self.rebuild(through).await
    }

    /// Applies every record of the owning service as events at position `through`, page by page.
    async fn rebuild(&self, through: u64) -> Result<()> {
        let started = std::time::Instant::now();
        tracing::warn!(
            consumer = self.name,
            source = self.source,
            through,
            "events were dropped from the stream before this consumer applied them: rebuilding its projection from the owning service"
        );
        metrics::counter!("sesame_consumer_rebuilds_total", "consumer" => self.name).increment(1);
        let nats = self.jetstream.client();
        let mut request = PageRequest::default();
        let mut records = 0;
        loop {
            let page = loop {
                match replay::ask(&nats, &self.naming, self.source, &request).await? {
                    Some(page) => break page,
                    None => tokio::time::sleep(Duration::from_secs(1)).await,
                }
            };
            let mut tx = self.pool.begin().await?;
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                .bind(self.lock_name())
                .execute(&mut *tx)
                .await?;
            for event in &page.events {
                let payload = serde_json::to_vec(&event.payload)?;
                let apply = POSITION
                    .scope(Some(through), self.handler.apply(&mut tx, &event.subject, &payload));
                APPLYING
                    .scope(self.name, apply)
                    .await
                    .with_context(|| format!("{} {} told again", event.subject, event.id))?;
            }
            let forget = POSITION.scope(
                Some(through),
                self.handler.forget_others(&mut tx, &page.entity, page.range, &page.ids),
            );
            APPLYING
                .scope(self.name, forget)
                .await
                .with_context(|| format!("forgetting the {} deleted", page.entity))?;
            records += page.ids.len();
            if page.next.is_none() {
                sqlx::query(AssertSqlSafe(format!(
                    "INSERT INTO {}.inbox (event_id, consumer, position) VALUES ($1, $2, $3)",
                    self.schema
                )))
                .bind(uuid::Uuid::now_v7())
                .bind(self.name)
                .bind(i64::try_from(through).unwrap_or(i64::MAX))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            match page.next {
                Some(next) => request = next,
                None => break,
            }
        }
        tracing::warn!(
            consumer = self.name,
            source = self.source,
            records,
            seconds = started.elapsed().as_secs_f64(),
            "projection rebuilt from the owning service"
        );
        Ok(())
    }
}
