//! `suite`: the whole product in one process. `suite migrate` only applies the migrations.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // Each span under the service it is about, as when they run one Deployment each.
    let names: Vec<&str> = suite::SERVICES.iter().map(|s| s.name).chain(["gateway"]).collect();
    let mut telemetry = common::telemetry::init_for("suite", &names)?;
    let config = suite::SuiteConfig::from_env()?;
    if std::env::args().nth(1).as_deref() == Some("migrate") {
        common::db::ensure_database(&config.database_url).await?;
        suite::migrate_all(&config.database_url).await?;
        tracing::info!("migrations applied");
        return Ok(());
    }
    let mut running = suite::start(config).await?;
    tracing::info!("Sésame est prêt sur http://{}", running.http_addr);
    let result = tokio::select! {
        _ = common::shutdown::signal() => running.stop().await,
        failure = running.failed() => failure,
    };
    telemetry.shutdown();
    result
}
