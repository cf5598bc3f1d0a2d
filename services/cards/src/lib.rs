//! The cards service: members' mobile-money payments (transactions), their cards (made from a copy of
//! the members kept from the members service's events), and the events that tell of both (through the
//! transactional outbox), card making and printing, deliveries and their slips and proofs.

pub mod consumers;
mod designed;
pub mod domain;
mod events;
pub mod export;
mod grpc;
mod pdf_kit;
mod pdf_merge;
mod print_run;
mod statement_job;
mod store;
pub mod template_render;

pub use store::SCHEMA;

use anyhow::Result;
use common::config::{RunningEnv, env_or, env_parse};
use common::nats::Naming;
use proto::cards::cards_server::CardsServer;
use sqlx::PgPool;
use sqlx::migrate::Migrator;

pub use grpc::{OPERATORS_PARAM, PRICE_PARAM, TYPES_PARAM, VALIDITY_PARAM};

pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The cards service, as the suite and the migrations list it.
pub const INFO: common::service::ServiceInfo = common::service::ServiceInfo {
    name: "cards",
    schema: SCHEMA,
    migrator,
    publishes_events: true,
    calls: &["auth", "members", "reports"],
    follows: &["members"],
};

#[derive(Clone, Debug)]
pub struct CardsConfig {
    pub database_url: String,
    pub max_connections: u32,
    /// The services it calls: auth (the settings, e.g. the operators), members (whether the member
    /// who paid exists, a member not copied yet) and reports (the default templates it prints with).
    pub peers: common::service::Peers,
    /// The prefix of the card numbers this instance makes (one to four capital letters).
    pub card_prefix: String,
    /// The issuer cards' QR codes name.
    pub card_issuer: String,
    /// On a field laptop payments and cards are the central server's, received by sync runs only.
    pub running_env: RunningEnv,
    /// The key that signs the cards' QR codes (`CARD_SIGNING_KEY`, an Ed25519 private key in PKCS #8
    /// PEM, from a Secret); none: the one made at the first start and kept in the database.
    pub card_signing_key: Option<String>,
}

impl CardsConfig {
    /// Reads `DATABASE_URL`, `CARDS_DB_CONNECTIONS`, `AUTH_GRPC_URL`, `MEMBERS_GRPC_URL`,
    /// `REPORTS_GRPC_URL` and
    /// `CARD_ID_PREFIX` (default `K`), `CARD_ISSUER` (default `Sésame`), `RUNNING_ENV` and
    /// `CARD_SIGNING_KEY`.
    pub fn from_env() -> Result<Self> {
        Ok(CardsConfig {
            database_url: env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL),
            max_connections: env_parse("CARDS_DB_CONNECTIONS", 10u32)?,
            peers: common::service::Peers::from_env(&INFO),
            card_prefix: card_prefix(&env_or("CARD_ID_PREFIX", DEFAULT_CARD_PREFIX))?,
            card_issuer: env_or("CARD_ISSUER", DEFAULT_CARD_ISSUER),
            running_env: RunningEnv::from_env()?,
            card_signing_key: common::config::env_opt("CARD_SIGNING_KEY"),
        })
    }
}

/// The seed of the key that signs the cards' QR codes. `CARD_SIGNING_KEY` is kept in the database at the
/// first start; a database whose cards were signed with another key refuses it, for the cards already
/// printed would no longer verify.
async fn card_key_seed(store: &store::Store, given: Option<&str>) -> Result<[u8; 32]> {
    let Some(pem) = given else { return Ok(store.card_key_seed(rand::random()).await?) };
    use ed25519_dalek::pkcs8::DecodePrivateKey;
    let seed = ed25519_dalek::SigningKey::from_pkcs8_pem(pem)
        .map_err(|e| {
            anyhow::anyhow!("CARD_SIGNING_KEY is not an Ed25519 private key in PKCS #8 PEM: {e}")
        })?
        .to_bytes();
    if store.card_key_seed(seed).await? != seed {
        anyhow::bail!(
            "CARD_SIGNING_KEY is not the key this database's cards were signed with: the cards already \
             printed would no longer verify. Give the key the database holds, or none."
        );
    }
    Ok(seed)
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
    let pool = INFO.database(&config.database_url, config.max_connections).await?;
    let store = store::Store::new(pool.clone());
    let seed = card_key_seed(&store, config.card_signing_key.as_deref()).await?;
    let grpc = grpc::CardsGrpc {
        signer: domain::card_qr::CardSigner::new(seed, &config.card_issuer),
        exports: common::export::Exports::new(pool.clone(), SCHEMA),
        store,
        card_prefix: card_prefix(&config.card_prefix)?,
        auth: config.peers.client()?,
        members: config.peers.client()?,
        reports: config.peers.client()?,
        running_env: config.running_env,
    };
    Ok(CardsService { pool, grpc })
}

impl common::service::Service for CardsService {
    const INFO: &'static common::service::ServiceInfo = &INFO;

    fn pool(&self) -> PgPool {
        self.pool.clone()
    }

    /// Every payment, card and delivery, to a consumer rebuilding its projection.
    fn replay(&self) -> Option<std::sync::Arc<dyn common::replay::Source>> {
        Some(std::sync::Arc::new(self.grpc.store.clone()))
    }

    /// The runner of the cards', deliveries' and payments' exports.
    fn runners(&self) -> Vec<Box<dyn common::service::Background>> {
        let sources = export::CardSources { store: self.grpc.store.clone() };
        vec![Box::new(self.grpc.exports.runner(std::sync::Arc::new(sources)))]
    }

    /// The copy of members kept from the members service's events.
    fn consumers(
        &self,
        naming: &Naming,
        nats: &async_nats::Client,
    ) -> Vec<Box<dyn common::service::Background>> {
        vec![Box::new(common::consumer::Consumer::of(
            consumers::members::CONSUMER,
            "members",
            &INFO,
            self.pool.clone(),
            naming.clone(),
            nats.clone(),
            consumers::members::MemberEvents,
        ))]
    }

    fn serve(self, serving: common::grpc::Serving) -> common::service::Part {
        Box::pin(common::grpc::serve_service(CardsServer::new(self.grpc), grpc::CALLS, serving))
    }
}
