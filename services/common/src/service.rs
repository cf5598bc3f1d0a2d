//! What the whole product needs to know of a service, declared once by the service itself (`INFO`): its
//! name, its schema and migrations, whether it publishes events, the services it calls and those whose
//! events it follows. The suite, `suite migrate`, the tests' template database and the benchmarks iterate
//! one list of these (`suite::SERVICES`); the chart's values, compose and the docs are checked against it
//! (the suite's `service_lists` test). A built service implements `Service`, so the suite and the
//! service's own binary run it the same way (`start`).

use crate::grpc::{Serving, TracedChannel};
use crate::identity::Verifier;
use crate::nats::Naming;
use crate::readiness::Readiness;
use crate::service_identity::ServiceIdentity;
use crate::shutdown::{Parts, Stopped};
use anyhow::{Context, Result};
use sqlx::PgPool;
use sqlx::migrate::Migrator;
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use tokio::net::TcpListener;

pub struct ServiceInfo {
    /// The service's name: its NATS stream and subjects (`<prefix>.<name>.<entity>.<verb>`), its logs,
    /// its proto package (`sesame.<name>.v1`), its chart component and compose container.
    pub name: &'static str,
    /// The PostgreSQL schema that holds its tables (and its outbox).
    pub schema: &'static str,
    /// Its migrations.
    pub migrator: fn() -> Migrator,
    /// Whether it publishes events (then it has a JetStream stream of its own and an outbox relay).
    pub publishes_events: bool,
    /// The services it calls over gRPC, each found at `<NAME>_GRPC_URL` (`Peers`). Every service but
    /// auth checks its callers' tokens with auth's public keys, so calls auth.
    pub calls: &'static [&'static str],
    /// The services whose events it follows, with one durable consumer each.
    pub follows: &'static [&'static str],
}

impl ServiceInfo {
    /// The service's database, ready to use: created if missing, connected with at most
    /// `max_connections`, its schema migrated. Every service's `build` starts here.
    pub async fn database(&self, url: &str, max_connections: u32) -> Result<PgPool> {
        crate::db::ensure_database(url).await?;
        let pool = crate::db::connect(url, max_connections).await?;
        crate::db::migrate(&pool, (self.migrator)(), self.schema).await?;
        Ok(pool)
    }
}

/// A part that runs until it is told to stop: a server, an outbox relay, a consumer.
pub type Part = Pin<Box<dyn Future<Output = Result<()>> + Send + 'static>>;

/// A part beside a service's server (a consumer, a runner), started with what tells it to stop.
pub trait Background: Send {
    fn run(self: Box<Self>, stopped: Stopped) -> Part;
}

impl<H: crate::consumer::Handler> Background for crate::consumer::Consumer<H> {
    fn run(self: Box<Self>, stopped: Stopped) -> Part {
        Box::pin((*self).run(stopped))
    }
}

impl Background for crate::export::Runner {
    fn run(self: Box<Self>, stopped: Stopped) -> Part {
        Box::pin((*self).run(stopped))
    }
}

/// A built service (connected and migrated), ready to run.
pub trait Service: Send + Sized + 'static {
    /// The service's description.
    const INFO: &'static ServiceInfo;

    /// Its database: where its outbox relay reads the events to publish.
    fn pool(&self) -> PgPool;

    /// Its consumers of other services' events (one per service of `INFO.follows`).
    fn consumers(&self, _naming: &Naming, _nats: &async_nats::Client) -> Vec<Box<dyn Background>> {
        Vec::new()
    }

    /// What it tells again to a consumer that rebuilds its projection (`replay`): every service whose
    /// events another follows has one (the suite's `service_lists` test checks it).
    fn replay(&self) -> Option<std::sync::Arc<dyn crate::replay::Source>> {
        None
    }

    /// Its background work besides the consumers, started beside them on every replica: the runner of
    /// its export jobs (`export::Runner`), which claims each job once across replicas.
    fn runners(&self) -> Vec<Box<dyn Background>> {
        Vec::new()
    }

    /// What restores a past version of its records (`history::api::Restorer`); a service without one
    /// answers that its records cannot be restored yet.
    fn restorer(&self) -> Option<std::sync::Arc<dyn crate::history::api::Restorer>> {
        None
    }

    /// The verifier of callers' tokens this service brings itself (auth, which signs them); the others
    /// are given one.
    fn own_verifier(&self) -> Option<Verifier> {
        None
    }

    /// Answers gRPC (its API and `grpc.health.v1`, through `common::grpc::serve_service`) as `serving`
    /// says: on its listener, until its shutdown, to callers whose tokens its verifier accepts.
    fn serve(self, serving: crate::grpc::Serving) -> Part;
}

/// Where the services a service calls answer, by name: `<NAME>_GRPC_URL` (default `http://<name>:50051`,
/// the service's name in Kubernetes and compose), or the suite's loopback addresses; and the secret its
/// background work shows the auth service for a token of its own (`SERVICE_SECRET`).
#[derive(Clone, Debug, Default)]
pub struct Peers {
    urls: BTreeMap<String, String>,
    service_secret: Option<String>,
}

impl Peers {
    /// The addresses of the services `info` calls, and the service secret, from the environment.
    pub fn from_env(info: &ServiceInfo) -> Self {
        let urls = info.calls.iter().map(|name| {
            let variable = format!("{}_GRPC_URL", name.to_uppercase());
            (name.to_string(), crate::config::env_or(&variable, &format!("http://{name}:50051")))
        });
        Peers { urls: urls.collect(), service_secret: crate::config::env_opt("SERVICE_SECRET") }
    }

    /// `name` answers at `url`.
    pub fn insert(&mut self, name: &str, url: String) {
        self.urls.insert(name.to_string(), url);
    }

    /// The secret of the services' background work (the suite makes one for its own process).
    pub fn set_service_secret(&mut self, secret: String) {
        self.service_secret = Some(secret);
    }

    /// The address of `name`, when known.
    pub fn url(&self, name: &str) -> Option<&str> {
        self.urls.get(name).map(String::as_str)
    }

    /// A client of `C`'s service (`proto::Contract::over`: the limits of every client), connecting
    /// lazily; `None` when its address is not known (a service built alone in a test).
    pub fn client<C: proto::Client<TracedChannel>>(&self) -> Result<Option<C>> {
        self.url(C::SERVICE).map(|url| Ok(C::over(crate::grpc::channel(url)?))).transpose()
    }

    /// The identity of `info`'s background work (`info` calls auth); `None` without a service secret
    /// or the auth service's address.
    pub fn service_identity(&self, info: &ServiceInfo) -> Result<Option<ServiceIdentity>> {
        let (Some(secret), Some(auth)) = (self.service_secret.clone(), self.client()?) else {
            return Ok(None);
        };
        Ok(Some(ServiceIdentity::new(info.name, secret, auth)))
    }
}

/// Runs `service` among `parts`: its outbox relay when it publishes events (its stream made first, so
/// that consumers started next find it), the answers to replay requests, its consumers, and its gRPC
/// server on `listener`. Callers'
/// tokens are checked with the service's own verifier (auth) or `verifier`.
pub async fn start<S: Service>(
    service: S,
    parts: &mut Parts,
    naming: &Naming,
    nats: &async_nats::Client,
    listener: TcpListener,
    verifier: Option<Verifier>,
) -> Result<()> {
    if crate::metrics::served() {
        parts.spawn(crate::metrics::watch_service(S::INFO, service.pool(), parts.stopped()));
    }
    if S::INFO.publishes_events {
        let relay = crate::outbox::Relay::of(S::INFO, service.pool(), naming.clone(), nats.clone());
        relay.ensure_stream().await?;
        parts.spawn(relay.run(parts.stopped()));
    }
    if let Some(source) = service.replay() {
        let replays =
            crate::replay::Replays::subscribe(S::INFO.name, source, naming, nats.clone()).await?;
        parts.spawn(replays.run(parts.stopped()));
    }
    for consumer in service.consumers(naming, nats) {
        parts.spawn(consumer.run(Box::pin(parts.stopped())));
    }
    for runner in service.runners() {
        parts.spawn(runner.run(Box::pin(parts.stopped())));
    }
    let verifier = service
        .own_verifier()
        .or(verifier)
        .with_context(|| format!("the {} service has no verifier of tokens", S::INFO.name))?;
    let (readiness, checking) =
        Readiness::of_database(S::INFO.name, service.pool(), Box::pin(parts.stopped()));
    parts.spawn(checking);
    let shutdown = Box::pin(parts.stopped());
    let history = crate::history::api::HistoryApi::new(
        service.pool(),
        S::INFO.name,
        S::INFO.schema,
        service.restorer(),
    );
    parts.spawn(service.serve(Serving { listener, shutdown, verifier, readiness, history }));
    Ok(())
}

/// A service run on its own, one Kubernetes Deployment: telemetry under the service's name, `<service>
/// migrate` (the build migrates; the command then stops), NATS and this instance's naming, the gRPC
/// listener on `GRPC_ADDR`, the metrics on `METRICS_ADDR`, and the parts (server, relay, consumers) that run until a signal.
pub struct Standalone {
    pub info: &'static ServiceInfo,
    telemetry: crate::telemetry::TelemetryGuard,
}

impl Standalone {
    /// Starts telemetry; call first, so that start-up is logged.
    pub fn init(info: &'static ServiceInfo) -> Result<Self> {
        let telemetry = crate::telemetry::init(info.name)?;
        Ok(Standalone { info, telemetry })
    }

    /// Whether the command is `<service> migrate`: the build has migrated, nothing is to be served.
    pub fn migrate_only(&self) -> bool {
        let asked = std::env::args().nth(1).as_deref() == Some("migrate");
        if asked {
            tracing::info!(service = self.info.name, "migrations applied");
        }
        asked
    }

    /// Runs `service` (`start`) with NATS (`NATS_URL`, `NATS_PREFIX`, by default from `database_url`),
    /// gRPC on `GRPC_ADDR` (default `0.0.0.0:50051`) and the auth service's public keys at
    /// `AUTH_GRPC_URL` (fetched at start and every five minutes), until Ctrl-C or SIGTERM (or until a
    /// part fails); then stops every part and flushes the traces.
    pub async fn run<S: Service>(mut self, service: S, database_url: &str) -> Result<()> {
        let nats = crate::nats::connect(&crate::config::env_or(
            "NATS_URL",
            crate::config::DEFAULT_NATS_URL,
        ))
        .await?;
        let naming = Naming::from_env(database_url);
        let verifier = match service.own_verifier() {
            Some(own) => own,
            None => {
                let url = crate::config::env_or("AUTH_GRPC_URL", "http://auth:50051");
                Verifier::from_auth(crate::grpc::channel(&url)?)
            }
        };
        let (listener, addr) =
            crate::grpc::bind(&crate::config::env_or("GRPC_ADDR", "0.0.0.0:50051")).await?;
        tracing::info!(%addr, service = self.info.name, "listening");
        let mut parts = Parts::default();
        crate::metrics::serve_from_env(&mut parts).await?;
        start(service, &mut parts, &naming, &nats, listener, Some(verifier)).await?;
        let outcome = parts.run_until_signal().await;
        self.telemetry.shutdown();
        outcome
    }
}
