//! The rules of the cards service and its French messages.

pub mod card_qr;
pub mod messages;
pub mod transaction_rules;
