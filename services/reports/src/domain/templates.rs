//! What a template is: its type, the designer's JSON (a `@pdfme` template: `basePdf`, a page in
//! millimetres, and `schemas`, the elements of each page) and its preview data, checked before they are
//! kept; a new template of a type starts from its type's blank page and sample record.

use super::messages as msg;
use common::error::ServiceError;
use common::validation::Faults;
use proto::reports as pb;
use serde_json::{Value, json};

/// The types of template, as `report_type` names them.
pub const TYPES: [&str; 4] = ["card", "delivery_slip", "member_sheet", "list_export"];

/// The largest template kept (images are inside it, as data URLs), under the gateway's body limit.
pub const MAX_TEMPLATE_BYTES: usize = 1_500 * 1024;

/// A checked `ReportInput`.
#[derive(Debug)]
pub struct ReportDraft {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub report_type: String,
    pub is_default: Option<bool>,
    /// A new template's first version.
    pub template: String,
    pub preview_data: Option<String>,
    pub notes: String,
}

pub fn check_report(r: &pb::ReportInput) -> Result<ReportDraft, ServiceError> {
    let mut faults = Faults::new();
    let name = faults.required("report_name", &r.report_name, 100, msg::NAME_REQUIRED);
    let description = faults.text("report_description", &r.report_description, 1000);
    let report_type = faults.required("report_type", &r.report_type, 50, msg::TYPE_REQUIRED);
    if !report_type.is_empty() && !TYPES.contains(&report_type.as_str()) {
        faults.add("report_type", msg::TYPE_UNKNOWN);
    }
    let id = r.report_id.unwrap_or(0).max(0);
    // Only a new template takes its first version here; a change makes no version.
    let template = match (id, r.report_json.trim().is_empty()) {
        (0, true) => blank_template(&report_type).to_string(),
        (0, false) => check_json(&mut faults, &r.report_json),
        _ => String::new(),
    };
    let preview_data =
        r.report_preview_data.as_deref().map(|data| match serde_json::from_str::<Value>(data) {
            Ok(Value::Object(_)) => data.trim().to_string(),
            _ => {
                faults.add("report_previewData", msg::PREVIEW_NOT_AN_OBJECT);
                String::new()
            }
        });
    let notes = faults.text("report_versionNotes", &r.report_version_notes, 500);
    faults.finish_with(ReportDraft {
        id,
        name,
        description,
        report_type,
        is_default: r.report_is_default,
        template,
        preview_data,
        notes,
    })
}

/// A version's JSON and notes, checked.
pub fn check_version(v: &pb::ReportJsonInput) -> Result<(String, String), ServiceError> {
    let mut faults = Faults::new();
    if v.report_id <= 0 {
        faults.add("report_id", msg::REPORT_REQUIRED);
    }
    let template = check_json(&mut faults, &v.report_json);
    let notes = faults.text("report_versionNotes", &v.report_version_notes, 500);
    faults.finish_with((template, notes))
}

/// The designer's JSON as it is kept: an object with a page (`basePdf`) and a list of pages of elements
/// (`schemas`), within `MAX_TEMPLATE_BYTES`.
fn check_json(faults: &mut Faults, text: &str) -> String {
    let text = text.trim();
    if text.is_empty() {
        faults.add("report_json", msg::JSON_REQUIRED);
    } else if text.len() > MAX_TEMPLATE_BYTES {
        faults.add("report_json", msg::too_large(MAX_TEMPLATE_BYTES / 1024));
    } else {
        let template: Value = serde_json::from_str(text).unwrap_or(Value::Null);
        let is_template = template.get("basePdf").is_some()
            && template
                .get("schemas")
                .and_then(Value::as_array)
                .is_some_and(|pages| pages.iter().all(|page| page.is_array() || page.is_object()));
        if !is_template {
            faults.add("report_json", msg::JSON_NOT_A_TEMPLATE);
        }
    }
    text.to_string()
}

/// A blank page of a type: a CR80 card (85.6 x 54 mm) for a card, an A4 page for the others.
pub fn blank_template(report_type: &str) -> Value {
    let (width, height) = if report_type == "card" { (85.6, 53.98) } else { (210.0, 297.0) };
    json!({
        "basePdf": {"width": width, "height": height, "padding": [0, 0, 0, 0]},
        "schemas": [[]],
    })
}

/// A sample record of a type, for the designer's preview until another is saved.
pub fn sample_data(report_type: &str) -> Value {
    let member = json!({
        "member_idNumber": "C000000123", "member_firstname": "Aya", "member_lastname": "Koné",
        "member_birthDate": "1984-02-29", "member_birthLocation": "Daloa", "member_city": "Gagnoa",
        "member_contact": "+225 07 08 09 10",
    });
    match report_type {
        "card" => json!({
            "card_idNumber": "K000000045", "card_firstname": "Aya", "card_lastname": "Koné",
            "card_birthDate": "1984-02-29", "card_birthLocation": "Daloa", "card_city": "Gagnoa",
            "card_memberIdNumber": "C000000123", "card_expirationDate": "2031-11-25",
        }),
        "delivery_slip" => json!({
            "delivery_id": 12, "delivery_recipient": "Coopérative de Gagnoa", "delivery_cardCount": 20,
        }),
        _ => member,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(json: &str) -> pb::ReportInput {
        pb::ReportInput {
            report_name: "Carte 2026".into(),
            report_type: "card".into(),
            report_json: json.into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_new_template_without_json_starts_from_its_blank_page() {
        let draft = check_report(&input("")).unwrap();
        let template: Value = serde_json::from_str(&draft.template).unwrap();
        assert_eq!(template["basePdf"]["width"], 85.6);
    }

    #[test]
    fn name_type_and_json_are_checked_in_french() {
        let mut bad = input("[1, 2]");
        bad.report_name = " ".into();
        bad.report_type = "poster".into();
        let Err(ServiceError::Invalid { fields, .. }) = check_report(&bad) else { panic!() };
        assert_eq!(fields["report_name"], msg::NAME_REQUIRED);
        assert_eq!(fields["report_type"], msg::TYPE_UNKNOWN);
        assert_eq!(fields["report_json"], msg::JSON_NOT_A_TEMPLATE);
    }

    #[test]
    fn a_designer_template_is_kept_as_written() {
        let text =
            r#"{"schemas": [[{"name": "nom", "type": "text"}]], "basePdf": {"width": 85.6}}"#;
        assert_eq!(check_report(&input(text)).unwrap().template, text);
    }
}
