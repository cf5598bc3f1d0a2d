//! An operator's statement as sent: a known operator, at least one row and at most the bound, every row a
//! valid payment (its date, amount and number), no number twice. Any fault refuses the whole statement,
//! naming the row as the file shows it (the header is row 1, so the first payment is row 2).

use super::messages as msg;
use super::transaction_rules::{check_statement_row, number_key};
use chrono::NaiveDate;
use common::error::ServiceError;
use proto::cards as pb;
use std::collections::HashSet;

/// A statement's payment, checked (its member not known yet), with the payer's phone number as matched
/// (digits, at most 10 last).
#[derive(Debug)]
pub struct StatementPayment {
    pub transaction: pb::TransactionInput,
    pub phone: String,
    pub phone_key: String,
}

/// The phone number as statements and members' contacts are compared: its last ten digits (without the
/// country code 225 that statements often add).
pub fn phone_key(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    digits[digits.len().saturating_sub(10)..].to_string()
}

/// Most faults a refusal lists.
const LISTED_FAULTS: usize = 20;

pub fn statement(
    s: &pb::Statement,
    today: NaiveDate,
    operators: &[String],
    max_rows: usize,
) -> Result<Vec<StatementPayment>, ServiceError> {
    if s.rows.is_empty() {
        return Err(ServiceError::invalid_field("rows", msg::STATEMENT_EMPTY));
    }
    if s.rows.len() > max_rows {
        return Err(ServiceError::invalid_field("rows", msg::statement_too_long(max_rows)));
    }
    let mut faults = Vec::new();
    let mut seen = HashSet::new();
    let mut payments = Vec::with_capacity(s.rows.len());
    for (i, row) in s.rows.iter().enumerate() {
        let line = i + 2;
        match check_statement_row(row, &s.transaction_mobile_operator, today, operators) {
            Ok(transaction) if !seen.insert(number_key(&transaction.transaction_number)) => {
                let duplicate = msg::statement_duplicate(&transaction.transaction_number);
                faults.push(msg::statement_row(line, &duplicate));
            }
            Ok(transaction) => payments.push(StatementPayment {
                transaction,
                phone: row.phone_number.trim().chars().take(50).collect(),
                phone_key: phone_key(&row.phone_number),
            }),
            Err(fault) => faults.push(msg::statement_row(line, &fault)),
        }
    }
    if faults.is_empty() {
        return Ok(payments);
    }
    let shown: Vec<String> = faults.iter().take(LISTED_FAULTS).cloned().collect();
    let more = faults.len().saturating_sub(LISTED_FAULTS);
    let mut message = shown.join(" ");
    if more > 0 {
        message.push_str(&format!(" (et {more} autre(s) ligne(s) en erreur)"));
    }
    Err(ServiceError::invalid_field("rows", message))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::transaction_rules::operators;

    fn row(number: &str, amount: f64) -> pb::StatementRow {
        pb::StatementRow {
            transaction_number: number.into(),
            transaction_date: "02/11/2026".into(),
            transaction_amount: Some(amount),
            phone_number: "+225 0707070707".into(),
        }
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    #[test]
    fn phone_numbers_compare_on_their_last_ten_digits() {
        assert_eq!(phone_key("+225 07 07 07 07 07"), "0707070707");
        assert_eq!(phone_key("07-07-07-07-07"), "0707070707");
        assert_eq!(phone_key("12 34"), "1234");
    }

    #[test]
    fn every_bad_row_is_named_by_its_line_and_nothing_passes() {
        let s = pb::Statement {
            transaction_mobile_operator: "Wave".into(),
            rows: vec![row("A1", 5000.0), row("A2", -1.0), row("a 1", 5000.0)],
        };
        let e = statement(&s, today(), &operators(None), 100).unwrap_err().to_string();
        assert!(e.starts_with("Ligne 3 : "), "{e}");
        assert!(e.contains("Ligne 4 : le numéro de transaction « a 1 » figure deux fois"), "{e}");
    }

    #[test]
    fn good_rows_carry_the_payers_phone_key() {
        let s = pb::Statement {
            transaction_mobile_operator: "wave".into(),
            rows: vec![row("A1", 5000.0)],
        };
        let rows = statement(&s, today(), &operators(None), 100).unwrap();
        assert_eq!(
            (rows[0].phone_key.as_str(), rows[0].transaction.transaction_mobile_operator.as_str()),
            ("0707070707", "Wave")
        );
        let empty = pb::Statement { rows: vec![], ..s };
        assert!(statement(&empty, today(), &operators(None), 100).is_err());
    }
}
