//! The auth service's events, followed so that a session ended or a login changed through any replica
//! (or at the auth service itself) is forgotten by this gateway's session cache at once, rather than at
//! most `SESSION_CACHE_SECONDS` later. A plain NATS subscription: an event missed while this gateway was
//! disconnected leaves that bound as the fallback.

use crate::session_cache::SessionCache;
use common::nats::Naming;
use futures::StreamExt;
use serde::Deserialize;
use std::future::Future;
use std::sync::Arc;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Told {
    session_id: Option<String>,
    login_id: Option<i64>,
}

/// Forgets the sessions the auth events name, until `shutdown` resolves.
pub async fn follow(
    nats: async_nats::Client,
    naming: Naming,
    sessions: Arc<SessionCache>,
    shutdown: impl Future<Output = ()> + Send,
) -> anyhow::Result<()> {
    let mut events = nats.subscribe(naming.service_wildcard("auth")).await?;
    tokio::pin!(shutdown);
    loop {
        let message = tokio::select! {
            _ = &mut shutdown => return Ok(()),
            message = events.next() => match message {
                Some(message) => message,
                None => return Ok(()),
            },
        };
        match serde_json::from_slice::<Told>(&message.payload) {
            Ok(Told { session_id: Some(sid), .. }) => sessions.forget_session(&sid),
            Ok(Told { login_id: Some(id), .. }) => sessions.forget_login(id),
            Ok(_) => {}
            Err(e) => {
                tracing::warn!(subject = %message.subject, error = %e, "an auth event could not be read")
            }
        }
    }
}
