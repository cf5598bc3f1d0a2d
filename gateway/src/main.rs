//! The gateway on its own (one Kubernetes Deployment). `<NAME>_GRPC_URL` names where each service answers
//! (`AUTH_GRPC_URL`, `GEOGRAPHY_GRPC_URL`, `MEMBERS_GRPC_URL`; default `http://<name>:50051`); `NATS_URL`,
//! when set, is checked by the readiness probe, and the auth service's events on it (under `NATS_PREFIX`,
//! by default the name of the database in `DATABASE_URL`, as the services do) end cached sessions at once.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut telemetry = common::telemetry::init("gateway")?;
    let config = gateway::GatewayConfig::from_env()?;
    let channels = gateway::state::channels_from_env()?;
    let nats = match common::config::env_opt("NATS_URL") {
        Some(url) => Some(common::nats::connect(&url).await?),
        None => None,
    };
    let state =
        gateway::AppState::new(channels, config.running_env, nats.clone(), config.session_cache)?;
    if let Some(nats) = nats {
        let naming = common::nats::Naming::from_env(&common::config::env_or(
            "DATABASE_URL",
            common::config::DEFAULT_DATABASE_URL,
        ));
        let sessions = state.sessions.clone();
        tokio::spawn(async move {
            if let Err(e) =
                gateway::session_events::follow(nats, naming, sessions, std::future::pending())
                    .await
            {
                tracing::error!(error = %format!("{e:#}"), "the auth events are not followed: sessions ended elsewhere wait for SESSION_CACHE_SECONDS");
            }
        });
    }
    let (listener, addr) = common::grpc::bind(&config.http_addr).await?;
    tracing::info!(%addr, "gateway listening");
    let mut parts = common::shutdown::Parts::default();
    common::metrics::serve_from_env(&mut parts).await?;
    parts.spawn(gateway::serve(gateway::app(state, &config), listener, parts.stopped()));
    parts.run_until_signal().await?;
    telemetry.shutdown();
    Ok(())
}
