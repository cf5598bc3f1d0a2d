//! The words of a run: its direction and its state, checked where they come in.

use super::messages as msg;
use common::error::ServiceError;

pub const DIRECTIONS: &[&str] = &["to_server", "from_server"];
pub const STATES: &[&str] = &["running", "done", "failed", "stopped"];

/// A run's direction, as the caller named it.
pub fn direction(text: &str) -> Result<&'static str, ServiceError> {
    DIRECTIONS
        .iter()
        .find(|d| **d == text.trim())
        .copied()
        .ok_or_else(|| ServiceError::invalid_field("direction", msg::UNKNOWN_DIRECTION))
}

/// A list filter on the direction or the state: empty is none.
pub fn filter(
    text: &str,
    allowed: &[&'static str],
    field: &str,
    message: &str,
) -> Result<Option<&'static str>, ServiceError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    allowed
        .iter()
        .find(|a| **a == text)
        .map(|a| Some(*a))
        .ok_or_else(|| ServiceError::invalid_field(field, message))
}

/// A run's uuid, as the caller gave it.
pub fn run_uuid(text: &str) -> Result<uuid::Uuid, ServiceError> {
    uuid::Uuid::parse_str(text.trim())
        .map_err(|_| ServiceError::invalid_field("uuid", msg::RUN_UUID_INVALID))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_direction_is_one_of_two() {
        assert_eq!(direction(" to_server ").unwrap(), "to_server");
        assert_eq!(direction("from_server").unwrap(), "from_server");
        assert!(direction("both").is_err());
        assert!(direction("").is_err());
    }

    #[test]
    fn filters_are_optional_and_checked() {
        assert_eq!(filter("", STATES, "state", msg::UNKNOWN_STATE).unwrap(), None);
        assert_eq!(filter("done", STATES, "state", msg::UNKNOWN_STATE).unwrap(), Some("done"));
        assert!(filter("over", STATES, "state", msg::UNKNOWN_STATE).is_err());
        assert!(run_uuid("not-a-uuid").is_err());
    }
}
