//! The geography service: regions, departments, sub-prefectures and localities, their import, and the
//! events that tell other services of every change (through the transactional outbox).

pub mod domain;
mod grpc;
pub mod store;

pub use store::SCHEMA;

use anyhow::Result;
use common::config::{env_or, env_parse};
use common::identity::{Guard, Verifier};
use common::nats::Naming;
use common::outbox::Relay;
use proto::geography::geography_server::GeographyServer;
use sqlx::PgPool;
use sqlx::migrate::Migrator;
use std::future::Future;
use tokio::net::TcpListener;

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
};

#[derive(Clone, Debug)]
pub struct GeographyConfig {
    pub database_url: String,
    pub max_connections: u32,
}

impl GeographyConfig {
    /// Reads `DATABASE_URL` and `GEOGRAPHY_DB_CONNECTIONS`.
    pub fn from_env() -> Result<Self> {
        Ok(GeographyConfig {
            database_url: env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL),
            max_connections: env_parse("GEOGRAPHY_DB_CONNECTIONS", 10u32)?,
        })
    }
}

pub struct GeographyService {
    pool: PgPool,
}

/// Connects and migrates.
pub async fn build(config: &GeographyConfig) -> Result<GeographyService> {
    common::db::ensure_database(&config.database_url).await?;
    let pool = common::db::connect(&config.database_url, config.max_connections).await?;
    common::db::migrate(&pool, migrator(), SCHEMA).await?;
    Ok(GeographyService { pool })
}

impl GeographyService {
    /// The relay that publishes this service's events on NATS.
    pub fn relay(&self, naming: Naming, nats: async_nats::Client) -> Relay {
        Relay::of(&INFO, self.pool.clone(), naming, nats)
    }

    /// Answers gRPC (the geography API and `grpc.health.v1`) on `listener` until `shutdown` resolves, to
    /// callers whose tokens `verifier` accepts.
    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send,
        verifier: Verifier,
    ) -> Result<()> {
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_serving::<GeographyServer<grpc::GeographyGrpc>>().await;
        // An import of a whole country is large: allow bigger messages than tonic's 4 MiB default.
        let api = GeographyServer::new(grpc::GeographyGrpc::new(store::Store::new(self.pool)))
            .max_decoding_message_size(256 * 1024 * 1024);
        let guard = Guard::new(verifier, grpc::CALLS);
        let router = common::grpc::server(guard).add_service(health_service).add_service(api);
        common::grpc::serve(router, listener, shutdown).await
    }
}
