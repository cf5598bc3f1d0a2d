//! Keeps the geography projection up to date from the geography's events, through the product's one
//! durable consumer (`common::consumer`): each event is applied in a transaction that also records its
//! id, and acknowledged after the commit, so a redelivered event changes nothing and a failed one is
//! offered again.

use crate::store::{GeographyEvent, apply_geography};
use common::consumer::Handler;
use common::error::ServiceError;
use sqlx::PgConnection;

/// The durable name of the members' consumer of geography events.
pub const CONSUMER: &str = "members-geography";

pub struct GeographyProjection;

impl Handler for GeographyProjection {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        let payload: serde_json::Value = match serde_json::from_slice(payload) {
            Ok(payload) => payload,
            Err(e) => {
                // An unreadable event will never become readable: drop it, loudly.
                tracing::error!(error = %e, subject, "unreadable geography event dropped");
                return Ok(());
            }
        };
        match GeographyEvent::parse(subject, &payload) {
            Some(event) => apply_geography(tx, &event).await,
            None => Ok(()),
        }
    }
}
