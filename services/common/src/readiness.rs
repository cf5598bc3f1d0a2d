//! Whether a service can serve: its database answers. `service::start` keeps it, checking the database
//! every second; the gRPC health service says it under the name `database` (`HEALTH_NAME`), which the
//! gateway's `/readyz` asks. While the database does not answer, every call is answered at once
//! `UNAVAILABLE` with `error::DATABASE_UNAVAILABLE` (the layer below), instead of waiting out the pool's
//! 10 s for a connection. The empty name, which the Kubernetes probes ask, keeps saying the process
//! serves: a replica whose database is down stays in its Service, so that a caller gets that French
//! answer at once and it serves again the moment the database is back, without waiting for a probe to
//! readmit it.

use crate::shutdown::Stopped;
use sqlx::{Connection, PgConnection, PgPool};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::watch;

/// The name under which `grpc.health.v1` says whether the service's database answers.
pub const HEALTH_NAME: &str = "database";

/// How often the database is asked, and how long an answer may take.
const EVERY: Duration = Duration::from_secs(1);
const ANSWER_WITHIN: Duration = Duration::from_secs(1);
/// Checks that may go unanswered in time, one after the other, before the database counts as down: on a
/// loaded machine a check's own connection can take longer while the database is up. A refused or
/// broken connection says it is down at once.
const SLOW_CHECKS_TOLERATED: u32 = 3;

/// Whether the database answers `SELECT 1` within `ANSWER_WITHIN`: on an idle connection of the pool, or,
/// when every one is at work, on a connection of its own (a busy pool is no database down: waiting for
/// one of its connections would say so under load, and refuse every call).
async fn answers(pool: &PgPool) -> Result<(), Unanswered> {
    let check = async {
        match pool.try_acquire() {
            Some(mut idle) => sqlx::query("SELECT 1").execute(&mut *idle).await.map(drop),
            None => {
                let mut own = PgConnection::connect_with(&pool.connect_options()).await?;
                let answered = sqlx::query("SELECT 1").execute(&mut own).await.map(drop);
                let _ = own.close().await;
                answered
            }
        }
    };
    match tokio::time::timeout(ANSWER_WITHIN, check).await {
        Ok(answered) => answered.map_err(|e| Unanswered::Failed(e.to_string())),
        Err(_) => Err(Unanswered::Slow),
    }
}

/// Why a check went unanswered.
#[derive(Debug)]
enum Unanswered {
    /// Not within `ANSWER_WITHIN`.
    Slow,
    /// The connection was refused or broken, or the statement failed: the database is down.
    Failed(String),
}

impl std::fmt::Display for Unanswered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unanswered::Slow => {
                write!(f, "no answer within 1 s, {SLOW_CHECKS_TOLERATED} times in a row")
            }
            Unanswered::Failed(cause) => f.write_str(cause),
        }
    }
}

/// Whether the service's database answered its last check.
#[derive(Clone, Debug)]
pub struct Readiness(watch::Receiver<bool>);

impl Readiness {
    /// A service that is always ready (one served alone in a test, with no database to watch).
    pub fn always() -> Readiness {
        Readiness(watch::channel(true).1)
    }

    /// The readiness of `pool`'s database, and the part that checks it until `stopped`.
    pub fn of_database(
        service: &'static str,
        pool: PgPool,
        stopped: Stopped,
    ) -> (Readiness, impl Future<Output = anyhow::Result<()>> + Send + 'static) {
        let (tell, readiness) = watch::channel(true);
        let checking = async move {
            tokio::pin!(stopped);
            let mut slow_in_a_row = 0;
            let mut ticks = tokio::time::interval(EVERY);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = &mut stopped => return Ok(()),
                    _ = ticks.tick() => {}
                }
                let answered = answers(&pool).await;
                let ready = match &answered {
                    Ok(()) => {
                        slow_in_a_row = 0;
                        true
                    }
                    Err(Unanswered::Slow) => {
                        slow_in_a_row += 1;
                        *tell.borrow() && slow_in_a_row <= SLOW_CHECKS_TOLERATED
                    }
                    Err(Unanswered::Failed(_)) => false,
                };
                if ready != *tell.borrow() {
                    match &answered {
                        Ok(_) => tracing::info!(service, "the database answers again: ready"),
                        Err(cause) => {
                            tracing::error!(service, %cause, "the database does not answer: not ready")
                        }
                    }
                    tell.send_replace(ready);
                }
            }
        };
        (Readiness(readiness), checking)
    }

    /// Whether the database answered its last check.
    pub fn ready(&self) -> bool {
        *self.0.borrow()
    }

    /// Resolves at the next change (`None` once nothing checks any more).
    pub async fn changed(&mut self) -> Option<bool> {
        self.0.changed().await.ok()?;
        Some(*self.0.borrow_and_update())
    }
}

/// The layer of `grpc::serve_service` that answers every call but the health service's at once while
/// the database does not answer.
impl<S> tower::Layer<S> for Readiness {
    type Service = Gated<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Gated { readiness: self.clone(), inner }
    }
}

#[derive(Clone)]
pub struct Gated<S> {
    readiness: Readiness,
    inner: S,
}

impl<S, B> tower::Service<http::Request<B>> for Gated<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<tonic::body::Body>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        if !self.readiness.ready() && !request.uri().path().starts_with("/grpc.health.v1.") {
            let refused = tonic::Status::unavailable(crate::error::DATABASE_UNAVAILABLE);
            return Box::pin(async move { Ok(refused.into_http()) });
        }
        Box::pin(self.inner.call(request))
    }
}
