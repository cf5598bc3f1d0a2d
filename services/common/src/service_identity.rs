//! The identity of a service's background work (a sync run): no user is behind it, so its calls to other
//! services carry a token of role `service` that the auth service signs for the service, asked with the
//! deployment's service secret (`SERVICE_SECRET`) and asked again before it expires. Services verify it
//! as any token and hold it to the `service` row of the role matrix; the gateway never accepts it (it
//! has no session).

use crate::grpc::TracedChannel;
use proto::auth::ServiceTokenRequest;
use proto::auth::auth_client::AuthClient;
use std::future::Future;
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// Asked again when less than this share of its life is left (a third).
const RENEW_AT_REMAINING: i64 = 3;

#[derive(Clone)]
pub struct ServiceIdentity {
    inner: Arc<Inner>,
}

struct Inner {
    service: &'static str,
    secret: String,
    auth: AuthClient<TracedChannel>,
    /// The current token, when it was issued and when it expires (Unix seconds).
    token: RwLock<Option<Held>>,
    /// One renewal at a time.
    renewing: tokio::sync::Mutex<()>,
}

#[derive(Clone)]
struct Held {
    token: String,
    issued_at: i64,
    expires_at: i64,
}

impl Held {
    /// Whether it still has more than a third of its life.
    fn fresh(&self, now: i64) -> bool {
        (self.expires_at - now) * RENEW_AT_REMAINING > self.expires_at - self.issued_at
    }
}

tokio::task_local! {
    static SERVICE_IDENTITY: ServiceIdentity;
}

impl ServiceIdentity {
    /// The identity of `service`'s work, its tokens asked of `auth` with `secret`.
    pub fn new(service: &'static str, secret: String, auth: AuthClient<TracedChannel>) -> Self {
        let inner = Inner {
            service,
            secret,
            auth,
            token: RwLock::new(None),
            renewing: tokio::sync::Mutex::new(()),
        };
        ServiceIdentity { inner: Arc::new(inner) }
    }

    /// Runs `work` as this service: every gRPC call it makes carries the service's token, renewed in
    /// the background as long as the work lasts. Fails, before the work starts, when auth refuses the
    /// service or cannot be reached.
    pub async fn run<F: Future>(&self, work: F) -> Result<F::Output, tonic::Status> {
        self.renew().await?;
        let work = SERVICE_IDENTITY.scope(self.clone(), work);
        tokio::pin!(work);
        loop {
            tokio::select! {
                output = &mut work => return Ok(output),
                () = tokio::time::sleep(self.renew_in()) => {
                    // Tried again a second later (`renew_in`), the work going on meanwhile.
                    if let Err(status) = self.renew().await {
                        tracing::warn!(service = self.inner.service, error = %status.message(), "service token not renewed");
                    }
                }
            }
        }
    }

    /// The token of the work under way, if it runs as a service (`run`).
    pub(crate) fn current_token() -> Option<String> {
        SERVICE_IDENTITY
            .try_with(|identity| {
                identity.inner.token.read().ok()?.as_ref().map(|h| h.token.clone())
            })
            .ok()
            .flatten()
    }

    /// How long until the token should be asked again.
    fn renew_in(&self) -> Duration {
        let held = self.inner.token.read().ok().and_then(|held| held.clone());
        let Some(held) = held else { return Duration::ZERO };
        let renew_at = held.expires_at - (held.expires_at - held.issued_at) / RENEW_AT_REMAINING;
        let wait = renew_at - chrono::Utc::now().timestamp();
        Duration::from_secs(wait.max(1) as u64)
    }

    /// Asks auth for a new token unless the current one is still fresh.
    async fn renew(&self) -> Result<(), tonic::Status> {
        let fresh = |identity: &Self| {
            let now = chrono::Utc::now().timestamp();
            identity.inner.token.read().ok().and_then(|h| h.clone()).is_some_and(|h| h.fresh(now))
        };
        if fresh(self) {
            return Ok(());
        }
        let _one = self.inner.renewing.lock().await;
        if fresh(self) {
            return Ok(());
        }
        let asked = ServiceTokenRequest {
            service: self.inner.service.to_string(),
            secret: self.inner.secret.clone(),
        };
        let answer = self.inner.auth.clone().service_token(asked).await?.into_inner();
        let held = Held {
            token: answer.token,
            issued_at: chrono::Utc::now().timestamp(),
            expires_at: answer.expires_at,
        };
        if let Ok(mut kept) = self.inner.token.write() {
            *kept = Some(held);
        }
        Ok(())
    }
}
