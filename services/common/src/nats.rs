//! NATS names. Every stream and subject carries the instance prefix, so two instances (a central and a
//! field suite, or two tests) can share one NATS server without seeing each other's events.
//! Subjects read `<prefix>.<service>.<entity>.<past-tense verb>` (`sesame_central.members.member.updated`).

use anyhow::{Context, Result};

#[derive(Clone, Debug)]
pub struct Naming {
    prefix: String,
}

impl Naming {
    /// `prefix` is reduced to the characters NATS allows in a stream name.
    pub fn new(prefix: &str) -> Self {
        let clean: String = prefix
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' })
            .collect();
        Naming { prefix: clean }
    }

    /// The default prefix of an instance: derived from its database name, which is unique per instance.
    pub fn for_database_url(url: &str) -> Self {
        let name = url.rsplit('/').next().unwrap_or("sesame").split('?').next().unwrap_or("sesame");
        Naming::new(name)
    }

    /// `NATS_PREFIX`, or the name of the database at `database_url`.
    pub fn from_env(database_url: &str) -> Self {
        crate::config::env_opt("NATS_PREFIX")
            .map(|p| Naming::new(&p))
            .unwrap_or_else(|| Naming::for_database_url(database_url))
    }

    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    pub fn subject(&self, service: &str, entity: &str, verb: &str) -> String {
        format!("{}.{service}.{entity}.{verb}", self.prefix)
    }

    /// Every subject a service publishes, for its stream.
    pub fn service_wildcard(&self, service: &str) -> String {
        format!("{}.{service}.>", self.prefix)
    }

    /// Where `service` answers the replay requests of consumers rebuilding their projection
    /// (`common::replay`): outside every stream's subjects, so nothing of it is kept.
    pub fn replay_subject(&self, service: &str) -> String {
        format!("{}.replay.{service}", self.prefix)
    }

    /// One stream per producing service.
    pub fn stream(&self, service: &str) -> String {
        format!("{}_{}", self.prefix, service).to_uppercase()
    }
}

/// The limits of every stream, from the environment: `NATS_STREAM_MAX_AGE_DAYS` (events older are
/// dropped; 0, the default: kept for good), `NATS_STREAM_MAX_BYTES` (the oldest dropped past it; 0, the
/// default: no limit) and `NATS_STREAM_REPLICAS` (copies on a JetStream cluster; 1 by default, 3 on the
/// chart's 3-node cluster). A consumer that falls further behind than these limits misses events: it
/// then rebuilds its projection from the owning service (`consumer`, `replay`; docs/reliability.md).
#[derive(Clone, Debug, PartialEq)]
pub struct StreamLimits {
    pub max_age: std::time::Duration,
    pub max_bytes: i64,
    pub replicas: usize,
}

/// How long a publish repeated after a crash is recognised as a duplicate (the relay's id).
const DUPLICATE_WINDOW: std::time::Duration = std::time::Duration::from_secs(120);

impl StreamLimits {
    pub fn from_env() -> Result<Self> {
        use crate::config::env_parse;
        StreamLimits::of(
            env_parse("NATS_STREAM_MAX_AGE_DAYS", 0)?,
            env_parse("NATS_STREAM_MAX_BYTES", 0)?,
            env_parse("NATS_STREAM_REPLICAS", 1)?,
        )
    }

    /// Events kept `days` days (0: for good), at most `max_bytes` (0: no limit), on `replicas` nodes.
    pub fn of(days: u64, max_bytes: i64, replicas: usize) -> Result<Self> {
        anyhow::ensure!(max_bytes >= 0, "NATS_STREAM_MAX_BYTES cannot be negative");
        anyhow::ensure!((1..=5).contains(&replicas), "NATS_STREAM_REPLICAS goes from 1 to 5");
        Ok(StreamLimits {
            max_age: std::time::Duration::from_secs(days * 24 * 3600),
            max_bytes: if max_bytes == 0 { -1 } else { max_bytes },
            replicas,
        })
    }

    /// The stream of `service` under these limits.
    pub fn stream(&self, naming: &Naming, service: &str) -> async_nats::jetstream::stream::Config {
        async_nats::jetstream::stream::Config {
            name: naming.stream(service),
            subjects: vec![naming.service_wildcard(service)],
            duplicate_window: DUPLICATE_WINDOW,
            max_age: self.max_age,
            max_bytes: self.max_bytes,
            num_replicas: self.replicas,
            ..Default::default()
        }
    }
}

/// Creates the stream of `service` (every subject `<prefix>.<service>.>`) when missing, or brings its
/// limits to the settings' (`StreamLimits`). Called by the producer and by each consumer, so that
/// neither depends on which starts first.
pub async fn ensure_stream(
    jetstream: &async_nats::jetstream::Context,
    naming: &Naming,
    service: &str,
) -> Result<()> {
    ensure_stream_with(jetstream, naming, service, &StreamLimits::from_env()?).await
}

/// `ensure_stream` under `limits`.
pub async fn ensure_stream_with(
    jetstream: &async_nats::jetstream::Context,
    naming: &Naming,
    service: &str,
    limits: &StreamLimits,
) -> Result<()> {
    let config = limits.stream(naming, service);
    jetstream
        .create_or_update_stream(config)
        .await
        .with_context(|| format!("cannot create the NATS stream of {service}"))?;
    Ok(())
}

pub async fn connect(url: &str) -> Result<async_nats::Client> {
    async_nats::ConnectOptions::new()
        .name("sesame")
        // Back within a second of NATS's return (the client's default waits grow to several seconds):
        // the outbox and the consumers resume as soon as it answers. Attempts are cheap.
        .reconnect_delay_callback(|attempts| {
            std::time::Duration::from_millis((attempts as u64 * 250).min(1000))
        })
        .connect(url)
        .await
        .with_context(|| format!("cannot reach NATS at {url} (set NATS_URL)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_streams_keep_everything_unless_told() {
        let limits = StreamLimits::from_env().unwrap();
        assert_eq!(
            limits,
            StreamLimits { max_age: std::time::Duration::ZERO, max_bytes: -1, replicas: 1 }
        );
        let stream = limits.stream(&Naming::new("sesame"), "members");
        assert_eq!(stream.name, "SESAME_MEMBERS");
        assert_eq!(stream.subjects, ["sesame.members.>"]);
        assert_eq!(stream.duplicate_window, DUPLICATE_WINDOW);
        let limited = StreamLimits::of(30, 1 << 30, 3).unwrap();
        assert_eq!(limited.max_age, std::time::Duration::from_secs(30 * 86_400));
        assert_eq!((limited.max_bytes, limited.replicas), (1 << 30, 3));
        assert!(StreamLimits::of(0, -1, 1).is_err());
        assert!(StreamLimits::of(0, 0, 0).is_err());
        assert!(StreamLimits::of(0, 0, 6).is_err());
    }

    #[test]
    fn names_carry_the_instance_prefix() {
        let n = Naming::for_database_url("postgres://u@h:5432/sesame_field?sslmode=disable");
        assert_eq!(
            n.subject("members", "member", "updated"),
            "sesame_field.members.member.updated"
        );
        assert_eq!(n.stream("members"), "SESAME_FIELD_MEMBERS");
        assert_ne!(Naming::new("a.b").prefix(), "a.b");
    }
}
