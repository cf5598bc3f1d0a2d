//! The sync service's rules and French messages.

pub mod handshake;
pub mod messages;
pub mod runs;
