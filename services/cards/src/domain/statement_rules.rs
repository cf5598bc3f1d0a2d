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

/// A statement sent in one call, checked whole: every row, or the refusal naming its faulty lines.
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
    let mut checker = StatementChecker::new(&s.transaction_mobile_operator, today, operators);
    let payments: Vec<StatementPayment> =
        s.rows.iter().enumerate().filter_map(|(i, row)| checker.check(i, row)).collect();
    checker.verdict()?;
    Ok(payments)
}

/// The statement's operator as the settings spell it, or the refusal naming the known ones.
pub fn known_operator(sent: &str, operators: &[String]) -> Result<String, ServiceError> {
    let sent = sent.trim();
    if sent.is_empty() {
        return Err(ServiceError::invalid_field(
            "transaction_mobileOperator",
            msg::OPERATOR_REQUIRED,
        ));
    }
    operators.iter().find(|o| o.eq_ignore_ascii_case(sent)).cloned().ok_or_else(|| {
        ServiceError::invalid_field("transaction_mobileOperator", msg::unknown_operator(operators))
    })
}

/// A statement imported as a job has at least one row and at most `max`.
pub fn job_size(rows_total: i64, max: i64) -> Result<(), ServiceError> {
    if rows_total < 1 {
        return Err(ServiceError::invalid_field("rows_total", msg::STATEMENT_EMPTY));
    }
    if rows_total > max {
        return Err(ServiceError::invalid_field(
            "rows_total",
            msg::statement_too_long(max as usize),
        ));
    }
    Ok(())
}

/// A part of a job's rows: not empty, at most `max` rows, starting at a row already reached (a part sent
/// again is taken once) and ending within the statement.
pub fn part_fits(
    part: &pb::StatementPart,
    received: i64,
    total: i64,
    max: usize,
) -> Result<(), ServiceError> {
    if part.rows.is_empty() {
        return Err(ServiceError::invalid_field("rows", msg::STATEMENT_EMPTY));
    }
    if part.rows.len() > max {
        return Err(ServiceError::invalid_field("rows", msg::statement_part_too_long(max)));
    }
    let end = part.first_row.saturating_add(part.rows.len() as i64);
    if part.first_row < 0 || part.first_row > received || end > total {
        let fault = msg::statement_part_out_of_place(part.first_row, received, total);
        return Err(ServiceError::invalid_field("first_row", fault));
    }
    Ok(())
}

/// Checks a statement's rows one at a time in the file's order, as a long statement is read a page at a
/// time: what it keeps is the numbers seen (a number twice is a fault) and the first faults, never the
/// rows.
pub struct StatementChecker<'a> {
    operator: &'a str,
    today: NaiveDate,
    operators: &'a [String],
    seen: HashSet<String>,
    listed: Vec<String>,
    faults: usize,
}

impl<'a> StatementChecker<'a> {
    pub fn new(operator: &'a str, today: NaiveDate, operators: &'a [String]) -> Self {
        StatementChecker {
            operator,
            today,
            operators,
            seen: HashSet::new(),
            listed: Vec::new(),
            faults: 0,
        }
    }

    /// The row of rank `index` (0 for the first payment, line 2 of the file): its payment when it is good,
    /// nothing when it is faulty (the fault is kept).
    pub fn check(&mut self, index: usize, row: &pb::StatementRow) -> Option<StatementPayment> {
        let line = index + 2;
        let fault = match check_statement_row(row, self.operator, self.today, self.operators) {
            Ok(transaction) if !self.seen.insert(number_key(&transaction.transaction_number)) => {
                msg::statement_duplicate(&transaction.transaction_number)
            }
            Ok(transaction) => {
                return Some(StatementPayment {
                    transaction,
                    phone: row.phone_number.trim().chars().take(50).collect(),
                    phone_key: phone_key(&row.phone_number),
                });
            }
            Err(fault) => fault,
        };
        self.faults += 1;
        if self.listed.len() < LISTED_FAULTS {
            self.listed.push(msg::statement_row(line, &fault));
        }
        None
    }

    /// Whether every row checked so far was good; otherwise the refusal, with the first faults and how
    /// many more there are.
    pub fn verdict(&self) -> Result<(), ServiceError> {
        if self.faults == 0 {
            return Ok(());
        }
        let mut message = self.listed.join(" ");
        let more = self.faults - self.listed.len();
        if more > 0 {
            message.push_str(&format!(" (et {more} autre(s) ligne(s) en erreur)"));
        }
        Err(ServiceError::invalid_field("rows", message))
    }
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

    #[test]
    fn a_part_starts_where_the_rows_received_end_or_before_and_ends_within_the_statement() {
        let part = |first_row: i64, n: usize| pb::StatementPart {
            job_id: String::new(),
            first_row,
            rows: vec![row("A1", 5000.0); n],
        };
        assert!(part_fits(&part(0, 10), 0, 25, 10).is_ok());
        assert!(part_fits(&part(10, 10), 10, 25, 10).is_ok());
        assert!(part_fits(&part(0, 10), 10, 25, 10).is_ok(), "a part sent again");
        assert!(part_fits(&part(20, 5), 10, 25, 10).is_err(), "a gap");
        assert!(part_fits(&part(20, 10), 20, 25, 10).is_err(), "past the end");
        assert!(part_fits(&part(0, 11), 0, 25, 10).is_err(), "too long");
        assert!(part_fits(&part(0, 0), 0, 25, 10).is_err(), "empty");
    }

    #[test]
    fn a_statement_checked_in_pages_gives_the_refusal_of_one_checked_whole() {
        let rows = vec![row("A1", 5000.0), row("A2", -1.0), row("a 1", 5000.0), row("A3", 5000.0)];
        let whole =
            pb::Statement { transaction_mobile_operator: "Wave".into(), rows: rows.clone() };
        let ops = operators(None);
        let once = statement(&whole, today(), &ops, 100).unwrap_err().to_string();
        let mut checker = StatementChecker::new("Wave", today(), &ops);
        let good = rows.chunks(2).enumerate().flat_map(|(p, page)| {
            page.iter().enumerate().map(move |(i, r)| (p * 2 + i, r)).collect::<Vec<_>>()
        });
        let good: Vec<_> = good.filter_map(|(i, r)| checker.check(i, r)).collect();
        assert_eq!(good.len(), 2);
        assert_eq!(checker.verdict().unwrap_err().to_string(), once);
        assert_eq!(known_operator(" wave ", &ops).unwrap(), "Wave");
        assert!(known_operator("Inconnu", &ops).is_err());
    }
}
