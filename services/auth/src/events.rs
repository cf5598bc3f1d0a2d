//! Every event the auth service publishes (`proto/auth/v1/events.proto`), under its subject, tied to its
//! message: spelled in `common::outbox::subjects::auth`, with every service's, and taken from here by the
//! store. Every gateway follows them (`gateway/src/session_events.rs`).

pub use common::outbox::subjects::auth::{LOGIN_DELETED, LOGIN_UPDATED, SESSION_ENDED};
