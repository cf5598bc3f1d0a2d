//! What the whole product needs to know of a service, declared once by the service itself: its name,
//! its schema and migrations, and whether it publishes events. The suite, `suite migrate`, the tests'
//! template database and the benchmarks iterate one list of these (`suite::SERVICES`), so a service
//! cannot be migrated in one place and forgotten in another.

use crate::nats::Naming;
use sqlx::migrate::Migrator;

pub struct ServiceInfo {
    /// The service's name: its NATS stream and subjects (`<prefix>.<name>.<entity>.<verb>`), its logs.
    pub name: &'static str,
    /// The PostgreSQL schema that holds its tables (and its outbox).
    pub schema: &'static str,
    /// Its migrations.
    pub migrator: fn() -> Migrator,
    /// Whether it publishes events (then it has a JetStream stream of its own).
    pub publishes_events: bool,
}

/// A service run on its own, one Kubernetes Deployment: telemetry under the service's name, `<service>
/// migrate` (the build migrates; the command then stops), NATS and this instance's naming, the gRPC
/// listener on `GRPC_ADDR`, and the parts (server, relay, consumers) that run until a signal.
pub struct Standalone {
    pub info: &'static ServiceInfo,
    parts: crate::shutdown::Parts,
    telemetry: crate::telemetry::TelemetryGuard,
}

impl Standalone {
    /// Starts telemetry; call first, so that start-up is logged.
    pub fn init(info: &'static ServiceInfo) -> anyhow::Result<Self> {
        let telemetry = crate::telemetry::init(info.name)?;
        Ok(Standalone { info, parts: crate::shutdown::Parts::default(), telemetry })
    }

    /// Whether the command is `<service> migrate`: the build has migrated, nothing is to be served.
    pub fn migrate_only(&self) -> bool {
        let asked = std::env::args().nth(1).as_deref() == Some("migrate");
        if asked {
            tracing::info!(service = self.info.name, "migrations applied");
        }
        asked
    }

    /// NATS (`NATS_URL`) and this instance's names on it (`NATS_PREFIX`, by default from the database).
    pub async fn nats(&self, database_url: &str) -> anyhow::Result<(async_nats::Client, Naming)> {
        let nats = crate::nats::connect(&crate::config::env_or(
            "NATS_URL",
            crate::config::DEFAULT_NATS_URL,
        ))
        .await?;
        Ok((nats, Naming::from_env(database_url)))
    }

    /// Checks callers' tokens with the public keys of the auth service at `AUTH_GRPC_URL` (default
    /// `http://auth:50051`), fetched at start and every five minutes.
    pub fn verifier(&self) -> anyhow::Result<crate::identity::Verifier> {
        let url = crate::config::env_or("AUTH_GRPC_URL", "http://auth:50051");
        Ok(crate::identity::Verifier::from_auth(crate::grpc::channel(&url)?))
    }

    /// Resolves when the parts are told to stop: what each part is given to finish on.
    pub fn stopped(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        self.parts.stopped()
    }

    /// Runs `part` beside the others (a relay, a consumer).
    pub fn spawn(
        &mut self,
        part: impl std::future::Future<Output = anyhow::Result<()>> + Send + 'static,
    ) {
        self.parts.spawn(part);
    }

    /// Serves gRPC on `GRPC_ADDR` (default `0.0.0.0:50051`) with `serve`, until Ctrl-C or SIGTERM (or
    /// until a part fails); then stops every part and flushes the traces.
    pub async fn serve<F, Fut>(mut self, serve: F) -> anyhow::Result<()>
    where
        F: FnOnce(tokio::net::TcpListener, crate::shutdown::Stopped) -> Fut,
        Fut: std::future::Future<Output = anyhow::Result<()>> + Send + 'static,
    {
        let (listener, addr) =
            crate::grpc::bind(&crate::config::env_or("GRPC_ADDR", "0.0.0.0:50051")).await?;
        tracing::info!(%addr, service = self.info.name, "listening");
        let stopped = Box::pin(self.parts.stopped());
        self.parts.spawn(serve(listener, stopped));
        let outcome = self.parts.run_until_signal().await;
        self.telemetry.shutdown();
        outcome
    }
}
