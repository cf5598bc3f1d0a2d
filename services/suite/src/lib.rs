//! Every service and the gateway in one process: each service answers gRPC on a free loopback port, the
//! gateway calls them there, exactly as in Kubernetes where each runs alone. Used on a single machine,
//! on a field laptop, in development and in tests.

use anyhow::{Context, Result};
use common::config::{env_opt, env_or};
use common::nats::Naming;
use common::service::{Peers, Service, ServiceInfo};
use common::shutdown::Parts;
use std::net::SocketAddr;
use tokio::net::TcpListener;

pub mod api_client;
#[cfg(feature = "bench")]
pub mod bench;
#[cfg(feature = "bench")]
pub mod card_load;
pub mod demo;
pub mod process;

#[derive(Clone, Debug)]
pub struct SuiteConfig {
    pub database_url: String,
    pub nats_url: String,
    /// Prefix of every NATS stream and subject of this instance; by default the database name.
    pub nats_prefix: String,
    /// Where `/metrics` answers for every service of the process (`common::metrics`); none when not
    /// asked (`METRICS_ADDR`): a laptop's suite is not scraped, and a fixed port would keep a second
    /// suite on the machine (a test's) from starting.
    pub metrics_addr: Option<String>,
    pub auth: auth::AuthConfig,
    pub geography: geography::GeographyConfig,
    pub members: members::MembersConfig,
    pub cards: cards::CardsConfig,
    pub sync: sync::SyncConfig,
    pub reports: reports::ReportsConfig,
    pub gateway: gateway::GatewayConfig,
}

impl SuiteConfig {
    /// Reads the variables documented in the README.
    pub fn from_env() -> Result<Self> {
        let database_url = env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL);
        let nats_prefix = env_opt("NATS_PREFIX")
            .map(|p| Naming::new(&p))
            .unwrap_or_else(|| Naming::for_database_url(&database_url));
        Ok(SuiteConfig {
            nats_url: env_or("NATS_URL", common::config::DEFAULT_NATS_URL),
            nats_prefix: nats_prefix.prefix().to_string(),
            metrics_addr: env_opt("METRICS_ADDR"),
            auth: auth::AuthConfig {
                database_url: database_url.clone(),
                ..auth::AuthConfig::from_env()?
            },
            geography: geography::GeographyConfig {
                database_url: database_url.clone(),
                ..geography::GeographyConfig::from_env()?
            },
            members: members::MembersConfig {
                database_url: database_url.clone(),
                ..members::MembersConfig::from_env()?
            },
            cards: cards::CardsConfig {
                database_url: database_url.clone(),
                ..cards::CardsConfig::from_env()?
            },
            sync: sync::SyncConfig {
                database_url: database_url.clone(),
                ..sync::SyncConfig::from_env()?
            },
            reports: reports::ReportsConfig {
                database_url: database_url.clone(),
                ..reports::ReportsConfig::from_env()?
            },
            gateway: gateway::GatewayConfig::from_env()?,
            database_url,
        })
    }
}

impl SuiteConfig {
    /// A suite on free loopback ports against `database_url`, with a first administrator, photos in
    /// `data_dir` and defaults elsewhere: what tests and benchmarks start.
    pub fn local(
        database_url: &str,
        nats_prefix: &str,
        admin: (&str, &str),
        web_dir: std::path::PathBuf,
        data_dir: &std::path::Path,
    ) -> Self {
        SuiteConfig {
            database_url: database_url.to_string(),
            nats_url: env_or("NATS_URL", common::config::DEFAULT_NATS_URL),
            nats_prefix: Naming::new(nats_prefix).prefix().to_string(),
            metrics_addr: Some("127.0.0.1:0".into()),
            auth: auth::AuthConfig {
                database_url: database_url.to_string(),
                token_signing_key: None,
                token_ttl: std::time::Duration::from_secs(900),
                session_max_age: std::time::Duration::from_secs(12 * 3600),
                service_secret: None,
                bootstrap_admin: Some((admin.0.to_string(), admin.1.to_string())),
                throttle: auth::ThrottleSettings::default(),
                max_connections: 4,
            },
            geography: geography::GeographyConfig {
                database_url: database_url.to_string(),
                max_connections: 4,
                running_env: common::config::RunningEnv::Central,
            },
            members: members::MembersConfig {
                database_url: database_url.to_string(),
                max_connections: 6,
                running_env: common::config::RunningEnv::Central,
                id_prefix: "C".into(),
                photo_store_url: format!("file://{}", data_dir.join("photos").display()),
                photo_max_bytes: members::DEFAULT_PHOTO_MAX_BYTES,
                peers: Default::default(),
            },
            cards: cards::CardsConfig {
                database_url: database_url.to_string(),
                max_connections: 4,
                peers: Default::default(),
                card_prefix: cards::DEFAULT_CARD_PREFIX.into(),
                card_issuer: cards::DEFAULT_CARD_ISSUER.into(),
                running_env: common::config::RunningEnv::Central,
                card_signing_key: None,
            },
            sync: sync::SyncConfig {
                database_url: database_url.to_string(),
                max_connections: 2,
                running_env: common::config::RunningEnv::Central,
                central: None,
                peers: Default::default(),
            },
            reports: reports::ReportsConfig {
                database_url: database_url.to_string(),
                max_connections: 2,
                metabase: None,
            },
            gateway: gateway::GatewayConfig {
                http_addr: "127.0.0.1:0".into(),
                web_dir,
                running_env: common::config::RunningEnv::Central,
                request_timeout: std::time::Duration::from_secs(120),
                body_limit: 2 * 1024 * 1024,
                trusted_proxies: Vec::new(),
                signins_per_minute: gateway::DEFAULT_SIGNINS_PER_MINUTE,
                session_cache: std::time::Duration::from_secs(
                    gateway::DEFAULT_SESSION_CACHE_SECONDS,
                ),
                metabase_site: None,
            },
        }
    }
}

/// Every service of the product. A new service joins here, once: the migrations, the tests' template
/// database and the event streams follow this list.
pub const SERVICES: &[&ServiceInfo] =
    &[&auth::INFO, &geography::INFO, &members::INFO, &cards::INFO, &sync::INFO, &reports::INFO];

/// The services that publish events, each on its own NATS stream.
pub fn stream_services() -> impl Iterator<Item = &'static str> {
    SERVICES.iter().filter(|s| s.publishes_events).map(|s| s.name)
}

/// Applies every service's migrations to the database at `url`.
pub async fn migrate_all(url: &str) -> Result<()> {
    let pool = common::db::connect(url, 2).await?;
    for service in SERVICES {
        common::db::migrate(&pool, (service.migrator)(), service.schema).await?;
    }
    pool.close().await;
    Ok(())
}

/// Identifies the set of all migrations (for the tests' template database).
pub fn migrations_fingerprint() -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for service in SERVICES {
        service.schema.hash(&mut hasher);
        for migration in (service.migrator)().iter() {
            migration.version.hash(&mut hasher);
            migration.checksum.hash(&mut hasher);
        }
        // What the kit adds to every schema (`common::db::migrate`).
        common::history::table::create_sql(service.schema).hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

/// A started suite. Dropping it does not stop it: call `stop`.
pub struct RunningSuite {
    pub http_addr: SocketAddr,
    /// Where `/metrics` answers, when asked.
    pub metrics_addr: Option<SocketAddr>,
    /// Each service's gRPC address (loopback), by name.
    pub services: std::collections::BTreeMap<&'static str, SocketAddr>,
    pub naming: Naming,
    parts: Parts,
}

/// Starts the services, then the gateway. Returns once everything listens.
pub async fn start(mut config: SuiteConfig) -> Result<RunningSuite> {
    common::db::ensure_database(&config.database_url).await?;
    let nats = common::nats::connect(&config.nats_url).await?;
    let mut suite = Starting {
        naming: Naming::new(&config.nats_prefix),
        nats,
        parts: Parts::default(),
        peers: Peers::default(),
        addresses: Default::default(),
        verifier: None,
    };
    // The secret of the services' background work: in one process nobody else needs it, so unless the
    // deployment gives one, it is made here, for this run only.
    let service_secret = config.auth.service_secret.get_or_insert_with(|| {
        format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple())
    });
    suite.peers.set_service_secret(service_secret.clone());
    let metrics_addr = match &config.metrics_addr {
        Some(addr) => Some(common::metrics::serve_on(addr, &mut suite.parts).await?),
        None => None,
    };
    // Each in the order of what it calls, given the addresses of those started before it.
    let auth = auth::build(&config.auth).await.context("the auth service cannot start")?;
    // The other services check their callers' tokens with the auth service's public key.
    suite.verifier = auth.own_verifier();
    suite.run(auth).await?;
    suite
        .run(
            geography::build(&config.geography)
                .await
                .context("the geography service cannot start")?,
        )
        .await?;
    config.members.peers = suite.peers.clone();
    suite
        .run(members::build(&config.members).await.context("the members service cannot start")?)
        .await?;
    // The cards service prints with the reports service's templates, but the reports service follows the
    // cards' events (their stream must be there first): its address is taken now, it starts last.
    let reports_listener = suite.reserve(reports::INFO.name).await?;
    config.cards.peers = suite.peers.clone();
    suite.run(cards::build(&config.cards).await.context("the cards service cannot start")?).await?;
    config.sync.peers = suite.peers.clone();
    suite.run(sync::build(&config.sync).await.context("the sync service cannot start")?).await?;
    let reports =
        reports::build(&config.reports).await.context("the reports service cannot start")?;
    suite.run_on(reports, reports_listener).await?;

    let Starting { naming, nats, mut parts, peers, addresses, .. } = suite;
    let url = |name: &str| {
        peers.url(name).map(str::to_string).with_context(|| format!("{name} did not start"))
    };
    let state = gateway_over(url, &config.gateway, Some(nats.clone()))?;
    let follow = gateway::session_events::follow(
        nats,
        naming.clone(),
        state.sessions.clone(),
        parts.stopped(),
    );
    parts.spawn(follow);
    let app = gateway::app(state, &config.gateway);
    let (http_listener, http_addr) = common::grpc::bind(&config.gateway.http_addr).await?;
    parts.spawn(gateway::serve(app, http_listener, parts.stopped()));
    tracing::info!(%http_addr, prefix = naming.prefix(), "gateway listening");

    Ok(RunningSuite { http_addr, metrics_addr, services: addresses, naming, parts })
}

/// A gateway's state over the services, each of `SERVICES` at `url(name)`, with `config`'s settings:
/// `start`'s, or a second gateway pod's in the tests. With `nats`, its readiness checks NATS too.
pub fn gateway_over(
    url: impl Fn(&str) -> Result<String>,
    config: &gateway::GatewayConfig,
    nats: Option<async_nats::Client>,
) -> Result<gateway::AppState> {
    let channels = SERVICES
        .iter()
        .map(|s| Ok((s.name.to_string(), common::grpc::channel(&url(s.name)?)?)))
        .collect::<Result<gateway::state::Channels>>()?;
    gateway::AppState::new(channels, config.running_env, nats, config.session_cache)
}

/// The suite while its services start: each one runs on a free loopback port and joins the `peers` of
/// those started after it.
struct Starting {
    naming: Naming,
    nats: async_nats::Client,
    parts: Parts,
    peers: Peers,
    /// The same addresses, for the tests that call a service directly.
    addresses: std::collections::BTreeMap<&'static str, SocketAddr>,
    verifier: Option<common::identity::Verifier>,
}

impl Starting {
    async fn run<S: Service>(&mut self, service: S) -> Result<()> {
        let (listener, _) = common::grpc::bind("127.0.0.1:0").await?;
        self.run_on(service, listener).await
    }

    /// Takes a free port for `name` and makes it known to the services started from now on, before
    /// `name` itself starts (`run_on`).
    async fn reserve(&mut self, name: &'static str) -> Result<TcpListener> {
        let (listener, addr) = common::grpc::bind("127.0.0.1:0").await?;
        self.peers.insert(name, format!("http://{addr}"));
        Ok(listener)
    }

    async fn run_on<S: Service>(&mut self, service: S, listener: TcpListener) -> Result<()> {
        let addr = listener.local_addr()?;
        let verifier = self.verifier.clone();
        common::service::start(
            service,
            &mut self.parts,
            &self.naming,
            &self.nats,
            listener,
            verifier,
        )
        .await?;
        tracing::info!(%addr, service = S::INFO.name, "service listening");
        self.peers.insert(S::INFO.name, format!("http://{addr}"));
        self.addresses.insert(S::INFO.name, addr);
        Ok(())
    }
}

impl RunningSuite {
    /// Resolves when a part stops on its own (which is a failure while the suite should run).
    pub async fn failed(&mut self) -> Result<()> {
        self.parts.failed().await
    }

    /// Stops every part gracefully and waits for them.
    pub async fn stop(self) -> Result<()> {
        self.parts.stop().await
    }
}
