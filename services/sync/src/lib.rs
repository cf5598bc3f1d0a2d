//! The sync service: on a field laptop, the runs of its synchronisation with the central server (members
//! sent and received in batches, conflicts and counts journaled); on the central server, the calls
//! those runs make (docs/api.md, "Synchronisation").

mod central;
pub mod domain;
mod grpc;
mod run;
pub mod store;

pub use store::SCHEMA;

use anyhow::Result;
use common::config::{RunningEnv, env_opt, env_or, env_parse};
use proto::sync::sync_server::SyncServer;
use sqlx::PgPool;
use sqlx::migrate::Migrator;

pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The sync service, as the suite and the migrations list it.
pub const INFO: common::service::ServiceInfo = common::service::ServiceInfo {
    name: "sync",
    schema: SCHEMA,
    migrator,
    publishes_events: false,
    calls: &["auth", "cards", "geography", "members"],
    follows: &[],
};

/// Where a field laptop finds the central server, and the token it signs in with there.
#[derive(Clone, Debug)]
pub struct CentralServer {
    /// The central server's address (`https://sesame.example`), without `/api`.
    pub url: String,
    /// The sync token made for this laptop on the central server's users screen.
    pub sync_token: String,
}

#[derive(Clone, Debug)]
pub struct SyncConfig {
    pub database_url: String,
    pub max_connections: u32,
    pub running_env: RunningEnv,
    /// A field laptop's central server; `None` on the central server, or on a laptop not paired yet.
    pub central: Option<CentralServer>,
    /// The services it calls: members and geography, whose records travel.
    pub peers: common::service::Peers,
}

/// The members service, whose records a run reads, applies and acknowledges.
pub type MembersClient = proto::members::members_client::MembersClient<common::grpc::TracedChannel>;
/// The geography service, whose rows the central server sends and a laptop's run applies.
pub type GeographyClient =
    proto::geography::geography_client::GeographyClient<common::grpc::TracedChannel>;

/// The cards service, whose payments and cards the central server sends and a laptop's run applies.
pub type CardsClient = proto::cards::cards_client::CardsClient<common::grpc::TracedChannel>;

/// The services a run and the central server's calls reach.
#[derive(Clone, Default)]
pub struct Clients {
    pub members: Option<MembersClient>,
    pub geography: Option<GeographyClient>,
    pub cards: Option<CardsClient>,
}

impl SyncConfig {
    /// Reads `DATABASE_URL`, `SYNC_DB_CONNECTIONS`, `RUNNING_ENV`, `SYNC_CENTRAL_URL`, `SYNC_TOKEN`,
    /// `AUTH_GRPC_URL`, `GEOGRAPHY_GRPC_URL`, `MEMBERS_GRPC_URL` and `SERVICE_SECRET`.
    pub fn from_env() -> Result<Self> {
        let central = match (env_opt("SYNC_CENTRAL_URL"), env_opt("SYNC_TOKEN")) {
            (Some(url), Some(sync_token)) => Some(CentralServer { url, sync_token }),
            _ => None,
        };
        Ok(SyncConfig {
            database_url: env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL),
            max_connections: env_parse("SYNC_DB_CONNECTIONS", 4u32)?,
            running_env: RunningEnv::from_env()?,
            central,
            peers: common::service::Peers::from_env(&INFO),
        })
    }
}

pub struct SyncService {
    pool: PgPool,
    grpc: grpc::SyncGrpc,
}

/// Connects, migrates, makes this instance's id on a new database, and closes the runs a stopped
/// process left running (`store::RunClaim`).
pub async fn build(config: &SyncConfig) -> Result<SyncService> {
    let pool = INFO.database(&config.database_url, config.max_connections).await?;
    let store = store::Store::new(pool.clone());
    let instance = store.ensure_instance_id().await?;
    tracing::info!(%instance, "sync instance");
    // A run left running by a stopped process is closed; one alive on another replica holds the claim
    // and is left alone.
    if let Some(claim) = store.claim_run().await? {
        let interrupted = store.close_interrupted(&claim).await;
        claim.release().await;
        if interrupted? > 0 {
            tracing::warn!("runs left running by a stopped process closed as interrupted");
        }
    }
    let clients = Clients {
        members: config.peers.client::<MembersClient>()?,
        geography: config.peers.client::<GeographyClient>()?,
        cards: config.peers.client::<CardsClient>()?,
    };
    // A run works in the background, with no caller: it calls the members service as the sync service.
    let identity = config.peers.service_identity(&INFO)?;
    if identity.is_none() {
        tracing::warn!("no SERVICE_SECRET: sync runs cannot call the members service");
    }
    let grpc = grpc::SyncGrpc::new(store, config.running_env, config.central.clone(), clients)?
        .with_identity(identity);
    Ok(SyncService { pool, grpc })
}

impl common::service::Service for SyncService {
    const INFO: &'static common::service::ServiceInfo = &INFO;

    fn pool(&self) -> PgPool {
        self.pool.clone()
    }

    fn serve(self, serving: common::grpc::Serving) -> common::service::Part {
        Box::pin(common::grpc::serve_service(SyncServer::new(self.grpc), grpc::CALLS, serving))
    }
}
