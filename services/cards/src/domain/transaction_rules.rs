//! The fields of a payment as written: date, whole amount in francs CFA, a known operator, the
//! operator's number (kept as sent, compared in capitals without spaces), the member who paid.

use super::messages as msg;
use chrono::NaiveDate;
use common::dates;
use common::error::ServiceError;
use common::validation::Faults;
use proto::cards as pb;

/// What a payment is for when the caller does not say.
pub const DEFAULT_TYPE: &str = "carte";
/// The operators when the login parameter `transaction_mobileOperators` is not set.
pub const DEFAULT_OPERATORS: &[&str] = &["Orange Money", "MTN MoMo", "Moov Money", "Wave"];
const MAX_AMOUNT: f64 = 100_000_000.0;

/// The payment types when the login parameter `transaction_types` is not set: the value written, and
/// the French label the screens show.
pub const DEFAULT_TYPES: &[(&str, &str)] =
    &[("carte", "Carte de membre"), ("cotisation", "Cotisation"), ("autre", "Autre")];

/// A payment type a payment may name: the value written, and its label.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentType {
    pub value: String,
    pub label: String,
}

/// The items of a list setting (`a, b; c` or one a line), trimmed, without empty ones.
fn listed(setting: Option<&str>) -> Vec<&str> {
    setting
        .unwrap_or_default()
        .split([',', ';', '\n'])
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .collect()
}

/// The operators a login parameter lists (`Orange Money, MTN MoMo, ...`), or the default ones.
pub fn operators(setting: Option<&str>) -> Vec<String> {
    match listed(setting) {
        none if none.is_empty() => DEFAULT_OPERATORS.iter().map(|o| o.to_string()).collect(),
        listed => listed.into_iter().map(str::to_string).collect(),
    }
}

/// The payment types a login parameter lists (`carte=Carte de membre, cotisation=Cotisation`; a type
/// without `=` is its own label), or the default ones.
pub fn payment_types(setting: Option<&str>) -> Vec<PaymentType> {
    let of = |value: &str, label: &str| PaymentType {
        value: value.trim().into(),
        label: label.trim().into(),
    };
    match listed(setting) {
        none if none.is_empty() => DEFAULT_TYPES.iter().map(|(v, l)| of(v, l)).collect(),
        listed => listed
            .into_iter()
            .map(|item| item.split_once('=').map_or_else(|| of(item, item), |(v, l)| of(v, l)))
            .collect(),
    }
}

/// Checks a payment's type: one of `types`, or the one the payment already had (`kept`: a value written
/// before the list existed stays until it is changed).
pub fn check_type(
    kind: &str,
    types: &[PaymentType],
    kept: Option<&str>,
) -> Result<(), ServiceError> {
    if types.iter().any(|t| t.value == kind) || kept == Some(kind) {
        return Ok(());
    }
    let labels: Vec<&str> = types.iter().map(|t| t.label.as_str()).collect();
    Err(ServiceError::invalid_field("transaction_type", msg::unknown_type(&labels)))
}

/// The least length of the reason a payment is cancelled for.
const MIN_CANCEL_REASON: usize = 5;
const MAX_CANCEL_REASON: usize = 500;

/// The reason a payment is cancelled for, trimmed: at least 5 characters (field `reason`).
pub fn check_cancel_reason(reason: &str) -> Result<String, ServiceError> {
    let mut f = Faults::new();
    let reason = f.text_or("reason", reason, MAX_CANCEL_REASON, msg::CANCEL_REASON_TOO_LONG);
    if reason.chars().count() < MIN_CANCEL_REASON {
        f.add("reason", msg::CANCEL_REASON_REQUIRED);
    }
    f.finish_with(reason)
}

/// The number as compared: capitals, no spaces.
pub fn number_key(number: &str) -> String {
    number.chars().filter(|c| !c.is_whitespace()).flat_map(char::to_uppercase).collect()
}

/// Checks `t` as sent; `today` bounds the date, `operators` are the known ones. Answers the payment as
/// it is written: its id when it has one (`None` to create), the date as `AAAA-MM-JJ`, a whole amount,
/// the type (`carte` by default), the operator as the settings spell it, the number trimmed.
pub fn check(
    t: &pb::TransactionInput,
    today: NaiveDate,
    operators: &[String],
) -> Result<pb::TransactionInput, ServiceError> {
    let mut f = Faults::new();
    let mut checked = payment(&mut f, t, today, operators);
    checked.transaction_member_id = t.transaction_member_id.filter(|id| *id > 0);
    if checked.transaction_member_id.is_none() {
        f.add("transaction_memberId", msg::MEMBER_REQUIRED);
    }
    f.finish_with(checked)
}

/// Checks a row of `operator`'s statement (no member yet: 0), or answers its first fault in French.
pub fn check_statement_row(
    row: &pb::StatementRow,
    operator: &str,
    today: NaiveDate,
    operators: &[String],
) -> Result<pb::TransactionInput, String> {
    let sent = pb::TransactionInput {
        transaction_date: row.transaction_date.clone(),
        transaction_amount: row.transaction_amount,
        transaction_mobile_operator: operator.to_string(),
        transaction_number: row.transaction_number.clone(),
        ..Default::default()
    };
    let mut f = Faults::new();
    let checked = payment(&mut f, &sent, today, operators);
    f.finish_with(checked).map_err(|e| e.to_string())
}

/// The payment's own fields (all but the member) as written, their faults into `f`.
fn payment(
    f: &mut Faults,
    t: &pb::TransactionInput,
    today: NaiveDate,
    operators: &[String],
) -> pb::TransactionInput {
    let date = match dates::parse(&t.transaction_date) {
        Ok(Some(date)) if date > today => {
            f.add("transaction_date", msg::DATE_IN_FUTURE);
            None
        }
        Ok(Some(date)) if date < NaiveDate::from_ymd_opt(2000, 1, 1).expect("a date") => {
            f.add("transaction_date", msg::DATE_TOO_OLD);
            None
        }
        Ok(Some(date)) => Some(date),
        Ok(None) => {
            f.add("transaction_date", msg::DATE_REQUIRED);
            None
        }
        Err(dates::NotADate) => {
            f.add("transaction_date", msg::NOT_A_DATE);
            None
        }
    };
    let amount = match t.transaction_amount {
        None => {
            f.add("transaction_amount", msg::AMOUNT_REQUIRED);
            0.0
        }
        Some(a) if a.is_finite() && a.fract() == 0.0 && a > 0.0 && a <= MAX_AMOUNT => a,
        Some(_) => {
            f.add("transaction_amount", msg::AMOUNT_INVALID);
            0.0
        }
    };
    let kind = match f.text("transaction_type", &t.transaction_type, 50) {
        kind if kind.is_empty() => DEFAULT_TYPE.to_string(),
        kind => kind,
    };
    let sent_operator = f.required(
        "transaction_mobileOperator",
        &t.transaction_mobile_operator,
        50,
        msg::OPERATOR_REQUIRED,
    );
    let operator = operators.iter().find(|o| o.eq_ignore_ascii_case(&sent_operator)).cloned();
    if operator.is_none() && !sent_operator.is_empty() {
        f.add("transaction_mobileOperator", msg::unknown_operator(operators));
    }
    let number = f.required("transaction_number", &t.transaction_number, 100, msg::NUMBER_REQUIRED);
    pb::TransactionInput {
        transaction_id: t.transaction_id.filter(|id| *id > 0),
        transaction_date: date.unwrap_or(today).format("%Y-%m-%d").to_string(),
        transaction_amount: Some(amount),
        transaction_type: kind,
        transaction_member_id: None,
        transaction_mobile_operator: operator.unwrap_or_default(),
        transaction_number: number,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    fn payment() -> pb::TransactionInput {
        pb::TransactionInput {
            transaction_date: "20/11/2026".into(),
            transaction_amount: Some(5000.0),
            transaction_member_id: Some(7),
            transaction_mobile_operator: "orange money".into(),
            transaction_number: " om 2611 2001 ".into(),
            ..Default::default()
        }
    }

    #[test]
    fn payment_types_come_from_the_setting_with_their_labels() {
        let defaults = payment_types(None);
        assert_eq!(
            defaults[0],
            PaymentType { value: "carte".into(), label: "Carte de membre".into() }
        );
        let set = payment_types(Some("carte = Carte de membre; don"));
        assert_eq!(set[1], PaymentType { value: "don".into(), label: "don".into() });
        assert!(check_type("carte", &set, None).is_ok());
        assert_eq!(fields_of(check_type("Carte", &set, None).unwrap_err()), ["transaction_type"]);
        // A value written before the list existed stays while the payment keeps it.
        assert!(check_type("card", &set, Some("card")).is_ok());
        assert!(check_type("card", &set, Some("carte")).is_err());
    }

    #[test]
    fn a_cancel_reason_has_5_characters() {
        assert_eq!(check_cancel_reason("  Saisie en double ").unwrap(), "Saisie en double");
        assert_eq!(fields_of(check_cancel_reason(" err ").unwrap_err()), ["reason"]);
        assert!(check_cancel_reason(&"x".repeat(501)).is_err());
    }

    fn fields_of(e: ServiceError) -> Vec<String> {
        match e {
            ServiceError::Invalid { fields, .. } => fields.into_keys().collect(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_payment_is_read_with_the_settings_spelling_and_its_number_key() {
        let draft = check(&payment(), today(), &operators(None)).unwrap();
        assert_eq!(draft.transaction_date, "2026-11-20");
        assert_eq!(
            (draft.transaction_amount, draft.transaction_type.as_str()),
            (Some(5000.0), DEFAULT_TYPE)
        );
        assert_eq!(draft.transaction_mobile_operator, "Orange Money");
        assert_eq!(
            (draft.transaction_number.as_str(), number_key(&draft.transaction_number).as_str()),
            ("om 2611 2001", "OM26112001")
        );
    }

    #[test]
    fn every_missing_or_wrong_field_is_named() {
        let e = check(&pb::TransactionInput::default(), today(), &operators(None)).unwrap_err();
        assert_eq!(
            fields_of(e),
            [
                "transaction_amount",
                "transaction_date",
                "transaction_memberId",
                "transaction_mobileOperator",
                "transaction_number"
            ]
        );
        let wrong = pb::TransactionInput {
            transaction_date: "2027-01-01".into(),
            transaction_amount: Some(12.5),
            transaction_mobile_operator: "Banque".into(),
            ..payment()
        };
        let e = check(&wrong, today(), &operators(Some("Wave; Orange Money"))).unwrap_err();
        assert_eq!(
            fields_of(e),
            ["transaction_amount", "transaction_date", "transaction_mobileOperator"]
        );
    }

    #[test]
    fn a_statement_row_needs_no_member_and_says_its_first_fault() {
        let row = pb::StatementRow {
            transaction_number: "W-1".into(),
            transaction_date: "2026-11-02".into(),
            transaction_amount: Some(5000.0),
            phone_number: "0707070707".into(),
        };
        let draft = check_statement_row(&row, "wave", today(), &operators(None)).unwrap();
        assert_eq!(
            (
                draft.transaction_mobile_operator.as_str(),
                draft.transaction_member_id,
                draft.transaction_amount
            ),
            ("Wave", None, Some(5000.0))
        );
        let bad = pb::StatementRow { transaction_amount: Some(-3.0), ..row };
        let fault = check_statement_row(&bad, "Wave", today(), &operators(None)).unwrap_err();
        assert!(fault.contains("montant"), "{fault}");
    }
}
