//! The members service on its own (one Kubernetes Deployment): gRPC on `GRPC_ADDR` (default
//! `0.0.0.0:50051`), the outbox relay, the geography projection and the card state on `NATS_URL`, the geography read
//! through at `GEOGRAPHY_GRPC_URL`. `members migrate` only migrates.

use common::service::Standalone;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let host = Standalone::init(&members::INFO)?;
    let config = members::MembersConfig::from_env()?;
    let service = members::build(&config).await?;
    if host.migrate_only() {
        return Ok(());
    }
    host.run(service, &config.database_url).await
}
