//! Readers of JSON values that arrive in more than one form.

use serde::Deserialize;
use serde::de::{Deserializer, Error};

/// An optional number, sent as a number or as a text holding one (`"5000"`, `"1 500,5"`); empty or null
/// is none.
pub fn optional_number<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<f64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Sent {
        Number(f64),
        Text(String),
    }
    match Option::<Sent>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Sent::Number(n)) => Ok(Some(n)),
        Some(Sent::Text(text)) => {
            let text: String = text
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| if c == ',' { '.' } else { c })
                .collect();
            if text.is_empty() {
                return Ok(None);
            }
            text.parse().map(Some).map_err(|_| D::Error::custom("un nombre est attendu"))
        }
    }
}
