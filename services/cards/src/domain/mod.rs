//! The rules of the cards service and its French messages.

pub mod card_qr;
pub mod card_rules;
pub mod delivery_rules;
pub mod messages;
pub mod proof_rules;
pub mod statement_rules;
pub mod transaction_rules;
