//! The one way a service checks the fields it is sent: every broken rule is collected with a French
//! message on its field, the first message found for a field is the one kept, and the first fault found
//! is the headline. `finish` turns the faults into one `ServiceError::Invalid` that the gateway answers
//! as a 400 with `fields`, so a form shows each message under its field.

use crate::error::ServiceError;
use std::collections::BTreeMap;

/// Said of a text longer than its column allows.
pub const TOO_LONG: &str = "Ce texte est trop long.";

/// The faults found so far, field by field.
#[derive(Debug, Default)]
pub struct Faults {
    fields: BTreeMap<String, String>,
    headline: Option<String>,
}

impl Faults {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records `message` on `field`, unless that field already has one.
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        if self.fields.contains_key(field) {
            return;
        }
        let message = message.into();
        self.headline.get_or_insert_with(|| message.clone());
        self.fields.insert(field.to_string(), message);
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// An optional text, trimmed, at most `max` characters.
    pub fn text(&mut self, field: &str, value: &str, max: usize) -> String {
        self.text_or(field, value, max, TOO_LONG)
    }

    /// An optional text, trimmed, at most `max` characters, with the message to give when it is longer.
    pub fn text_or(&mut self, field: &str, value: &str, max: usize, too_long: &str) -> String {
        let value = value.trim();
        if value.chars().count() > max {
            self.add(field, too_long);
        }
        value.to_string()
    }

    /// A required text: present once trimmed, at most `max` characters.
    pub fn required(&mut self, field: &str, value: &str, max: usize, missing: &str) -> String {
        let value = value.trim();
        if value.is_empty() {
            self.add(field, missing);
            return String::new();
        }
        self.text(field, value, max)
    }

    /// A required reference to another record: a positive id.
    pub fn reference(&mut self, field: &str, id: i64, missing: &str) -> i64 {
        if id <= 0 {
            self.add(field, missing);
        }
        id
    }

    /// `Ok(())` when nothing is at fault, otherwise one error naming every field.
    pub fn finish(self) -> Result<(), ServiceError> {
        if self.fields.is_empty() {
            return Ok(());
        }
        let message = self.headline.unwrap_or_else(|| "Données invalides.".to_string());
        Err(ServiceError::Invalid { message, fields: self.fields })
    }

    /// `Ok(value)` when nothing is at fault, otherwise one error naming every field.
    pub fn finish_with<T>(self, value: T) -> Result<T, ServiceError> {
        self.finish().map(|()| value)
    }
}

/// A unique constraint of a service's schema and what it means to the user: the field it guards and the
/// French message when a value is taken.
pub struct UniqueField<'a> {
    pub constraint: &'a str,
    pub field: &'a str,
    pub message: String,
}

/// Turns the violation of one of `uniques` into a 409 named on its field (`ServiceError::Taken`); any
/// other database error passes through as it is.
pub fn unique_or<'a>(
    e: sqlx::Error,
    uniques: impl IntoIterator<Item = UniqueField<'a>>,
) -> ServiceError {
    let violated = match &e {
        sqlx::Error::Database(db) if db.is_unique_violation() => {
            db.constraint().map(str::to_string)
        }
        _ => None,
    };
    let unique = violated.and_then(|c| uniques.into_iter().find(|u| u.constraint == c));
    match unique {
        Some(unique) => {
            ServiceError::Taken { field: unique.field.to_string(), message: unique.message }
        }
        None => e.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_message_of_a_field_is_kept_and_the_first_fault_is_the_headline() {
        let mut faults = Faults::new();
        faults.add("member_lastname", "Le nom est obligatoire.");
        faults.add("member_firstname", "Le prénom est obligatoire.");
        faults.add("member_lastname", "Ce texte est trop long.");
        let Err(ServiceError::Invalid { message, fields }) = faults.finish() else {
            panic!("faults expected")
        };
        assert_eq!(message, "Le nom est obligatoire.");
        assert_eq!(fields["member_lastname"], "Le nom est obligatoire.");
        assert_eq!(fields["member_firstname"], "Le prénom est obligatoire.");
    }

    #[test]
    fn texts_are_trimmed_and_measured_in_characters() {
        let mut faults = Faults::new();
        assert_eq!(faults.required("name", "  Kouassi  ", 7, "manquant"), "Kouassi");
        assert_eq!(faults.text("city", "Bouaké", 6), "Bouaké");
        assert!(faults.is_empty(), "accented letters count once");
        faults.required("code", "   ", 10, "Le code est obligatoire.");
        faults.text("contact", "0123456789", 5);
        faults.reference("parent", 0, "Choisissez le parent.");
        let Err(ServiceError::Invalid { fields, .. }) = faults.finish() else {
            panic!("faults expected")
        };
        assert_eq!(fields["code"], "Le code est obligatoire.");
        assert_eq!(fields["contact"], TOO_LONG);
        assert_eq!(fields["parent"], "Choisissez le parent.");
    }

    #[test]
    fn nothing_at_fault_passes_the_value_through() {
        assert_eq!(Faults::new().finish_with(7).unwrap(), 7);
    }
}
