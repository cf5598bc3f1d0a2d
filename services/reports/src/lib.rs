//! The reports service: the templates of cards, delivery slips, member sheets and list exports, drawn in
//! the designer and kept as versions, exactly one default per type (docs/api.md, "Reports"); and the
//! statistics: built-in dashboards counted from read models that the members', the cards' and the
//! geography's events keep here (`consumers`), or a Metabase dashboard's signed embed address.

pub mod consumers;
pub mod domain;
mod grpc;
pub mod store;

pub use store::SCHEMA;

use anyhow::Result;
use common::config::{env_opt, env_or, env_parse};
use proto::reports::reports_server::ReportsServer;
use sqlx::PgPool;
use sqlx::migrate::Migrator;

pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The reports service, as the suite and the migrations list it.
pub const INFO: common::service::ServiceInfo = common::service::ServiceInfo {
    name: "reports",
    schema: SCHEMA,
    migrator,
    publishes_events: false,
    calls: &["auth"],
    follows: &["members", "cards", "geography"],
};

#[derive(Clone, Debug)]
pub struct ReportsConfig {
    pub database_url: String,
    pub max_connections: u32,
    /// The Metabase site whose dashboards the statistics embed; `None` when it is not set.
    pub metabase: Option<domain::metabase::Metabase>,
}

impl ReportsConfig {
    /// Reads `DATABASE_URL`, `REPORTS_DB_CONNECTIONS`, and `METABASE_SITE_URL`, `METABASE_SECRET_KEY`,
    /// `METABASE_DASHBOARDS` (`membres=2,cartes=3`) and `METABASE_EMBED_MINUTES` (default 10).
    pub fn from_env() -> Result<Self> {
        let metabase = match (env_opt("METABASE_SITE_URL"), env_opt("METABASE_SECRET_KEY")) {
            (Some(site_url), Some(secret_key)) => Some(domain::metabase::Metabase {
                site_url,
                secret_key,
                dashboards: domain::metabase::parse_dashboards(
                    &env_opt("METABASE_DASHBOARDS").unwrap_or_default(),
                )?,
                lifetime: std::time::Duration::from_secs(
                    60 * env_parse("METABASE_EMBED_MINUTES", 10u64)?,
                ),
            }),
            _ => None,
        };
        Ok(ReportsConfig {
            database_url: env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL),
            max_connections: env_parse("REPORTS_DB_CONNECTIONS", 4u32)?,
            metabase,
        })
    }
}

pub struct ReportsService {
    pool: PgPool,
    grpc: grpc::ReportsGrpc,
}

/// Connects and migrates.
pub async fn build(config: &ReportsConfig) -> Result<ReportsService> {
    let pool = INFO.database(&config.database_url, config.max_connections).await?;
    let store = store::Store::new(pool.clone());
    store.ship_templates().await?;
    let grpc = grpc::ReportsGrpc { store, metabase: config.metabase.clone() };
    Ok(ReportsService { pool, grpc })
}

impl common::service::Service for ReportsService {
    const INFO: &'static common::service::ServiceInfo = &INFO;

    fn pool(&self) -> PgPool {
        self.pool.clone()
    }

    fn consumers(
        &self,
        naming: &common::nats::Naming,
        nats: &async_nats::Client,
    ) -> Vec<Box<dyn common::service::Background>> {
        use common::consumer::Consumer;
        let (pool, naming, nats) = (&self.pool, naming.clone(), nats.clone());
        vec![
            Box::new(Consumer::of(
                consumers::members::CONSUMER,
                "members",
                &INFO,
                pool.clone(),
                naming.clone(),
                nats.clone(),
                consumers::members::MemberEvents,
            )),
            Box::new(Consumer::of(
                consumers::cards::CONSUMER,
                "cards",
                &INFO,
                pool.clone(),
                naming.clone(),
                nats.clone(),
                consumers::cards::CardEvents,
            )),
            Box::new(Consumer::of(
                consumers::geography::CONSUMER,
                "geography",
                &INFO,
                pool.clone(),
                naming,
                nats,
                consumers::geography::GeographyEvents,
            )),
        ]
    }

    fn serve(self, serving: common::grpc::Serving) -> common::service::Part {
        Box::pin(common::grpc::serve_service(ReportsServer::new(self.grpc), grpc::CALLS, serving))
    }
}
