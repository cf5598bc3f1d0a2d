//! Incoming dates are converted to dates (specification point 5): ISO (`2024-03-01`, or a full
//! timestamp whose day is kept) or the French way (`01/03/2024`).

use chrono::NaiveDate;

/// A text that is not a date.
#[derive(Debug, PartialEq, Eq)]
pub struct NotADate;

/// The date a text stands for; `Ok(None)` for an empty text, `Err(NotADate)` for a text that is not one.
pub fn parse(text: &str) -> Result<Option<NaiveDate>, NotADate> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let day = text.get(..10).unwrap_or(text);
    NaiveDate::parse_from_str(day, "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(text, "%d/%m/%Y"))
        .map(Some)
        .map_err(|_| NotADate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_timestamps_and_french_dates_are_read() {
        let d = NaiveDate::from_ymd_opt(2024, 3, 1).unwrap();
        assert_eq!(parse("2024-03-01"), Ok(Some(d)));
        assert_eq!(parse("2024-03-01T00:00:00.000Z"), Ok(Some(d)));
        assert_eq!(parse("01/03/2024"), Ok(Some(d)));
        assert_eq!(parse("  "), Ok(None));
        assert_eq!(parse("2024-02-30"), Err(NotADate));
        assert_eq!(parse("hier"), Err(NotADate));
    }
}
