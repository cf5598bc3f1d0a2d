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

    /// One stream per producing service.
    pub fn stream(&self, service: &str) -> String {
        format!("{}_{}", self.prefix, service).to_uppercase()
    }
}

/// Creates, when missing, the stream of `service`: every subject `<prefix>.<service>.>`. Called by the
/// producer and by each consumer, so that neither depends on which starts first.
pub async fn ensure_stream(
    jetstream: &async_nats::jetstream::Context,
    naming: &Naming,
    service: &str,
) -> Result<()> {
    jetstream
        .get_or_create_stream(async_nats::jetstream::stream::Config {
            name: naming.stream(service),
            subjects: vec![naming.service_wildcard(service)],
            duplicate_window: std::time::Duration::from_secs(120),
            ..Default::default()
        })
        .await
        .with_context(|| format!("cannot create the NATS stream of {service}"))?;
    Ok(())
}

pub async fn connect(url: &str) -> Result<async_nats::Client> {
    async_nats::ConnectOptions::new()
        .name("sesame")
        .connect(url)
        .await
        .with_context(|| format!("cannot reach NATS at {url} (set NATS_URL)"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
