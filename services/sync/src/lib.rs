//! The sync service: the runs of a field laptop's synchronisation with the central server and their
//! journal. Today a run signs the laptop in to the central server with its sync token (the pairing of
//! docs/api.md) and journals the outcome; the exchange of records comes next (issue 21).

pub mod domain;
mod grpc;
mod run;
pub mod store;

pub use store::SCHEMA;

use anyhow::Result;
use common::config::{RunningEnv, env_opt, env_or, env_parse};
use common::identity::{Guard, Verifier};
use proto::sync::sync_server::SyncServer;
use sqlx::PgPool;
use sqlx::migrate::Migrator;
use tokio::net::TcpListener;

pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The sync service, as the suite and the migrations list it.
pub const INFO: common::service::ServiceInfo = common::service::ServiceInfo {
    name: "sync",
    schema: SCHEMA,
    migrator,
    publishes_events: false,
    calls: &["auth"],
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
}

impl SyncConfig {
    /// Reads `DATABASE_URL`, `SYNC_DB_CONNECTIONS`, `RUNNING_ENV`, `SYNC_CENTRAL_URL` and `SYNC_TOKEN`.
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
        })
    }
}

pub struct SyncService {
    pool: PgPool,
    grpc: grpc::SyncGrpc,
}

/// Connects, migrates, and closes the runs a stopped process left running.
pub async fn build(config: &SyncConfig) -> Result<SyncService> {
    let pool = INFO.database(&config.database_url, config.max_connections).await?;
    let store = store::Store::new(pool.clone());
    let interrupted = store.close_interrupted().await?;
    if interrupted > 0 {
        tracing::warn!(interrupted, "runs left running by a stopped process closed as interrupted");
    }
    let grpc = grpc::SyncGrpc::new(store, config.running_env, config.central.clone())?;
    Ok(SyncService { pool, grpc })
}

impl common::service::Service for SyncService {
    const INFO: &'static common::service::ServiceInfo = &INFO;

    fn pool(&self) -> PgPool {
        self.pool.clone()
    }

    fn serve(
        self,
        listener: TcpListener,
        shutdown: common::shutdown::Stopped,
        verifier: Verifier,
    ) -> common::service::Part {
        let guard = Guard::new(verifier, grpc::CALLS);
        Box::pin(common::grpc::serve_service(SyncServer::new(self.grpc), guard, listener, shutdown))
    }
}
