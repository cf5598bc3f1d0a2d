//! The gateway on its own (one Kubernetes Deployment). `<NAME>_GRPC_URL` names where each service answers
//! (`AUTH_GRPC_URL`, `GEOGRAPHY_GRPC_URL`, `MEMBERS_GRPC_URL`; default `http://<name>:50051`); `NATS_URL`,
//! when set, is checked by the readiness probe.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut telemetry = common::telemetry::init("gateway")?;
    let config = gateway::GatewayConfig::from_env()?;
    let channels = gateway::state::channels_from_env()?;
    let nats = match common::config::env_opt("NATS_URL") {
        Some(url) => Some(common::nats::connect(&url).await?),
        None => None,
    };
    let state = gateway::AppState::new(channels, config.running_env, nats, config.session_cache)?;
    let (listener, addr) = common::grpc::bind(&config.http_addr).await?;
    tracing::info!(%addr, "gateway listening");
    gateway::serve(gateway::app(state, &config), listener, common::shutdown::signal()).await?;
    telemetry.shutdown();
    Ok(())
}
