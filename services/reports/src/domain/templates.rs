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
        (0, false) => check_json(&mut faults, &r.report_json, &report_type),
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

/// A version's JSON and notes, checked for a template of `report_type`.
pub fn check_version(
    v: &pb::ReportJsonInput,
    report_type: &str,
) -> Result<(String, String), ServiceError> {
    let mut faults = Faults::new();
    if v.report_id <= 0 {
        faults.add("report_id", msg::REPORT_REQUIRED);
    }
    let template = check_json(&mut faults, &v.report_json, report_type);
    let notes = faults.text("report_versionNotes", &v.report_version_notes, 500);
    faults.finish_with((template, notes))
}

/// The designer's JSON as it is kept: an object with a page (`basePdf`) and a list of pages of elements
/// (`schemas`), within `MAX_TEMPLATE_BYTES`, which a template of `report_type` can print (`unprintable`).
fn check_json(faults: &mut Faults, text: &str, report_type: &str) -> String {
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
        } else if let Some(fault) = unprintable(&template, report_type) {
            faults.add("report_json", fault);
        }
    }
    text.to_string()
}

/// The elements that only draw (a line, a shape): bound to no field.
const DRAWINGS: [&str; 3] = ["line", "rectangle", "ellipse"];

/// The types printed by the cards service, and the elements it draws.
const SERVER_PRINTED: [&str; 2] = ["card", "delivery_slip"];
const SERVER_ELEMENTS: [&str; 7] =
    ["text", "image", "qrcode", "rectangle", "ellipse", "line", "table"];

/// The smallest side of a QR code a card reader reads (its payload is a signed identity).
pub const QR_MIN_MM: f64 = 15.0;

/// The fields a template of `report_type` may bind an element to: the JSON names of the record it prints
/// (its proto message, so a field added there can be printed with no edit here) and its photo.
pub fn fields(report_type: &str) -> Vec<&'static str> {
    use proto::Fields;
    let (record, extra): (&[(&str, &'static str)], &[&'static str]) = match report_type {
        "card" => (proto::cards::Card::FIELDS, &["card_photo"]),
        // The cards' table and the kind in French, which the cards service adds to a delivery.
        "delivery_slip" => (proto::cards::Delivery::FIELDS, &common::printed::SLIP_EXTRA_FIELDS),
        // A member sheet, or a list of members, one line each.
        _ => (proto::members::Member::FIELDS, &["member_photo"]),
    };
    record.iter().map(|(_, json_name)| *json_name).chain(extra.iter().copied()).collect()
}

/// Why a template cannot print, naming its first faulty element: an element bound to a field the record
/// does not have, an element off its page, a QR code too small to be read; `None` when it can.
pub fn unprintable(template: &Value, report_type: &str) -> Option<String> {
    let known = fields(report_type);
    // Cards and slips are printed by the cards service, which draws these elements on a blank page
    // (services/cards/src/template_render.rs); the other types are printed by the browser's generator.
    let on_server = SERVER_PRINTED.contains(&report_type);
    // A page given as a PDF (a data URL) has no size here: its elements are not measured.
    let page = template["basePdf"]["width"].as_f64().zip(template["basePdf"]["height"].as_f64());
    if on_server && page.is_none() {
        return Some(msg::PAGE_NOT_BLANK.to_string());
    }
    let pages = template["schemas"].as_array()?;
    for (n, elements) in pages.iter().enumerate() {
        let elements: Vec<&Value> = match elements {
            Value::Array(list) => list.iter().collect(),
            Value::Object(by_name) => by_name.values().collect(),
            _ => continue,
        };
        for element in elements {
            let name = element["name"].as_str().unwrap_or_default();
            let kind = element["type"].as_str().unwrap_or_default();
            if on_server && !SERVER_ELEMENTS.contains(&kind) {
                return Some(msg::element_not_printed(name, kind));
            }
            let bound = !DRAWINGS.contains(&kind) && element["readOnly"] != Value::Bool(true);
            // The designer names a second element of a field `card_lastname-2`.
            let field = name.rsplit_once('-').filter(|(_, n)| n.parse::<u32>().is_ok());
            let field = field.map_or(name, |(field, _)| field);
            if bound && !known.contains(&field) {
                return Some(msg::element_unknown_field(name, report_type, &known));
            }
            let (x, y) = (element["position"]["x"].as_f64(), element["position"]["y"].as_f64());
            let (width, height) = (element["width"].as_f64(), element["height"].as_f64());
            let (Some(x), Some(y), Some(width), Some(height)) = (x, y, width, height) else {
                return Some(msg::element_unplaced(name));
            };
            if let Some((page_width, page_height)) = page {
                let outside = x < -0.01
                    || y < -0.01
                    || x + width > page_width + 0.01
                    || y + height > page_height + 0.01;
                if outside {
                    return Some(msg::element_off_page(name, n + 1, page_width, page_height));
                }
            }
            if kind == "qrcode" && width.min(height) < QR_MIN_MM {
                return Some(msg::qr_too_small(name, width.min(height), QR_MIN_MM));
            }
        }
    }
    None
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
            "delivery_code": "LIV-2026-0012", "delivery_quantity": 2,
            "delivery_creationDateTime": "2026-11-25T09:30:00Z", "delivery_createdByLogin": "awa.agent",
            "delivery_kind": "Livraison",
            "delivery_cards": json!([
                ["1", "K000000045", "C000000123", "KONÉ Aya", "29/02/1984", "25/11/2031"],
                ["2", "K000000046", "C000000124", "YAO Kouassi Serge", "12/07/1990", "25/11/2031"],
            ]).to_string(),
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

    fn card(elements: Value) -> Value {
        json!({"basePdf": {"width": 85.6, "height": 53.98}, "schemas": [elements]})
    }

    #[test]
    fn a_template_that_cannot_print_is_refused_naming_its_element() {
        let text = |name: &str, x: f64| json!({"name": name, "type": "text", "position": {"x": x, "y": 5}, "width": 30, "height": 6});
        assert_eq!(unprintable(&card(json!([text("card_lastname", 5.0)])), "card"), None);
        assert_eq!(unprintable(&card(json!([text("card_lastname-2", 5.0)])), "card"), None);
        let unknown = unprintable(&card(json!([text("field1", 5.0)])), "card").unwrap();
        assert!(
            unknown.starts_with("L'élément « field1 » n'est lié à aucun champ d'une carte"),
            "{unknown}"
        );
        let fixed = json!({"name": "titre", "type": "text", "readOnly": true, "position": {"x": 5, "y": 5}, "width": 30, "height": 6});
        assert_eq!(unprintable(&card(json!([fixed])), "card"), None, "a fixed text binds no field");
        let off = unprintable(&card(json!([text("card_city", 60.0)])), "card").unwrap();
        assert!(off.starts_with("L'élément « card_city » sort de la page 1"), "{off}");
        let barcode = json!({"name": "card_idNumber", "type": "code128", "position": {"x": 5, "y": 30}, "width": 30, "height": 10});
        let refused = unprintable(&card(json!([barcode.clone()])), "card").unwrap();
        assert!(
            refused.starts_with("L'élément « card_idNumber » (code128) ne s'imprime pas"),
            "{refused}"
        );
        let sheet = json!({"basePdf": {"width": 210, "height": 297}, "schemas": [[{"name": "member_idNumber", "type": "code128", "position": {"x": 5, "y": 30}, "width": 30, "height": 10}]]});
        assert_eq!(unprintable(&sheet, "member_sheet"), None, "the browser prints a member sheet");
        let pdf_page = json!({"basePdf": "data:application/pdf;base64,JVBERi0=", "schemas": [[]]});
        assert_eq!(unprintable(&pdf_page, "card"), Some(msg::PAGE_NOT_BLANK.to_string()));
        let qr = json!({"name": "card_qrcode", "type": "qrcode", "position": {"x": 60, "y": 20}, "width": 12, "height": 12});
        let small = unprintable(&card(json!([qr])), "card").unwrap();
        assert!(small.starts_with("Le code QR « card_qrcode » mesure 12 mm"), "{small}");
    }

    #[test]
    fn every_type_binds_its_own_record_and_its_sample_has_only_those_fields() {
        for report_type in TYPES {
            let known = fields(report_type);
            let Value::Object(sample) = sample_data(report_type) else { panic!() };
            for key in sample.keys() {
                assert!(known.contains(&key.as_str()), "{report_type}: {key}");
            }
        }
        assert!(
            fields("card").contains(&"card_firstname"),
            "the identity block is a card's fields"
        );
    }

    #[test]
    fn an_unbound_element_is_refused_with_every_field_that_can_be_chosen() {
        // A QR code dropped from the designer's toolbar, named by the designer.
        let dropped = json!({"name": "Champ4", "type": "qrcode", "position": {"x": 5, "y": 5}, "width": 20, "height": 20});
        let refused = unprintable(&card(json!([dropped])), "card").unwrap();
        assert!(
            refused.starts_with("L'élément « Champ4 » n'est lié à aucun champ d'une carte"),
            "{refused}"
        );
        let (_, listed) = refused.rsplit_once("Champs : ").unwrap();
        let listed: Vec<&str> = listed.trim_end_matches('.').split(", ").collect();
        assert_eq!(listed, fields("card"), "every field, not a few examples");
        for field in ["card_qrcode", "card_photo", "card_phoneNumber", "card_membershipStartDate"] {
            assert!(listed.contains(&field), "{field} in {refused}");
        }
        // Bound to them, the QR code and the phone print.
        let qr = json!({"name": "card_qrcode", "type": "qrcode", "position": {"x": 5, "y": 5}, "width": 20, "height": 20});
        let phone = json!({"name": "card_phoneNumber", "type": "text", "position": {"x": 30, "y": 5}, "width": 30, "height": 6});
        assert_eq!(unprintable(&card(json!([qr, phone])), "card"), None);
        let sheet = msg::element_unknown_field("x", "member_sheet", &fields("member_sheet"));
        assert!(sheet.contains("member_contact") && sheet.contains("member_photo"), "{sheet}");
    }

    #[test]
    fn a_designer_template_is_kept_as_written() {
        let text = r#"{"schemas": [[{"name": "card_lastname", "type": "text", "position": {"x": 1, "y": 1}, "width": 20, "height": 5}]], "basePdf": {"width": 85.6, "height": 53.98}}"#;
        assert_eq!(check_report(&input(text)).unwrap().template, text);
    }
}
