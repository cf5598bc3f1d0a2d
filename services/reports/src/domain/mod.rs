//! The reports service's rules and French messages.

pub mod messages;
pub mod metabase;
pub mod statistics;
pub mod templates;
