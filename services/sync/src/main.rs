//! The sync service on its own (one Kubernetes Deployment): gRPC on `GRPC_ADDR` (default `0.0.0.0:50051`),
//! the auth service at `AUTH_GRPC_URL`, the central server at `SYNC_CENTRAL_URL` on a field instance.
//! `sync migrate` only migrates.

use common::service::Standalone;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let host = Standalone::init(&sync::INFO)?;
    let config = sync::SyncConfig::from_env()?;
    let service = sync::build(&config).await?;
    if host.migrate_only() {
        return Ok(());
    }
    host.run(service, &config.database_url).await
}
