//! The rules of logins and login parameters, with their French messages.

pub mod login_rules;
pub mod messages;
