//! What the whole product needs to know of a service, declared once by the service itself: its name,
//! its schema and migrations, and whether it publishes events. The suite, `suite migrate`, the tests'
//! template database and the benchmarks iterate one list of these (`suite::SERVICES`), so a service
//! cannot be migrated in one place and forgotten in another.

use sqlx::migrate::Migrator;

pub struct ServiceInfo {
    /// The service's name: its NATS stream and subjects (`<prefix>.<name>.<entity>.<verb>`), its logs.
    pub name: &'static str,
    /// The PostgreSQL schema that holds its tables (and its outbox).
    pub schema: &'static str,
    /// Its migrations.
    pub migrator: fn() -> Migrator,
    /// Whether it publishes events (then it has a JetStream stream of its own).
    pub publishes_events: bool,
}
