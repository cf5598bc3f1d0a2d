//! What every handler shares: the service clients and the instance's settings.

use common::config::RunningEnv;
use common::grpc::TracedChannel;
use proto::auth::auth_client::AuthClient;
use proto::geography::geography_client::GeographyClient;
use proto::members::members_client::MembersClient;

/// One channel per service the gateway calls.
pub struct Channels {
    pub auth: TracedChannel,
    pub geography: TracedChannel,
    pub members: TracedChannel,
}

#[derive(Clone)]
pub struct AppState {
    auth: AuthClient<TracedChannel>,
    geography: GeographyClient<TracedChannel>,
    members: MembersClient<TracedChannel>,
    pub auth_channel: TracedChannel,
    pub running_env: RunningEnv,
    /// Checked by the readiness probe when the instance uses NATS.
    pub nats: Option<async_nats::Client>,
}

impl AppState {
    pub fn new(
        channels: Channels,
        running_env: RunningEnv,
        nats: Option<async_nats::Client>,
    ) -> Self {
        AppState {
            auth: AuthClient::new(channels.auth.clone()),
            // A whole country's import answers and lists of 2,000 rows exceed tonic's 4 MiB default.
            geography: GeographyClient::new(channels.geography)
                .max_encoding_message_size(256 * 1024 * 1024)
                .max_decoding_message_size(64 * 1024 * 1024),
            // Photos and 2,000-row pages of members exceed tonic's 4 MiB default.
            members: MembersClient::new(channels.members)
                .max_encoding_message_size(64 * 1024 * 1024)
                .max_decoding_message_size(64 * 1024 * 1024),
            auth_channel: channels.auth,
            running_env,
            nats,
        }
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
