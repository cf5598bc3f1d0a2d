//! Keeps the geography projection up to date: a durable JetStream consumer of the geography's events.
//! Each event is applied, then acknowledged; one that fails is offered again a second later, so a
//! database outage delays the projection but loses nothing.

use crate::store::{GeographyEvent, Store};
use anyhow::{Context, Result};
use async_nats::jetstream::{self, AckKind, consumer::pull};
use common::nats::Naming;
use futures::StreamExt;
use opentelemetry::global;
use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;
use tracing::Instrument;
use tracing_opentelemetry::OpenTelemetrySpanExt;

const CONSUMER: &str = "members-geography";

pub struct GeographyProjection {
    pub store: Store,
    pub naming: Naming,
    pub jetstream: jetstream::Context,
}

impl GeographyProjection {
    /// Consumes until `shutdown` resolves.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send) -> Result<()> {
        common::nats::ensure_stream(&self.jetstream, &self.naming, "geography").await?;
        let stream = self
            .jetstream
            .get_stream(self.naming.stream("geography"))
            .await
            .context("the geography stream")?;
        let consumer = stream
            .get_or_create_consumer(
                CONSUMER,
                pull::Config {
                    durable_name: Some(CONSUMER.into()),
                    filter_subject: self.naming.service_wildcard("geography"),
                    ack_policy: jetstream::consumer::AckPolicy::Explicit,
                    ..Default::default()
                },
            )
            .await
            .context("cannot create the members' consumer of geography events")?;
        let mut messages = consumer.messages().await.context("cannot read geography events")?;
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                _ = &mut shutdown => return Ok(()),
                next = messages.next() => match next {
                    None => anyhow::bail!("the geography event stream ended"),
                    Some(Err(e)) => {
                        tracing::warn!(error = %e, "reading geography events failed; retrying");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                    Some(Ok(message)) => self.handle(message).await,
                },
            }
        }
    }

    async fn handle(&self, message: jetstream::Message) {
        let subject = message.subject.to_string();
        let carrier: HashMap<String, String> = message
            .headers
            .iter()
            .flat_map(|h| h.iter())
            .filter_map(|(k, v)| v.first().map(|v| (k.to_string(), v.as_str().to_string())))
            .collect();
        let span = tracing::info_span!("nats.process", otel.name = %format!("{subject} process"), otel.kind = "consumer",
            messaging.system = "nats", messaging.destination.name = %subject);
        let _ = span.set_parent(global::get_text_map_propagator(|p| p.extract(&carrier)));
        async {
            let applied = match serde_json::from_slice::<serde_json::Value>(&message.payload) {
                Err(e) => {
                    // An unreadable event will never become readable: drop it, loudly.
                    tracing::error!(error = %e, "unreadable geography event dropped");
                    Ok(())
                }
                Ok(payload) => match GeographyEvent::parse(&subject, &payload) {
                    None => Ok(()),
                    Some(event) => self.store.apply_geography(&event).await,
                },
            };
            let ack = match applied {
                Ok(()) => message.ack().await,
                Err(e) => {
                    tracing::warn!(error = %e, "geography event not applied; offered again");
                    message.ack_with(AckKind::Nak(Some(Duration::from_secs(1)))).await
                }
            };
            if let Err(e) = ack {
                tracing::warn!(error = %e, "acknowledging a geography event failed");
            }
        }
        .instrument(span)
        .await
    }
}
