//! The gateway on its own (one Kubernetes Deployment). `AUTH_GRPC_URL` (default `http://127.0.0.1:50051`)
//! names the auth service, `GEOGRAPHY_GRPC_URL` (default `http://127.0.0.1:50052`) the geography service,
//! `MEMBERS_GRPC_URL` (default `http://127.0.0.1:50053`) the members service; `NATS_URL`, when set, is
//! checked by the readiness probe.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut telemetry = common::telemetry::init("gateway")?;
    let config = gateway::GatewayConfig::from_env()?;
    let channels = gateway::state::Channels {
        auth: common::grpc::channel(&common::config::env_or(
            "AUTH_GRPC_URL",
            "http://127.0.0.1:50051",
        ))?,
        geography: common::grpc::channel(&common::config::env_or(
            "GEOGRAPHY_GRPC_URL",
            "http://127.0.0.1:50052",
        ))?,
        members: common::grpc::channel(&common::config::env_or(
            "MEMBERS_GRPC_URL",
            "http://127.0.0.1:50053",
        ))?,
    };
    let nats = match common::config::env_opt("NATS_URL") {
        Some(url) => Some(common::nats::connect(&url).await?),
        None => None,
    };
    let state = gateway::AppState::new(channels, config.running_env, nats);
    let (listener, addr) = common::grpc::bind(&config.http_addr).await?;
    tracing::info!(%addr, "gateway listening");
    gateway::serve(gateway::app(state, &config), listener, common::shutdown::signal()).await?;
    telemetry.shutdown();
    Ok(())
}
