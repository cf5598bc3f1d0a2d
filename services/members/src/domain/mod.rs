//! The rules of the members service: identity numbers, dates, the family, the fields of a member, a
//! cooperative and a parcel, photos, and every French message.

pub use common::id_number;
pub mod member_rules;
pub mod messages;
pub mod photo;
pub mod registry_rules;
