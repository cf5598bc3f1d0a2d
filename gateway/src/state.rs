//! What every handler shares: the service clients and the instance's settings.

use crate::session_cache::SessionCache;
use anyhow::{Context, Result};
use common::config::RunningEnv;
use common::grpc::TracedChannel;
use proto::auth::auth_client::AuthClient;
use proto::geography::geography_client::GeographyClient;
use proto::members::members_client::MembersClient;
use std::collections::BTreeMap;
use std::sync::Arc;

/// One channel per service the gateway calls, by the service's name (`proto::SERVICES`).
pub type Channels = BTreeMap<String, TracedChannel>;

/// The channels of a gateway run on its own: `<NAME>_GRPC_URL` for each service of `proto::SERVICES`
/// (`AUTH_GRPC_URL`, ...), by default `http://<name>:50051`, the service's name in Kubernetes and in the
/// local stack.
pub fn channels_from_env() -> Result<Channels> {
    proto::SERVICES
        .iter()
        .map(|name| {
            let variable = format!("{}_GRPC_URL", name.to_uppercase());
            let url = common::config::env_or(&variable, &format!("http://{name}:50051"));
            Ok((name.to_string(), common::grpc::channel(&url)?))
        })
        .collect()
}

#[derive(Clone)]
pub struct AppState {
    auth: AuthClient<TracedChannel>,
    geography: GeographyClient<TracedChannel>,
    members: MembersClient<TracedChannel>,
    channels: Arc<Channels>,
    pub running_env: RunningEnv,
    /// Checked by the readiness probe when the instance uses NATS.
    pub nats: Option<async_nats::Client>,
    /// Sessions checked a moment ago (token signatures are checked here).
    pub sessions: Arc<SessionCache>,
}

impl AppState {
    /// Fails when a service of `proto::SERVICES` has no channel.
    pub fn new(
        channels: Channels,
        running_env: RunningEnv,
        nats: Option<async_nats::Client>,
        session_cache: std::time::Duration,
    ) -> Result<Self> {
        if let Some(missing) = proto::SERVICES.iter().find(|s| !channels.contains_key(**s)) {
            anyhow::bail!("no channel to the {missing} service");
        }
        let channel = |name: &str| channels.get(name).cloned().context("a service's channel");
        Ok(AppState {
            auth: AuthClient::new(channel("auth")?),
            // A whole country's import answers and lists of 2,000 rows exceed tonic's 4 MiB default.
            geography: GeographyClient::new(channel("geography")?)
                .max_encoding_message_size(256 * 1024 * 1024)
                .max_decoding_message_size(64 * 1024 * 1024),
            // Photos and 2,000-row pages of members exceed tonic's 4 MiB default.
            members: MembersClient::new(channel("members")?)
                .max_encoding_message_size(64 * 1024 * 1024)
                .max_decoding_message_size(64 * 1024 * 1024),
            sessions: Arc::new(SessionCache::new(
                common::identity::Verifier::from_auth(channel("auth")?),
                session_cache,
            )),
            channels: Arc::new(channels),
            running_env,
            nats,
        })
    }

    /// The channel to a service (one of `proto::SERVICES`), for a routes file to make its client.
    pub fn channel(&self, service: &str) -> TracedChannel {
        self.channels.get(service).cloned().unwrap_or_else(|| panic!("no channel to {service}"))
    }

    pub fn geography(&self) -> GeographyClient<TracedChannel> {
        self.geography.clone()
    }

    pub fn members(&self) -> MembersClient<TracedChannel> {
        self.members.clone()
    }

    /// A client of the auth service (cheap: clients share one channel).
    pub fn auth(&self) -> AuthClient<TracedChannel> {
        self.auth.clone()
    }
}
