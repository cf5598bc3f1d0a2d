//! The geography service: regions, departments, sub-prefectures and localities, their import, and the
//! events that tell other services of every change (through the transactional outbox).

pub mod domain;
mod events;
mod grpc;
pub mod store;

pub use store::SCHEMA;

use anyhow::Result;
use common::config::{RunningEnv, env_or, env_parse};
use proto::geography::geography_server::GeographyServer;
use sqlx::PgPool;
use sqlx::migrate::Migrator;

pub const SERVICE: &str = "geography";

pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The geography service, as the suite and the migrations list it.
pub const INFO: common::service::ServiceInfo = common::service::ServiceInfo {
    name: SERVICE,
    schema: SCHEMA,
    migrator,
    publishes_events: true,
    calls: &["auth"],
    follows: &[],
};

#[derive(Clone, Debug)]
pub struct GeographyConfig {
    pub database_url: String,
    pub max_connections: u32,
    /// On a field laptop the geography is the central server's, received by sync runs only.
    pub running_env: RunningEnv,
}

impl GeographyConfig {
    /// Reads `DATABASE_URL`, `GEOGRAPHY_DB_CONNECTIONS` and `RUNNING_ENV`.
    pub fn from_env() -> Result<Self> {
        Ok(GeographyConfig {
            database_url: env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL),
            max_connections: env_parse("GEOGRAPHY_DB_CONNECTIONS", 10u32)?,
            running_env: RunningEnv::from_env()?,
        })
    }
}

pub struct GeographyService {
    pool: PgPool,
    running_env: RunningEnv,
}

/// Connects and migrates.
pub async fn build(config: &GeographyConfig) -> Result<GeographyService> {
    let pool = INFO.database(&config.database_url, config.max_connections).await?;
    Ok(GeographyService { pool, running_env: config.running_env })
}

impl common::service::Service for GeographyService {
    const INFO: &'static common::service::ServiceInfo = &INFO;

    fn pool(&self) -> PgPool {
        self.pool.clone()
    }

    /// Every row of each level, to a consumer rebuilding its projection.
    fn replay(&self) -> Option<std::sync::Arc<dyn common::replay::Source>> {
        Some(std::sync::Arc::new(store::Store::new(self.pool.clone())))
    }

    fn serve(self, serving: common::grpc::Serving) -> common::service::Part {
        let api = GeographyServer::new(grpc::GeographyGrpc::new(
            store::Store::new(self.pool),
            self.running_env,
        ));
        Box::pin(common::grpc::serve_service(api, grpc::CALLS, serving))
    }
}
