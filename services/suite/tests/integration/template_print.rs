//! The server prints what the designer drew: one card template rendered by the designer library's own
//! generator (`@pdfme/generator`, run with node from web/node_modules by web/scripts/pdfme-generate.mjs)
//! and by the cards service's renderer (`cards::template_render`); every word of both files, read back
//! with `pdftotext -bbox` (poppler-utils), stands at the same place within 0.5 mm.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;

/// How far a word may stand from where the designer's generator put it.
const TOLERANCE_MM: f64 = 0.5;
const PT_PER_MM: f64 = 72.0 / 25.4;

/// A card template using what moves a text: sizes, the three alignments, the three vertical
/// alignments, line height, character spacing, padding, dynamic font sizes, a text that wraps, a fixed text (with a field in it), a
/// second element of a field, and the shapes and QR code around them.
fn template() -> Value {
    let text = |name: &str, [x, y, w, h]: [f64; 4], extra: Value| {
        let mut element = json!({"name": name, "type": "text", "position": {"x": x, "y": y},
            "width": w, "height": h, "fontSize": 9});
        for (key, value) in extra.as_object().unwrap() {
            element[key] = value.clone();
        }
        element
    };
    json!({
        "basePdf": {"width": 85.6, "height": 53.98, "padding": [0, 0, 0, 0]},
        "schemas": [[
            {"name": "bandeau", "type": "rectangle", "position": {"x": 0, "y": 0}, "width": 85.6, "height": 9,
             "color": "#1f6f3a", "borderWidth": 0, "borderColor": ""},
            text("titre", [3.0, 1.5, 60.0, 6.0], json!({"readOnly": true, "content": "Coopérative Sésame · Carte de membre",
                "fontSize": 8, "fontColor": "#ffffff", "verticalAlignment": "middle"})),
            text("ville", [50.0, 11.0, 33.0, 5.0], json!({"readOnly": true, "content": "Ville : {card_city}",
                "fontSize": 7})),
            text("card_lastname", [3.0, 11.0, 45.0, 6.0], json!({"fontSize": 12})),
            text("card_firstname", [3.0, 17.5, 45.0, 5.0], json!({"characterSpacing": 0.6})),
            text("card_birthLocation", [3.0, 23.0, 24.0, 11.0], json!({"lineHeight": 1.3, "fontSize": 8})),
            text("card_city", [28.0, 23.0, 22.0, 5.0], json!({"alignment": "right", "fontSize": 7})),
            text("card_idNumber", [28.0, 28.5, 22.0, 6.0], json!({"alignment": "center", "verticalAlignment": "bottom",
                "fontSize": 8})),
            text("card_memberIdNumber", [3.0, 36.0, 45.0, 7.0], json!({"verticalAlignment": "middle",
                "padding": {"top": 0.5, "right": 0, "bottom": 1.5, "left": 2}})),
            text("card_firstname-2", [60.0, 46.0, 24.0, 7.0], json!({"dynamicFontSize":
                {"min": 4, "max": 14, "fit": "vertical"}})),
            text("card_city-2", [60.0, 17.0, 24.0, 3.0], json!({"dynamicFontSize":
                {"min": 3, "max": 20, "fit": "horizontal"}})),
            text("card_lastname-2", [3.0, 44.0, 45.0, 5.0], json!({"alignment": "center", "fontSize": 6})),
            {"name": "trait", "type": "line", "position": {"x": 3, "y": 50}, "width": 45, "height": 0.3,
             "color": "#1f6f3a"},
            {"name": "card_qrcode", "type": "qrcode", "position": {"x": 58, "y": 20}, "width": 24, "height": 24,
             "backgroundColor": "#ffffff", "barColor": "#000000"},
            {"name": "cadre", "type": "ellipse", "position": {"x": 52, "y": 46}, "width": 6, "height": 6,
             "color": "", "borderColor": "#1f6f3a", "borderWidth": 0.4}
        ]]
    })
}

fn record() -> Value {
    json!({
        "card_lastname": "N'GUESSAN-KOUADIO",
        "card_firstname": "Adjoua Élodie",
        "card_birthLocation": "Grand-Bassam, Sud-Comoé",
        "card_city": "Yamoussoukro",
        "card_idNumber": "K000000142",
        "card_memberIdNumber": "C000000175",
        "card_qrcode": "NCFOXN%TS3DH3ZSUZK+.V0ETD%65NL-AH",
    })
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// A word's page and place on it, in points: its left, its baseline, its right.
#[derive(Debug)]
struct Word {
    page: usize,
    text: String,
    left: f64,
    baseline: f64,
    right: f64,
}

/// The words of `pdf` as pdftotext places them. pdftotext's box runs from the font's ascent to its
/// descent as the file's font descriptor states them, and the two generators state Roboto's
/// differently (its `hhea` or its `OS/2` metrics): the baseline, where the text is set, is compared.
fn words(pdf: &[u8], name: &str, dir: &Path) -> Vec<Word> {
    let path = dir.join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).unwrap();
    let output =
        Command::new("pdftotext").args(["-bbox", path.to_str().unwrap(), "-"]).output().expect(
            "pdftotext runs (Debian package poppler-utils, installed by scripts/prerequisites.sh)",
        );
    assert!(output.status.success(), "pdftotext: {}", String::from_utf8_lossy(&output.stderr));
    let (ascent, descent) = font_metrics(pdf);
    let below = -descent / (ascent - descent);
    let xml = String::from_utf8(output.stdout).unwrap();
    let attribute = |line: &str, key: &str| -> f64 {
        let start = line.find(&format!("{key}=\"")).unwrap() + key.len() + 2;
        line[start..].split('"').next().unwrap().parse().unwrap()
    };
    let mut page = 0;
    let mut words = Vec::new();
    for line in xml.lines().map(str::trim_start) {
        page += usize::from(line.starts_with("<page "));
        if !line.starts_with("<word ") {
            continue;
        }
        let text = line.split('>').nth(1).unwrap().split("</word").next().unwrap();
        let (top, bottom) = (attribute(line, "yMin"), attribute(line, "yMax"));
        words.push(Word {
            page,
            text: text.to_string(),
            left: attribute(line, "xMin"),
            baseline: bottom - (bottom - top) * below,
            right: attribute(line, "xMax"),
        });
    }
    words
}

/// The ascent and descent the file's one font descriptor states.
fn font_metrics(pdf: &[u8]) -> (f64, f64) {
    let document = lopdf::Document::load_mem(pdf).unwrap();
    let number = |d: &lopdf::Dictionary, key: &[u8]| match d.get(key).unwrap() {
        lopdf::Object::Integer(n) => *n as f64,
        lopdf::Object::Real(n) => *n as f64,
        other => panic!("{other:?}"),
    };
    let descriptors: Vec<(f64, f64)> = document
        .objects
        .values()
        .filter_map(|object| object.as_dict().ok())
        .filter(|d| d.get(b"Type").ok().and_then(|t| t.as_name().ok()) == Some(b"FontDescriptor"))
        .map(|d| (number(d, b"Ascent"), number(d, b"Descent")))
        .collect();
    assert_eq!(descriptors.len(), 1, "one font, Roboto");
    descriptors[0]
}

fn designer_rendering(template: &Value, inputs: &Value, dir: &Path) -> Vec<u8> {
    let (template_path, inputs_path, out) =
        (dir.join("template.json"), dir.join("inputs.json"), dir.join("pdfme.pdf"));
    std::fs::write(&template_path, template.to_string()).unwrap();
    std::fs::write(&inputs_path, inputs.to_string()).unwrap();
    let web = repository().join("web");
    let output = Command::new("node")
        .current_dir(&web)
        .args(["scripts/pdfme-generate.mjs"])
        .args([&template_path, &inputs_path, &out])
        .output()
        .expect("node runs (the web dependencies: scripts/web-deps.sh)");
    assert!(output.status.success(), "pdfme: {}", String::from_utf8_lossy(&output.stderr));
    std::fs::read(out).unwrap()
}

fn server_rendering(template: &Value, record: &Value) -> Vec<u8> {
    let template = cards::template_render::Template::parse(&template.to_string()).unwrap();
    let values = record.as_object().unwrap();
    template.pdf(&[&cards::template_render::JsonRecord { values, photo: None }]).unwrap()
}

#[test]
fn every_text_stands_where_the_designers_generator_puts_it() {
    // The generator fills an element by its name; the server reads `card_lastname-2` from its field and a
    // fixed text from the element: the designer's preview gives them the same values.
    let mut inputs = record();
    inputs["card_lastname-2"] = inputs["card_lastname"].clone();
    inputs["card_firstname-2"] = inputs["card_firstname"].clone();
    inputs["card_city-2"] = inputs["card_city"].clone();
    assert_same_places(&template(), &record(), &inputs, 15);
}

/// The card template Sésame ships prints where the designer shows it, its dates as jj/mm/aaaa (the
/// designer's preview writes them so, web/src/features/reports/template.ts).
#[test]
fn the_shipped_card_prints_where_the_designer_shows_it() {
    let (_, _, json) = reports::store::SHIPPED.iter().find(|(kind, _, _)| *kind == "card").unwrap();
    let template: Value = serde_json::from_str(json).unwrap();
    let mut record = record();
    record["card_birthDate"] = json!("1985-02-14");
    record["card_expirationDate"] = json!("2031-12-07");
    let mut inputs = record.clone();
    inputs["card_birthDate"] = json!("14/02/1985");
    inputs["card_expirationDate"] = json!("07/12/2031");
    assert_same_places(&template, &record, &inputs, 14);
}

/// The slip template Sésame ships, its table of cards across pages as the designer breaks it: a short
/// delivery on one page, a long one (70 cards) running onto the next with its head repeated, the total
/// and the boxes to sign after the last row.
#[test]
fn the_shipped_slip_prints_and_breaks_its_pages_where_the_designer_does() {
    let (_, _, json) =
        reports::store::SHIPPED.iter().find(|(kind, _, _)| *kind == "delivery_slip").unwrap();
    let template: Value = serde_json::from_str(json).unwrap();
    for cards in [3, 70] {
        let rows: Vec<Value> = (1..=cards)
            .map(|i| {
                json!([
                    i.to_string(),
                    format!("K{i:09}"),
                    format!("C{i:09}"),
                    format!("N'GUESSAN-KOUADIO Adjoua Élodie {i}"),
                    "14/02/1985",
                    "07/12/2031"
                ])
            })
            .collect();
        let record = json!({
            "delivery_code": "LIV-20261207-4", "delivery_quantity": cards,
            "delivery_creationDateTime": "2026-12-07T09:30:00+00:00",
            "delivery_createdByLogin": "agent.koffi", "delivery_kind": "Livraison",
            "delivery_cards": Value::from(rows).to_string(),
        });
        let mut inputs = record.clone();
        inputs["delivery_creationDateTime"] = json!("07/12/2026 09:30");
        inputs["delivery_quantity"] = json!(cards.to_string());
        assert_same_places(&template, &record, &inputs, 20 + 6 * cards as usize);
    }
}

/// Every word `template` prints for `record` on the server stands within 0.5 mm of where the designer's
/// generator puts it for `inputs` (the same record as the preview gives it); `at_least` words.
fn assert_same_places(template: &Value, record: &Value, inputs: &Value, at_least: usize) {
    let dir = tempfile::tempdir().unwrap();
    let mut expected =
        words(&designer_rendering(template, inputs, dir.path()), "pdfme", dir.path());
    let mut printed = words(&server_rendering(template, record), "server", dir.path());
    // pdftotext orders words by its reading of the layout, which the font boxes sway: each word is paired
    // with the same word, a word printed twice by its place.
    for list in [&mut expected, &mut printed] {
        list.sort_by(|a, b| {
            (a.page, &a.text, a.baseline, a.left)
                .partial_cmp(&(b.page, &b.text, b.baseline, b.left))
                .unwrap()
        });
    }

    let texts = |words: &[Word]| words.iter().map(|w| (w.page, w.text.clone())).collect::<Vec<_>>();
    assert_eq!(texts(&printed), texts(&expected), "the same words");
    assert!(
        expected.len() >= at_least,
        "the template's texts are all there: {:?}",
        texts(&expected)
    );
    let mut worst = 0.0f64;
    for (server, designer) in printed.iter().zip(&expected) {
        let gaps = [
            ("left", server.left - designer.left),
            ("baseline", server.baseline - designer.baseline),
            ("right", server.right - designer.right),
        ];
        for (edge, gap) in gaps {
            let mm = gap.abs() / PT_PER_MM;
            worst = worst.max(mm);
            assert!(
                mm <= TOLERANCE_MM,
                "« {} »: its {edge} is {mm:.2} mm from where the designer's generator puts it \
                 (server {server:?}, designer {designer:?})",
                server.text
            );
        }
    }
    eprintln!("{} words, the farthest {worst:.3} mm from the designer's", printed.len());
}

/// A PDF answered by `path` for `body`.
async fn printed(
    suite: &crate::support::TestSuite,
    token: &str,
    path: &str,
    body: Value,
) -> Vec<u8> {
    let response =
        suite.http.post(suite.url(path)).bearer_auth(token).json(&body).send().await.unwrap();
    assert_eq!(response.status(), reqwest::StatusCode::OK, "{path}");
    response.bytes().await.unwrap().to_vec()
}

/// The size of each page of `pdf`, in points.
fn page_sizes(pdf: &[u8]) -> Vec<(f32, f32)> {
    let doc = lopdf::Document::load_mem(pdf).unwrap();
    doc.get_pages()
        .values()
        .map(|page| {
            let media = doc.get_dictionary(*page).unwrap().get(b"MediaBox").unwrap();
            let size: Vec<f32> =
                media.as_array().unwrap().iter().map(|v| v.as_float().unwrap()).collect();
            (size[2], size[3])
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn cards_and_slips_print_with_the_default_template_of_their_type() {
    let suite = crate::support::TestSuite::start().await;
    let admin = suite.admin_token().await;
    // An agent prints: its token goes with the cards service's call to the reports service.
    let (_, agent) = suite.login_with_role("agent.yao", "agent").await;
    let (card_id, card_number, _) =
        crate::cards::printed_card(&suite, &admin, "Adjoua", "W-T1").await;
    let card_body = json!({"card_ids": [card_id]});

    // A fresh install: the card template Sésame ships, the default of its type, its dates jj/mm/aaaa.
    let pdf =
        printed(&suite, &agent, "/api/card/post.printing_card_list_by_id", card_body.clone()).await;
    let text = pdf_extract::extract_text_from_mem(&pdf).unwrap();
    assert!(text.contains("Carte de membre") && text.contains(&card_number), "{text}");
    let expiry = text.split("Expire le ").nth(1).and_then(|after| after.get(..10)).unwrap_or("");
    let as_printed = chrono::NaiveDate::parse_from_str(expiry, "%d/%m/%Y");
    assert!(as_printed.is_ok(), "the expiry as jj/mm/aaaa: {text}");

    // A designed card made the default: its fixed text, its fields.
    let design = json!({
        "basePdf": {"width": 85.6, "height": 53.98, "padding": [0, 0, 0, 0]},
        "schemas": [[
            {"name": "titre", "type": "text", "readOnly": true, "content": "Carte coopérative 2027",
             "position": {"x": 4, "y": 3}, "width": 60, "height": 6, "fontSize": 9},
            {"name": "card_lastname", "type": "text", "position": {"x": 4, "y": 12}, "width": 45, "height": 6},
            {"name": "card_idNumber", "type": "text", "position": {"x": 4, "y": 20}, "width": 45, "height": 6},
            {"name": "card_photo", "type": "image", "position": {"x": 4, "y": 28}, "width": 16, "height": 20},
            {"name": "card_qrcode", "type": "qrcode", "position": {"x": 58, "y": 24}, "width": 24, "height": 24}
        ]]
    });
    let (status, answer) = suite
        .post(
            "/api/report/post.report",
            &admin,
            json!({"report_name": "Carte 2027", "report_type": "card", "report_isDefault": true,
                   "report_json": design.to_string()}),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{answer}");
    let pdf = printed(&suite, &agent, "/api/card/post.printing_card_list_by_id", card_body).await;
    let text = pdf_extract::extract_text_from_mem(&pdf).unwrap();
    assert!(text.contains("Carte coopérative 2027"), "the template's fixed text: {text}");
    assert!(text.contains("Koné") && text.contains(&card_number), "the card's fields: {text}");
    assert!(!text.contains("Carte de membre"), "no longer the shipped template: {text}");
    let sizes = page_sizes(&pdf);
    assert_eq!(sizes.len(), 1, "a page a card");
    assert!((sizes[0].0 - 242.64).abs() < 0.01 && (sizes[0].1 - 153.01).abs() < 0.01, "{sizes:?}");

    // A delivery slip: the template Sésame ships, its table naming the card; then a designed one.
    let (status, answer) = suite
        .post(
            "/api/delivery/post_delivery",
            &admin,
            json!({"delivery_isErrorType": false, "cards": [{"card_id": card_id}]}),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{answer}");
    let slip_body = json!({"delivery_ids": [answer["id"]]});
    let path = "/api/delivery/post.printing_delivery_list_by_id";
    let text =
        pdf_extract::extract_text_from_mem(&printed(&suite, &agent, path, slip_body.clone()).await)
            .unwrap();
    assert!(text.contains("Bordereau de livraison") && text.contains(&card_number), "{text}");
    let slip = json!({
        "basePdf": {"width": 210, "height": 297, "padding": [0, 0, 0, 0]},
        "schemas": [[
            {"name": "titre", "type": "text", "readOnly": true, "content": "Remise des cartes",
             "position": {"x": 20, "y": 20}, "width": 120, "height": 10, "fontSize": 16},
            {"name": "delivery_code", "type": "text", "position": {"x": 20, "y": 35}, "width": 120, "height": 8}
        ]]
    });
    let (status, answer) = suite
        .post(
            "/api/report/post.report",
            &admin,
            json!({"report_name": "Bordereau", "report_type": "delivery_slip", "report_isDefault": true,
                   "report_json": slip.to_string()}),
        )
        .await;
    assert_eq!(status, reqwest::StatusCode::OK, "{answer}");
    let text = pdf_extract::extract_text_from_mem(&printed(&suite, &agent, path, slip_body).await)
        .unwrap();
    assert!(text.contains("Remise des cartes") && text.contains("LIV-"), "{text}");
    assert!(!text.contains("Bordereau de livraison"), "{text}");
}
