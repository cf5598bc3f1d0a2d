//! The cards service on its own (one Kubernetes Deployment): gRPC on `GRPC_ADDR` (default
//! `0.0.0.0:50051`), the outbox relay and the copy of members on `NATS_URL`, the auth service at `AUTH_GRPC_URL` and the members
//! service at `MEMBERS_GRPC_URL`. `cards migrate` only migrates.

use common::service::Standalone;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let host = Standalone::init(&cards::INFO)?;
    let config = cards::CardsConfig::from_env()?;
    let service = cards::build(&config).await?;
    if host.migrate_only() {
        return Ok(());
    }
    host.run(service, &config.database_url).await
}
