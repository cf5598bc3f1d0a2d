//! The members service: members and their families, photos, cooperatives and parcels, with a
//! projection of the geography kept from its events, and `member.*` events told through the outbox.

mod consumers;
pub mod domain;
mod events;
pub mod export;
mod grpc;
pub mod load;
pub mod photos;
mod restore;
pub mod store;

pub use store::SCHEMA;
pub use store::members::MemberSettings;

use anyhow::{Context, Result};
use common::config::{RunningEnv, env_or, env_parse};
use common::nats::Naming;
use proto::members::members_server::MembersServer;
use sqlx::PgPool;
use sqlx::migrate::Migrator;

pub const SERVICE: &str = "members";

pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The members service, as the suite and the migrations list it.
pub const INFO: common::service::ServiceInfo = common::service::ServiceInfo {
    name: SERVICE,
    schema: SCHEMA,
    migrator,
    publishes_events: true,
    calls: &["auth", "geography"],
    follows: &["geography", "cards"],
};

#[derive(Clone, Debug)]
pub struct MembersConfig {
    pub database_url: String,
    pub max_connections: u32,
    pub running_env: RunningEnv,
    /// Prefix of the identity numbers made by this instance.
    pub id_prefix: String,
    /// Where photos are kept (an `object_store` URL).
    pub photo_store_url: String,
    /// Largest photo accepted, in bytes.
    pub photo_max_bytes: usize,
    /// The services it calls: the geography, read through when the projection misses a locality.
    pub peers: common::service::Peers,
}

pub const DEFAULT_PHOTO_MAX_BYTES: usize = 8 * 1024 * 1024;

impl MembersConfig {
    /// Reads `DATABASE_URL`, `MEMBERS_DB_CONNECTIONS`, `RUNNING_ENV`, `MEMBER_ID_PREFIX`, `PHOTO_STORE_URL`,
    /// `PHOTO_MAX_BYTES` and `GEOGRAPHY_GRPC_URL`.
    pub fn from_env() -> Result<Self> {
        let running_env = RunningEnv::from_env()?;
        let default_prefix = match running_env {
            RunningEnv::Central => "C",
            RunningEnv::Field => "F",
        };
        let default_store = format!("file://{}/.data/photos", std::env::current_dir()?.display());
        let config = MembersConfig {
            database_url: env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL),
            max_connections: env_parse("MEMBERS_DB_CONNECTIONS", 10u32)?,
            running_env,
            id_prefix: env_or("MEMBER_ID_PREFIX", default_prefix).trim().to_uppercase(),
            photo_store_url: env_or("PHOTO_STORE_URL", &default_store),
            photo_max_bytes: env_parse("PHOTO_MAX_BYTES", DEFAULT_PHOTO_MAX_BYTES)?,
            peers: common::service::Peers::from_env(&INFO),
        };
        if !domain::id_number::valid_prefix(&config.id_prefix) {
            anyhow::bail!(
                "MEMBER_ID_PREFIX must be one to four capital letters, not {:?}",
                config.id_prefix
            );
        }
        Ok(config)
    }
}

pub struct MembersService {
    pool: PgPool,
    grpc: grpc::MembersGrpc,
}

impl MembersService {
    /// The runner of the members list's exports (a `Background` part; `Service::runners` starts it).
    pub fn export_runner(&self) -> common::export::Runner {
        let sources = export::MemberSources { store: self.grpc.store.clone() };
        self.grpc.exports.runner(std::sync::Arc::new(sources))
    }
}

/// Connects, migrates and opens the photo store.
pub async fn build(config: &MembersConfig) -> Result<MembersService> {
    let pool = INFO.database(&config.database_url, config.max_connections).await?;
    let photos = photos::PhotoStore::open(&config.photo_store_url).context("the photo store")?;
    let settings = MemberSettings {
        id_prefix: config.id_prefix.clone(),
        field_instance: config.running_env == RunningEnv::Field,
    };
    let mut store = store::Store::new(pool.clone());
    if let Some(geography) = config.peers.client::<store::GeographyClient>()? {
        store = store.with_geography(geography);
    }
    let exports = common::export::Exports::new(pool.clone(), SCHEMA);
    let grpc = grpc::MembersGrpc {
        store,
        exports,
        photos,
        settings,
        photo_max_bytes: config.photo_max_bytes,
    };
    Ok(MembersService { pool, grpc })
}

impl common::service::Service for MembersService {
    const INFO: &'static common::service::ServiceInfo = &INFO;

    fn pool(&self) -> PgPool {
        self.pool.clone()
    }

    /// A member's past version, put back through the same rules as an edit.
    fn restorer(&self) -> Option<std::sync::Arc<dyn common::history::api::Restorer>> {
        Some(std::sync::Arc::new(restore::MemberRestorer {
            store: self.grpc.store.clone(),
            settings: self.grpc.settings.clone(),
        }))
    }

    /// Every member, to a consumer rebuilding its projection.
    fn replay(&self) -> Option<std::sync::Arc<dyn common::replay::Source>> {
        Some(std::sync::Arc::new(self.grpc.store.clone()))
    }

    /// The geography projection, and the members' payments and cards (their two flags) kept from the
    /// cards service's events.
    fn consumers(
        &self,
        naming: &Naming,
        nats: &async_nats::Client,
    ) -> Vec<Box<dyn common::service::Background>> {
        let (pool, naming, nats) = (self.pool.clone(), naming.clone(), nats.clone());
        let geography = common::consumer::Consumer::of(
            consumers::geography::CONSUMER,
            "geography",
            &INFO,
            pool.clone(),
            naming.clone(),
            nats.clone(),
            consumers::geography::GeographyEvents,
        );
        let cards = common::consumer::Consumer::of(
            consumers::cards::CONSUMER,
            "cards",
            &INFO,
            pool,
            naming,
            nats,
            consumers::cards::CardEvents,
        );
        vec![Box::new(geography), Box::new(cards)]
    }

    fn runners(&self) -> Vec<Box<dyn common::service::Background>> {
        vec![Box::new(self.export_runner())]
    }

    fn serve(self, serving: common::grpc::Serving) -> common::service::Part {
        Box::pin(common::grpc::serve_service(MembersServer::new(self.grpc), grpc::CALLS, serving))
    }
}
