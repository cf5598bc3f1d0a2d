//! What every handler shares: the service clients and the instance's settings.

use crate::session_cache::SessionCache;
use anyhow::{Context, Result};
use common::config::RunningEnv;
use common::grpc::TracedChannel;
use proto::Contract;
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
            auth: AuthClient::over(channel("auth")?),
            geography: GeographyClient::over(channel("geography")?),
            members: MembersClient::over(channel("members")?),
            sessions: Arc::new(SessionCache::new(
                common::identity::Verifier::from_auth(channel("auth")?),
                session_cache,
            )),
            channels: Arc::new(channels),
            running_env,
            nats,
        })
    }

    /// The channel to a service (one of `proto::SERVICES`).
    pub fn channel(&self, service: &str) -> TracedChannel {
        self.channels.get(service).cloned().unwrap_or_else(|| panic!("no channel to {service}"))
    }

    /// A client of a service's contract, for a routes file (`state.client::<CardsClient<_>>()`), with
    /// the message limits of every client (`proto::Contract::over`).
    pub fn client<C: proto::Client<TracedChannel>>(&self) -> C {
        C::over(self.channel(C::SERVICE))
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
