//! `suite`: the whole product in one process. `suite migrate` only applies the migrations.

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut telemetry = common::telemetry::init("suite")?;
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
