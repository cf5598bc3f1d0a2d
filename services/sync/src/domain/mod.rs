//! The sync service's rules and French messages.

pub mod messages;
pub mod runs;
