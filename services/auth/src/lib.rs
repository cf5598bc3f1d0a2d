//! The auth service: logins and roles, sign-in with its throttle, session tokens, login parameters.
//! `build` prepares it (database, migrations, first administrator, signing key); `serve` answers gRPC.

pub mod domain;
mod events;
mod grpc;
pub mod password;
mod store;
mod sync_token;
mod throttle;
mod tokens;

pub use throttle::ThrottleSettings;

use anyhow::{Context, Result};
use common::config::{env_opt, env_or, env_parse};
use proto::auth::auth_server::AuthServer;
use sqlx::migrate::Migrator;
use std::time::Duration;

pub const SCHEMA: &str = "auth";

/// The migrations of the auth schema.
pub fn migrator() -> Migrator {
    sqlx::migrate!("./migrations")
}

/// The auth service, as the suite and the migrations list it.
pub const INFO: common::service::ServiceInfo = common::service::ServiceInfo {
    name: "auth",
    schema: SCHEMA,
    migrator,
    publishes_events: true,
    calls: &[],
    follows: &[],
};

#[derive(Clone, Debug)]
pub struct AuthConfig {
    pub database_url: String,
    /// The Ed25519 private key (PKCS #8 PEM) that signs session tokens. When absent, a key is made once
    /// and kept in the database.
    pub token_signing_key: Option<String>,
    pub token_ttl: Duration,
    /// The absolute lifetime of a session: past it, refreshing is refused and the user signs in again.
    pub session_max_age: Duration,
    /// The secret the services show to get a token of their background work (`ServiceToken`); none:
    /// no service token is issued.
    pub service_secret: Option<String>,
    /// The first administrator (login, password), created only while no login exists.
    pub bootstrap_admin: Option<(String, String)>,
    pub throttle: ThrottleSettings,
    pub max_connections: u32,
}

impl AuthConfig {
    /// Reads `DATABASE_URL`, `TOKEN_SIGNING_KEY`, `TOKEN_TTL_SECONDS`, `SESSION_MAX_HOURS`,
    /// `BOOTSTRAP_ADMIN_LOGIN`,
    /// `BOOTSTRAP_ADMIN_PASSWORD`, `SIGNIN_MAX_FAILURES`, `SIGNIN_BLOCK_SECONDS`, `AUTH_DB_CONNECTIONS`.
    pub fn from_env() -> Result<Self> {
        let bootstrap_admin =
            match (env_opt("BOOTSTRAP_ADMIN_LOGIN"), env_opt("BOOTSTRAP_ADMIN_PASSWORD")) {
                (Some(login), Some(password)) => Some((login, password)),
                (None, None) => None,
                _ => anyhow::bail!(
                    "set both BOOTSTRAP_ADMIN_LOGIN and BOOTSTRAP_ADMIN_PASSWORD, or neither"
                ),
            };
        let defaults = ThrottleSettings::default();
        Ok(AuthConfig {
            database_url: env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL),
            token_signing_key: env_opt("TOKEN_SIGNING_KEY"),
            token_ttl: Duration::from_secs(env_parse("TOKEN_TTL_SECONDS", 900u64)?),
            session_max_age: Duration::from_secs(3600 * env_parse("SESSION_MAX_HOURS", 12u64)?),
            service_secret: env_opt("SERVICE_SECRET"),
            bootstrap_admin,
            throttle: ThrottleSettings {
                max_failures: env_parse("SIGNIN_MAX_FAILURES", defaults.max_failures)?,
                block: Duration::from_secs(env_parse(
                    "SIGNIN_BLOCK_SECONDS",
                    defaults.block.as_secs(),
                )?),
                window: defaults.window,
            },
            max_connections: env_parse("AUTH_DB_CONNECTIONS", 10u32)?,
        })
    }
}

pub struct AuthService {
    pool: sqlx::PgPool,
    grpc: grpc::AuthGrpc,
}

/// Connects, migrates, makes sure the first administrator and the signing key exist.
pub async fn build(config: &AuthConfig) -> Result<AuthService> {
    let pool = INFO.database(&config.database_url, config.max_connections).await?;
    let store = store::Store::new(pool.clone());

    if let Some((login, password)) = &config.bootstrap_admin {
        let rules = domain::login_rules::LoginInput {
            login_name: Some(login),
            password: Some(password),
            role: Some("admin"),
            provider: None,
        };
        domain::login_rules::check_new(&rules)
            .context("BOOTSTRAP_ADMIN_LOGIN or BOOTSTRAP_ADMIN_PASSWORD is invalid")?;
        let hash = password::hash(password.clone()).await?;
        if store.create_first_admin(login.trim(), &hash).await? {
            tracing::info!(login = %login, "first administrator created");
        }
    }

    let tokens = match &config.token_signing_key {
        Some(pem) => tokens::TokenIssuer::from_pem(pem, config.token_ttl)
            .context("TOKEN_SIGNING_KEY is not an Ed25519 private key in PKCS #8 PEM")?,
        None => {
            let seed = store.signing_key(rand::random::<[u8; 32]>().to_vec()).await?;
            let seed: [u8; 32] = seed
                .get(..32)
                .and_then(|s| s.try_into().ok())
                .context("the stored signing key is shorter than 32 bytes")?;
            tokens::TokenIssuer::from_seed(&seed, config.token_ttl)?
        }
    };
    let throttle = throttle::Throttle::new(pool.clone(), config.throttle.clone());
    // How long a password check takes on this machine, measured once: what an unknown login waits
    // until real checks are timed.
    let check_time = password::CheckTime::measured().await?;
    tracing::info!(check = ?check_time.estimate(), "password check timed");
    let grpc = grpc::AuthGrpc::new(store, tokens, throttle, check_time, config.session_max_age)
        .with_service_secret(config.service_secret.clone());
    Ok(AuthService { pool, grpc })
}

impl common::service::Service for AuthService {
    const INFO: &'static common::service::ServiceInfo = &INFO;

    fn pool(&self) -> sqlx::PgPool {
        self.pool.clone()
    }

    /// The tokens this service signs: what the other services of the suite check their callers with.
    fn own_verifier(&self) -> Option<common::identity::Verifier> {
        Some(self.grpc.verifier())
    }

    fn serve(self, serving: common::grpc::Serving) -> common::service::Part {
        Box::pin(common::grpc::serve_service(AuthServer::new(self.grpc), grpc::CALLS, serving))
    }
}
