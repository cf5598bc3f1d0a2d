//! The rules of the geography: required fields, text normalisation for search and uniqueness, the
//! import's checks, and every French message.

pub mod import;
pub mod level_rules;
pub mod levels;
pub mod messages;
