//! Every call of the OpenAPI document, fed what it cannot read, answers as the contract says: a 4xx with
//! the JSON envelope and a French message. As an administrator, each call that takes a body gets text
//! instead of JSON, a list instead of an object (or the reverse), every field of the wrong type (all at
//! once and one by one), an empty body, a body over the limit, and a body of another content type; each
//! call with a numeric path parameter gets one that is not a number; each call with a numeric or yes/no
//! query parameter gets one that is not. No answer may carry the English of axum, serde, the standard
//! library's parsers or tonic.

use crate::support::TestSuite;
use reqwest::header::CONTENT_TYPE;
use reqwest::{Method, StatusCode};
use serde_json::{Map, Value, json};

/// Pieces of the English texts of axum's rejections, serde and serde_json, the standard library's
/// parsers, multer and tonic/hyper/h2, looked for in lower case.
const ENGLISH: &[&str] = &[
    "failed",
    "deserializ",
    "expected",
    "invalid type",
    "invalid value",
    "invalid length",
    "invalid digit",
    "invalid float",
    "missing field",
    "unknown field",
    "unknown variant",
    "duplicate field",
    "error",
    "length",
    "body",
    "at line",
    "column",
    "trailing",
    "eof",
    "while parsing",
    "did not match",
    "found",
    "string",
    "integer",
    "sequence",
    "struct ",
    "boolean",
    "request",
    "boundary",
    "too large",
    "decoded",
    "transport error",
    "timeout",
    "expired",
    "unexpected",
    " not ",
    "the ",
    "parse",
    "provided",
    "cannot",
    "buffer",
    "content type",
    "unsupported",
    "payload",
    "h2 ",
    "grpc",
];

/// The English piece `message` holds, if any. Names of fields and parameters (`member_birthDate`,
/// `delivery_isErrorType`: with an underscore or a capital inside) are left out first.
fn english_in(message: &str) -> Option<&'static str> {
    let is_name = |word: &str| {
        word.contains('_')
            || word
                .chars()
                .zip(word.chars().skip(1))
                .any(|(a, b)| a.is_lowercase() && b.is_uppercase())
    };
    let words: Vec<&str> = message.split_whitespace().filter(|w| !is_name(w)).collect();
    let text = format!(" {} ", words.join(" ").to_lowercase());
    ENGLISH.iter().find(|piece| text.contains(*piece)).copied()
}

/// Fails when `message` holds a piece of English.
fn assert_french(message: &str) {
    if let Some(piece) = english_in(message) {
        panic!("English ({piece:?}) in {message:?}");
    }
}

#[test]
fn the_english_detector_knows_the_old_texts_and_spares_the_french() {
    for english in [
        "Données invalides : Failed to deserialize the JSON body into the target type: member_birthDate: invalid type: integer `5`, expected a string at line 1 column 22",
        "Paramètres de requête invalides : Failed to deserialize query string: _limit: invalid digit found in string",
        "Invalid `boundary` for `multipart/form-data` request",
        "Error, decoded message length too large: found 5000000 bytes, the limit is: 4194304 bytes",
        "h2 protocol error: error reading a body from connection",
        "Timeout expired",
        "EOF while parsing a value at line 1 column 0",
    ] {
        assert!(english_in(english).is_some(), "{english}");
    }
    for french in [
        "Données invalides : le champ member_birthDate doit être un texte (reçu : le nombre 12345).",
        "Données invalides : le champ delivery_isErrorType doit être true ou false (reçu : le texte « abc »).",
        "Le corps de la requête n'est pas un JSON valide.",
        "Le corps de la requête doit être du JSON (Content-Type: application/json).",
        "Envoi illisible : la photo doit arriver en multipart/form-data (member_id, member_photo).",
        "Identifiant invalide dans l'adresse : un nombre entier est attendu (reçu « abc »).",
        "Service momentanément indisponible, réessayez dans un instant.",
    ] {
        assert_french(french);
    }
}

/// One malformed request: what it is (for the report), its content type and its body.
struct Sent {
    case: String,
    content_type: Option<String>,
    body: Vec<u8>,
}

impl Sent {
    fn new(case: impl Into<String>, content_type: Option<&str>, body: impl Into<Vec<u8>>) -> Sent {
        Sent {
            case: case.into(),
            content_type: content_type.map(str::to_string),
            body: body.into(),
        }
    }

    fn json(case: impl Into<String>, body: impl Into<Vec<u8>>) -> Sent {
        Sent::new(case, Some("application/json"), body)
    }
}

/// `schema` with its `$ref` followed in the document.
fn resolved<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.rsplit('/').next().unwrap();
            resolved(doc, &doc["components"]["schemas"][name])
        }
        None => schema,
    }
}

/// The type of a schema, its `null` left out (`["integer", "null"]` is "integer").
fn type_of(schema: &Value) -> &str {
    match &schema["type"] {
        Value::String(t) => t,
        Value::Array(types) => {
            types.iter().filter_map(Value::as_str).find(|t| *t != "null").unwrap_or("")
        }
        _ => "",
    }
}

/// A value of another type than `schema`'s: a number for a text, a text for anything else.
fn wrong_value(schema: &Value) -> Value {
    match type_of(schema) {
        "string" => json!(12345),
        _ => json!("abc"),
    }
}

/// The malformed JSON bodies of a call whose body is `schema`.
fn json_cases(doc: &Value, schema: &Value, body_limit: usize) -> Vec<Sent> {
    let schema = resolved(doc, schema);
    let is_list = type_of(schema) == "array";
    let object = if is_list { resolved(doc, &schema["items"]) } else { schema };
    let properties = object["properties"].as_object().cloned().unwrap_or_default();
    // An object (or a list of one object) holding `fields`, as the call expects it.
    let shaped = |fields: Map<String, Value>| -> Vec<u8> {
        let object = Value::Object(fields);
        let value = if is_list { json!([object]) } else { object };
        serde_json::to_vec(&value).unwrap()
    };
    let mut cases = vec![
        Sent::json("du texte au lieu de JSON", "ceci n'est pas du JSON"),
        Sent::json("un JSON tronqué", r#"{"a": "#),
        Sent::json("un JSON suivi d'autre chose", "{} x"),
        Sent::json("un corps vide", ""),
        Sent::json("un texte qui n'est pas de l'UTF-8", b"{\"a\": \"\xff\xfe\"}".to_vec()),
        Sent::new("du JSON envoyé en text/plain", Some("text/plain"), "{}"),
        Sent::new("du JSON sans Content-Type", None, "{}"),
    ];
    // Over the limit of most calls; a call with a larger limit (an import) reads it, and finds it cut.
    let mut large = b"[".to_vec();
    large.resize(body_limit + 1024, b' ');
    cases.push(Sent::json("un corps trop volumineux", large));
    if is_list {
        cases.push(Sent::json("un objet au lieu d'une liste", r#"{"x": [1, 2]}"#));
    } else {
        cases.push(Sent::json("une liste au lieu d'un objet", r#"[{"x": [1, 2]}]"#));
    }
    let all_wrong: Map<String, Value> =
        properties.iter().map(|(name, p)| (name.clone(), wrong_value(resolved(doc, p)))).collect();
    if !all_wrong.is_empty() {
        cases.push(Sent::json("tous les champs du mauvais type", shaped(all_wrong)));
    }
    for (name, property) in &properties {
        let wrong = wrong_value(resolved(doc, property));
        let case = format!("le champ {name} à {wrong}");
        cases.push(Sent::json(case, shaped(Map::from_iter([(name.clone(), wrong)]))));
    }
    cases
}

/// The malformed forms of a call whose `multipart/form-data` body is `schema`.
fn multipart_cases(doc: &Value, schema: &Value) -> Vec<Sent> {
    const FORM: &str = "multipart/form-data; boundary=XYZ";
    let schema = resolved(doc, schema);
    let mut wrong = String::new();
    for (name, property) in schema["properties"].as_object().cloned().unwrap_or_default() {
        let value =
            if type_of(resolved(doc, &property)) == "integer" { "abc" } else { "pas une image" };
        wrong.push_str(&format!(
            "--XYZ\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"x.bin\"\r\n\r\n{value}\r\n"
        ));
    }
    wrong.push_str("--XYZ--\r\n");
    vec![
        Sent::new("du JSON au lieu d'un formulaire", Some("application/json"), "{}"),
        Sent::new("un formulaire sans Content-Type", None, "--XYZ--\r\n"),
        Sent::new("un formulaire illisible", Some(FORM), "ceci n'est pas un formulaire"),
        Sent::new(
            "un formulaire tronqué",
            Some(FORM),
            "--XYZ\r\nContent-Disposition: form-data; name=\"member_id\"\r\n\r\n12",
        ),
        Sent::new("un formulaire vide", Some(FORM), "--XYZ--\r\n"),
        Sent::new("un formulaire aux champs du mauvais type", Some(FORM), wrong),
    ]
}

/// The call's path with its parameters filled in: `bad` for the parameter named `bad_name`, 1 for a
/// number, "x" for a text.
fn filled(path: &str, parameters: &[Value], bad: Option<(&str, &str)>) -> String {
    let mut url = path.to_string();
    for p in parameters.iter().filter(|p| p["in"] == "path") {
        let name = p["name"].as_str().unwrap();
        let value = match bad {
            Some((bad_name, value)) if bad_name == name => value,
            _ if type_of(&p["schema"]) == "integer" => "1",
            _ => "x",
        };
        url = url.replace(&format!("{{{name}}}"), value);
    }
    format!("/api{url}")
}

/// What is wrong with an answer to malformed input, if anything: it must be a 4xx with the envelope
/// and a French message (and French field messages).
fn fault(status: StatusCode, content_type: &str, text: &str) -> Option<String> {
    if !status.is_client_error() {
        return Some(format!("{status} instead of a 4xx: {text}"));
    }
    if !content_type.starts_with("application/json") {
        return Some(format!("{status} without the JSON envelope ({content_type}): {text}"));
    }
    let Ok(answer) = serde_json::from_str::<Value>(text) else {
        return Some(format!("{status} with a body that is no JSON: {text}"));
    };
    let message = answer["message"].as_str().unwrap_or_default();
    if answer["status"] != "error" || message.is_empty() {
        return Some(format!("{status} without the error envelope: {answer}"));
    }
    let field_messages = answer["fields"].as_object().into_iter().flatten();
    let texts = std::iter::once(message).chain(field_messages.filter_map(|(_, m)| m.as_str()));
    for text in texts {
        if let Some(piece) = english_in(text) {
            return Some(format!("{status} in English ({piece:?}): {answer}"));
        }
    }
    None
}

async fn send(
    suite: &TestSuite,
    token: &str,
    method: &Method,
    url: &str,
    sent: Option<&Sent>,
) -> Option<String> {
    let mut request = suite.http.request(method.clone(), suite.url(url)).bearer_auth(token);
    if let Some(sent) = sent {
        if let Some(content_type) = &sent.content_type {
            request = request.header(CONTENT_TYPE, content_type);
        }
        request = request.body(sent.body.clone());
    }
    let response = match request.send().await {
        Ok(response) => response,
        Err(e) => return Some(format!("no answer: {e}")),
    };
    let status = response.status();
    let content_type = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let text = response.text().await.unwrap_or_default();
    fault(status, &content_type, &text)
}

#[tokio::test(flavor = "multi_thread")]
async fn every_call_answers_malformed_input_with_a_french_4xx() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, doc) = suite.call(Method::GET, "/api/openapi.json", Some(&admin), None).await;
    let body_limit = 2 * 1024 * 1024;
    let mut wrong = Vec::new();
    let mut tried = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let method_of = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let parameters = operation["parameters"].as_array().cloned().unwrap_or_default();
            let call = format!("{} {path}", method.to_uppercase());
            let url = filled(path, &parameters, None);

            let content = operation["requestBody"]["content"].as_object();
            let mut cases = Vec::new();
            for (content_type, media) in content.into_iter().flatten() {
                match content_type.as_str() {
                    "application/json" => {
                        cases.extend(json_cases(&doc, &media["schema"], body_limit))
                    }
                    "multipart/form-data" => cases.extend(multipart_cases(&doc, &media["schema"])),
                    other => panic!("{call}: no malformed bodies for {other}"),
                }
            }
            for sent in &cases {
                tried += 1;
                if let Some(fault) = send(&suite, &admin, &method_of, &url, Some(sent)).await {
                    wrong.push(format!("{call} with {}: {fault}", sent.case));
                }
            }

            for p in &parameters {
                let name = p["name"].as_str().unwrap();
                let values: &[&str] = match type_of(&p["schema"]) {
                    "integer" => &["abc", "1.5", "99999999999999999999"],
                    "boolean" => &["peut-être"],
                    _ => &[],
                };
                for value in values {
                    let (url, case) = if p["in"] == "path" {
                        (filled(path, &parameters, Some((name, value))), "dans l'adresse")
                    } else {
                        let query = format!("{name}={}", value.replace('ê', "%C3%AA"));
                        (format!("{url}?{query}"), "en paramètre")
                    };
                    tried += 1;
                    if let Some(fault) = send(&suite, &admin, &method_of, &url, None).await {
                        wrong.push(format!("{call} with {name}={value} {case}: {fault}"));
                    }
                }
            }
        }
    }
    assert!(tried > 300, "only {tried} malformed requests: is the OpenAPI document read?");
    assert!(
        wrong.is_empty(),
        "{} answers out of {tried} break the contract:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
