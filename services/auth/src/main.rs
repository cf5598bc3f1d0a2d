//! The auth service on its own (one Kubernetes Deployment): gRPC on `GRPC_ADDR` (default
//! `0.0.0.0:50051`), the outbox relay on `NATS_URL`. `auth migrate` only migrates.

use common::service::Standalone;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let host = Standalone::init(&auth::INFO)?;
    let config = auth::AuthConfig::from_env()?;
    let service = auth::build(&config).await?;
    if host.migrate_only() {
        return Ok(());
    }
    host.run(service, &config.database_url).await
}
