//! The auth service on its own (one Kubernetes Deployment): gRPC on `GRPC_ADDR` (default
//! `0.0.0.0:50051`). `auth migrate` only migrates.

use common::service::Standalone;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let host = Standalone::init(&auth::INFO)?;
    let service = auth::build(&auth::AuthConfig::from_env()?).await?;
    if host.migrate_only() {
        return Ok(());
    }
    host.serve(|listener, stopped| service.serve(listener, stopped)).await
}
