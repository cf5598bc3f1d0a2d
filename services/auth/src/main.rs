//! The auth service on its own (one Kubernetes Deployment). `GRPC_ADDR` defaults to `0.0.0.0:50051`.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut telemetry = common::telemetry::init("auth")?;
    let config = auth::AuthConfig::from_env()?;
    let service = auth::build(&config).await?;
    if std::env::args().nth(1).as_deref() == Some("migrate") {
        tracing::info!("migrations applied");
        return Ok(());
    }
    let (listener, addr) =
        common::grpc::bind(&common::config::env_or("GRPC_ADDR", "0.0.0.0:50051")).await?;
    tracing::info!(%addr, "auth service listening");
    service.serve(listener, common::shutdown::signal()).await?;
    telemetry.shutdown();
    Ok(())
}
