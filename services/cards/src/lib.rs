//! The cards service: members' mobile-money payments (transactions), their cards (made from a copy of
//! the members kept from the members service's events), and the events that tell of both (through the
//! transactional outbox). Printing and deliveries join it next.

mod delivery_slip;
pub mod domain;
mod grpc;
mod pdf_kit;
mod pdf_merge;
mod print_run;
mod printing;
mod projection;
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

pub use grpc::{OPERATORS_PARAM, PRICE_PARAM, VALIDITY_PARAM};

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
    /// The members service: whether the member who paid exists, a member not copied yet.
    pub members_url: Option<String>,
    /// The prefix of the card numbers this instance makes (one to four capital letters).
    pub card_prefix: String,
    /// The issuer cards' QR codes name.
    pub card_issuer: String,
}

impl CardsConfig {
    /// Reads `DATABASE_URL`, `CARDS_DB_CONNECTIONS`, `AUTH_GRPC_URL`, `MEMBERS_GRPC_URL` and
    /// `CARD_ID_PREFIX` (default `K`), `CARD_ISSUER` (default `Sésame`).
    pub fn from_env() -> Result<Self> {
        Ok(CardsConfig {
            database_url: env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL),
            max_connections: env_parse("CARDS_DB_CONNECTIONS", 10u32)?,
            auth_url: Some(env_opt("AUTH_GRPC_URL").unwrap_or_else(|| "http://auth:50051".into())),
            members_url: Some(
                env_opt("MEMBERS_GRPC_URL").unwrap_or_else(|| "http://members:50051".into()),
            ),
            card_prefix: card_prefix(&env_or("CARD_ID_PREFIX", DEFAULT_CARD_PREFIX))?,
            card_issuer: env_or("CARD_ISSUER", DEFAULT_CARD_ISSUER),
        })
    }
}

/// The issuer cards' QR codes name when `CARD_ISSUER` is not set.
pub const DEFAULT_CARD_ISSUER: &str = "Sésame";

/// The prefix of card numbers when `CARD_ID_PREFIX` is not set.
pub const DEFAULT_CARD_PREFIX: &str = "K";

fn card_prefix(text: &str) -> Result<String> {
    let prefix = text.trim().to_uppercase();
    if prefix.is_empty() || prefix.len() > 4 || !prefix.chars().all(|c| c.is_ascii_uppercase()) {
        anyhow::bail!("CARD_ID_PREFIX must be one to four letters, not {text:?}");
    }
    Ok(prefix)
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
    let store = store::Store::new(pool.clone());
    let seed = store.card_key_seed(rand::random()).await?;
    let grpc = grpc::CardsGrpc {
        signer: domain::card_qr::CardSigner::new(seed, &config.card_issuer),
        store,
        card_prefix: card_prefix(&config.card_prefix)?,
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

    /// The consumer that keeps the copy of members.
    pub fn projection(
        &self,
        naming: Naming,
        nats: async_nats::Client,
    ) -> common::consumer::Consumer<projection::MemberProjection> {
        common::consumer::Consumer::of(
            projection::CONSUMER,
            "members",
            &INFO,
            self.pool.clone(),
            naming,
            nats,
            projection::MemberProjection,
        )
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
