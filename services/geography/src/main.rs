//! The geography service on its own (one Kubernetes Deployment): gRPC on `GRPC_ADDR` (default
//! `0.0.0.0:50051`) and the outbox relay to `NATS_URL`. `geography migrate` only migrates.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut telemetry = common::telemetry::init("geography")?;
    let config = geography::GeographyConfig::from_env()?;
    let service = geography::build(&config).await?;
    if std::env::args().nth(1).as_deref() == Some("migrate") {
        tracing::info!("migrations applied");
        return Ok(());
    }
    let nats = common::nats::connect(&common::config::env_or(
        "NATS_URL",
        common::config::DEFAULT_NATS_URL,
    ))
    .await?;
    let naming = common::config::env_opt("NATS_PREFIX")
        .map(|p| common::nats::Naming::new(&p))
        .unwrap_or_else(|| common::nats::Naming::for_database_url(&config.database_url));
    let relay = service.relay(naming, nats);
    let (listener, addr) =
        common::grpc::bind(&common::config::env_or("GRPC_ADDR", "0.0.0.0:50051")).await?;
    tracing::info!(%addr, "geography service listening");
    let mut parts = common::shutdown::Parts::default();
    parts.spawn(relay.run(parts.stopped()));
    parts.spawn(service.serve(listener, parts.stopped()));
    parts.run_until_signal().await?;
    telemetry.shutdown();
    Ok(())
}
