//! A card's printed identity as corrected before printing: first and last names required, at most 100
//! characters like the names a card copies, the birth date read as the members' dates are.

use super::messages as msg;
use common::dates;
use common::error::ServiceError;
use common::validation::Faults;
use proto::cards as pb;

/// A card's printed identity, checked.
#[derive(Debug)]
pub struct CardIdentity {
    pub firstname: String,
    pub lastname: String,
    pub birth_date: Option<chrono::NaiveDate>,
    pub birth_location: String,
    pub city: String,
    pub phone: String,
}

pub fn identity(c: &pb::CardInput) -> Result<CardIdentity, ServiceError> {
    let mut f = Faults::new();
    let firstname = f.required("card_firstname", &c.card_firstname, 100, msg::FIRSTNAME_REQUIRED);
    let lastname = f.required("card_lastname", &c.card_lastname, 100, msg::LASTNAME_REQUIRED);
    let birth_date = match dates::parse(c.card_birth_date.as_deref().unwrap_or_default()) {
        Ok(date) => date,
        Err(dates::NotADate) => {
            f.add("card_birthDate", msg::NOT_A_BIRTH_DATE);
            None
        }
    };
    let who = CardIdentity {
        firstname,
        lastname,
        birth_date,
        birth_location: f.text("card_birthLocation", &c.card_birth_location, 200),
        city: f.text("card_city", &c.card_city, 200),
        phone: f.text("card_phoneNumber", &c.card_phone_number, 50),
    };
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
            (who.firstname.as_str(), who.birth_date.unwrap().to_string()),
            ("Adjoua", "1985-02-14".into())
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
