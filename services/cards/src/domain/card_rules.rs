//! A card's printed identity as corrected before printing: first and last names required, at most 100
//! characters like the names a card copies, the birth date read as the members' dates are, the phone
//! number at most 50 characters, every other field of the identity block (`proto::common::Identity`) a
//! text of at most 200 characters, trimmed.

use super::messages as msg;
use common::dates;
use common::error::ServiceError;
use common::validation::Faults;
use proto::Fields;
use proto::cards as pb;
use serde_json::{Map, Value};

/// The card's printed identity of `c`, checked: the same message, texts trimmed and the birth date as
/// `AAAA-MM-JJ` (none when empty), or the faults on their fields (JSON names).
pub fn identity(c: &pb::CardInput) -> Result<pb::CardInput, ServiceError> {
    let mut f = Faults::new();
    let sent = serde_json::to_value(c).unwrap_or_default();
    let mut checked = Map::new();
    for (column, name) in pb::CardInput::FIELDS {
        let value = sent.get(*name).cloned().unwrap_or(Value::Null);
        let text = value.as_str().unwrap_or_default();
        let value = match *column {
            "card_id" | "card_member_id" => value,
            "card_firstname" => f.required(name, text, 100, msg::FIRSTNAME_REQUIRED).into(),
            "card_lastname" => f.required(name, text, 100, msg::LASTNAME_REQUIRED).into(),
            "card_birth_date" => match dates::parse(text) {
                Ok(date) => date.map(|d| d.to_string()).into(),
                Err(dates::NotADate) => {
                    f.add(name, msg::NOT_A_BIRTH_DATE);
                    Value::Null
                }
            },
            "card_phone_number" => f.text(name, text, 50).into(),
            _ => f.text(name, text, 200).into(),
        };
        checked.insert(name.to_string(), value);
    }
    let who = serde_json::from_value(Value::Object(checked)).unwrap_or_default();
    f.finish_with(who)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_required_and_dates_read_in_french() {
        let sent = pb::CardInput {
            card_firstname: " Adjoua ".into(),
            card_lastname: "Koné".into(),
            card_birth_date: Some("14/02/1985".into()),
            ..Default::default()
        };
        let who = identity(&sent).unwrap();
        assert_eq!(
            (who.card_firstname.as_str(), who.card_birth_date.as_deref()),
            ("Adjoua", Some("1985-02-14"))
        );
        let wrong = pb::CardInput { card_birth_date: Some("demain".into()), ..Default::default() };
        match identity(&wrong).unwrap_err() {
            ServiceError::Invalid { fields, .. } => assert_eq!(
                fields.into_keys().collect::<Vec<_>>(),
                ["card_birthDate", "card_firstname", "card_lastname"]
            ),
            other => panic!("{other:?}"),
        }
    }
}
