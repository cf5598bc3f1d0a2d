//! The gRPC contracts shared by the gateway and the services, generated from `proto/**/*.proto`.
//! Modules mirror the proto packages (prost resolves cross-package references that way); the short
//! names (`proto::auth`, `proto::members`, ...) are what the code uses. `build.rs` writes both for
//! every package it finds.
//!
//! The same messages are the REST contract: each derives serde (fields named by their `json_name`) and
//! utoipa's `ToSchema`, so the gateway passes them through as they are. They are also the rows the
//! services read: each derives `sqlx::FromRow` (columns under the fields' proto names, see `Fields`).

pub mod lenient;

/// The names of a message's fields: (proto name, JSON name). The proto name is also the column's name
/// where a service stores the message in one table.
pub trait Fields {
    const FIELDS: &'static [(&'static str, &'static str)];

    /// The proto (column) names of the fields.
    fn columns() -> impl Iterator<Item = &'static str> {
        Self::FIELDS.iter().map(|(column, _)| *column)
    }
}

/// The identity block's columns (`common::Identity`, what a card copies of its member) under a side's
/// prefix: `identity_columns("card")` is `card_firstname`, `card_lastname`, ... (see build.rs).
pub fn identity_columns(prefix: &str) -> impl Iterator<Item = String> + '_ {
    common::Identity::columns().map(move |field| format!("{prefix}_{field}"))
}

/// An event between services: a message with a `meta` field (`common::EventMeta`), which the outbox
/// stamps with the event's id, this schema version and the time of the change.
pub trait Event: serde::Serialize {
    const SCHEMA_VERSION: u32;
}

/// The largest message any server or client of these contracts takes or sends: a whole country's
/// locality import, a 10 MB delivery proof, a 200,000-row statement, a page of 2,000 rows. The services
/// sit behind the gateway, which bounds every request body far below this.
pub const MAX_MESSAGE_BYTES: usize = 256 * 1024 * 1024;

/// A client of a contract (`CardsClient<T>`, `HistoryClient<T>`, ...), made one way everywhere: `over`
/// gives it the message limits of every server (`MAX_MESSAGE_BYTES`). Generated for every gRPC service.
pub trait Contract<T>: Sized {
    fn over(channel: T) -> Self;
}

/// A client of a service's own contract, which knows the service it calls (a kit contract, served by
/// every service, has no `Client`: it is made `over` the channel of the service asked).
pub trait Client<T>: Contract<T> {
    /// The service, as `SERVICES` names it (and `<NAME>_GRPC_URL` locates it).
    const SERVICE: &'static str;
}

/// A server of a contract (`CardsServer<T>`, ...): `limited` gives it the message limits every server
/// has. Generated for every gRPC service.
pub trait Server: Sized {
    fn limited(self) -> Self;
}

include!(concat!(env!("OUT_DIR"), "/packages.rs"));
