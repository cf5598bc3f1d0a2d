//! The geography service on its own (one Kubernetes Deployment): gRPC on `GRPC_ADDR` (default
//! `0.0.0.0:50051`) and the outbox relay to `NATS_URL`. `geography migrate` only migrates.

use common::service::Standalone;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let host = Standalone::init(&geography::INFO)?;
    let config = geography::GeographyConfig::from_env()?;
    let service = geography::build(&config).await?;
    if host.migrate_only() {
        return Ok(());
    }
    host.run(service, &config.database_url).await
}
