//! The cards service: members' mobile-money payments (transactions) and the events that tell of them
//! (through the transactional outbox). Cards, their printing and deliveries join it next.

pub mod domain;
mod grpc;
mod store;

pub use store::SCHEMA;

use anyhow::Result;
use common::config::{env_opt, env_or, env_parse};
use common::identity::{Guard, Verifier};
use common::nats::Naming;
use common::outbox::Relay;
use proto::cards::cards_server::CardsServer;
use sqlx::PgPool;
use sqlx::migrate::Migrator;
use std::future::Future;
use tokio::net::TcpListener;

pub use grpc::OPERATORS_PARAM;

pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The cards service, as the suite and the migrations list it.
pub const INFO: common::service::ServiceInfo = common::service::ServiceInfo {
    name: "cards",
    schema: SCHEMA,
    migrator,
    publishes_events: true,
};

#[derive(Clone, Debug)]
pub struct CardsConfig {
    pub database_url: String,
    pub max_connections: u32,
    /// The auth service: the settings (operators) are read there.
    pub auth_url: Option<String>,
    /// The members service: whether the member who paid exists.
    pub members_url: Option<String>,
}

impl CardsConfig {
    /// Reads `DATABASE_URL`, `CARDS_DB_CONNECTIONS`, `AUTH_GRPC_URL` and `MEMBERS_GRPC_URL`.
    pub fn from_env() -> Result<Self> {
        Ok(CardsConfig {
            database_url: env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL),
            max_connections: env_parse("CARDS_DB_CONNECTIONS", 10u32)?,
            auth_url: Some(env_opt("AUTH_GRPC_URL").unwrap_or_else(|| "http://auth:50051".into())),
            members_url: Some(
                env_opt("MEMBERS_GRPC_URL").unwrap_or_else(|| "http://members:50051".into()),
            ),
        })
    }
}

pub struct CardsService {
    pool: PgPool,
    grpc: grpc::CardsGrpc,
}

/// Connects and migrates.
pub async fn build(config: &CardsConfig) -> Result<CardsService> {
    common::db::ensure_database(&config.database_url).await?;
    let pool = common::db::connect(&config.database_url, config.max_connections).await?;
    common::db::migrate(&pool, migrator(), SCHEMA).await?;
    let client = |url: &Option<String>| url.as_deref().map(common::grpc::channel).transpose();
    let grpc = grpc::CardsGrpc {
        store: store::Store::new(pool.clone()),
        auth: client(&config.auth_url)?.map(proto::auth::auth_client::AuthClient::new),
        members: client(&config.members_url)?
            .map(proto::members::members_client::MembersClient::new),
    };
    Ok(CardsService { pool, grpc })
}

impl CardsService {
    /// The relay that publishes this service's events on NATS.
    pub fn relay(&self, naming: Naming, nats: async_nats::Client) -> Relay {
        Relay::of(&INFO, self.pool.clone(), naming, nats)
    }

    /// Answers gRPC (the cards API and `grpc.health.v1`) on `listener` until `shutdown` resolves, to
    /// callers whose tokens `verifier` accepts.
    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send,
        verifier: Verifier,
    ) -> Result<()> {
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_serving::<CardsServer<grpc::CardsGrpc>>().await;
        let guard = Guard::new(verifier, grpc::CALLS);
        let router = common::grpc::server(guard)
            .add_service(health_service)
            .add_service(CardsServer::new(self.grpc));
        common::grpc::serve(router, listener, shutdown).await
    }
}
