//! The members service on its own (one Kubernetes Deployment): gRPC on `GRPC_ADDR` (default
//! `0.0.0.0:50051`), the outbox relay, the geography projection and the card state on `NATS_URL`, the geography read
//! through at `GEOGRAPHY_GRPC_URL`. `members migrate` only migrates.

use common::service::Standalone;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut host = Standalone::init(&members::INFO)?;
    let config = members::MembersConfig::from_env()?;
    let service = members::build(&config).await?;
    if host.migrate_only() {
        return Ok(());
    }
    let (nats, naming) = host.nats(&config.database_url).await?;
    host.spawn(service.relay(naming.clone(), nats.clone()).run(host.stopped()));
    host.spawn(service.projection(naming.clone(), nats.clone()).run(host.stopped()));
    host.spawn(service.card_state(naming, nats).run(host.stopped()));
    let verifier = host.verifier()?;
    host.serve(|listener, stopped| service.serve(listener, stopped, verifier)).await
}
