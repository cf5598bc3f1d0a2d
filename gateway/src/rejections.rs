//! The French answer to a request the gateway cannot read: axum's rejections of a JSON body, a query, a
//! path or a multipart form, whose English texts (and serde's inside them) are never passed on. Each
//! names the field at fault when serde tells it.

use crate::error::*;
use axum::extract::multipart::{MultipartError, MultipartRejection};
use axum::extract::path::ErrorKind;
use axum::extract::rejection::{
    BytesRejection, FailedToBufferBody, JsonRejection, PathRejection, QueryRejection,
};
use axum::http::StatusCode;
use serde_json::error::Category;
use std::error::Error;

impl ApiError {
    /// A body sent without a JSON content type (415).
    pub fn not_json() -> Self {
        Self::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, NOT_JSON)
    }

    /// The answer to a JSON body that could not be read: `rejection` is axum's, which names the field at
    /// fault; `cause` is serde_json's own error for the same body, whose category and message are read
    /// here rather than the English text axum makes of them. Never sends serde's words.
    pub fn json_refusal(
        rejection: &JsonRejection,
        body: &[u8],
        cause: Option<&serde_json::Error>,
    ) -> Self {
        tracing::debug!(%rejection, "JSON body refused");
        match (rejection, cause) {
            (JsonRejection::MissingJsonContentType(_), _) => Self::not_json(),
            (JsonRejection::BytesRejection(_), _) => {
                Self::new(StatusCode::PAYLOAD_TOO_LARGE, BODY_TOO_LARGE)
            }
            (JsonRejection::JsonSyntaxError(_), _) if body.trim_ascii().is_empty() => {
                Self::bad_request("Le corps de la requête est vide : du JSON est attendu.")
            }
            (JsonRejection::JsonSyntaxError(_), Some(e)) if e.classify() == Category::Eof => {
                Self::bad_request(
                    "Le corps de la requête n'est pas un JSON valide : il s'arrête avant la fin.",
                )
            }
            (JsonRejection::JsonDataError(data), Some(e)) => {
                // serde_json's text ends with the place; axum's is "<path>: " before serde_json's.
                let place = format!(" at line {} column {}", e.line(), e.column());
                let full = e.to_string();
                let said = full.strip_suffix(&place).unwrap_or(&full);
                let named = data.source().map(ToString::to_string).unwrap_or_default();
                let path = named.strip_suffix(&full).and_then(|p| p.strip_suffix(": "));
                invalid_data(path.unwrap_or_default(), said)
            }
            (JsonRejection::JsonDataError(_), None) => {
                Self::bad_request("Données invalides : le contenu n'a pas la forme attendue.")
            }
            _ => Self::bad_request(INVALID_JSON),
        }
    }
}

/// What serde (or the standard library reading a text) says is wrong with one input, in French.
struct Fault {
    /// The path of the input at fault (`member_birthDate`, `[3].locality_name`); empty for the whole.
    path: String,
    /// What is wrong with it: "doit être un texte (reçu : le nombre 5)".
    says: String,
}

/// `text` read as one of serde's own messages (`invalid type: integer `5`, expected a string`, `missing
/// field `x``, ...) or of the standard library's parsers, about the input at `path`. None for any other
/// text: a message of our own `Deserialize` code, written in French.
fn fault(path: &str, text: &str) -> Option<Fault> {
    let at = |says: String| Some(Fault { path: path.to_string(), says });
    let child = |name: &str, says: &str| {
        let name = name.trim_matches('`');
        let path = if path.is_empty() { name.to_string() } else { format!("{path}.{name}") };
        Some(Fault { path, says: says.to_string() })
    };
    // serde's own texts; one cut differently than serde writes them still gets a French answer.
    if let Some(rest) = text.strip_prefix("invalid type: ") {
        let (got, expected) = rest.rsplit_once(", expected ").unwrap_or((rest, ""));
        let says = match expected_fr(expected) {
            Some(expected) => format!("doit être {expected}"),
            None => "n'a pas le type attendu".to_string(),
        };
        return at(with_received(says, got));
    }
    if let Some(rest) = text.strip_prefix("invalid value: ") {
        let (got, expected) = rest.rsplit_once(", expected ").unwrap_or((rest, ""));
        let says = match expected_fr(expected) {
            Some(expected) => format!("doit être {expected}"),
            None => "a une valeur non permise".to_string(),
        };
        return at(with_received(says, got));
    }
    if let Some(rest) = text.strip_prefix("invalid length ") {
        return at(match rest.split_once(", expected ") {
            Some((count, _)) => format!("n'a pas le nombre d'éléments attendu ({count} reçus)"),
            None => "n'a pas le nombre d'éléments attendu".to_string(),
        });
    }
    if let Some(rest) = text.strip_prefix("unknown variant `") {
        let (value, allowed) = rest
            .rsplit_once("`, expected ")
            .or_else(|| rest.rsplit_once("`, there are no variants"))
            .unwrap_or((rest, ""));
        let says = format!(
            "ne peut pas valoir « {} »{}",
            shorten(value),
            permitted("valeurs permises", allowed)
        );
        return at(says);
    }
    if let Some(rest) = text.strip_prefix("unknown field `") {
        let (name, allowed) = rest
            .rsplit_once("`, expected ")
            .or_else(|| rest.rsplit_once("`, there are no fields"))
            .unwrap_or((rest, ""));
        let mut fault = child(name, "n'est pas connu")?;
        fault.says.push_str(&permitted("champs permis", allowed));
        return Some(fault);
    }
    if let Some(name) = text.strip_prefix("missing field ") {
        return child(name, "est obligatoire");
    }
    if let Some(name) = text.strip_prefix("duplicate field ") {
        return child(name, "est donné deux fois");
    }
    if text.starts_with("data did not match any variant of untagged enum")
        || text.starts_with("no variant of enum")
    {
        return at("n'a pas le type attendu".into());
    }
    // The standard library's parsers, which read the values of a query string.
    let says = match text {
        "invalid digit found in string"
        | "cannot parse integer from empty string"
        | "number too large to fit in target type"
        | "number too small to fit in target type"
        | "number would be zero for non-zero type" => "doit être un nombre entier",
        "invalid float literal" | "cannot parse float from empty string" => "doit être un nombre",
        "provided string was not `true` or `false`" => "doit valoir true ou false",
        "too many characters in string" | "cannot parse char from empty string" => {
            "doit être un seul caractère"
        }
        _ => return None,
    };
    at(says.into())
}

/// serde's name of what it expected, in French; None for one it does not name itself.
fn expected_fr(expected: &str) -> Option<&'static str> {
    Some(match expected {
        "a string" | "a borrowed string" => "un texte",
        "a boolean" => "true ou false",
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "un nombre entier",
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "un nombre entier positif",
        "f32" | "f64" => "un nombre",
        "a character" => "un seul caractère",
        "a sequence" => "une liste",
        "a map" => "un objet JSON",
        "unit" => "null",
        "a byte array" | "a borrowed byte array" => "une suite d'octets",
        e if e.starts_with("struct ") => "un objet JSON",
        e if e.starts_with("a tuple") || e.starts_with("tuple struct ") => "une liste",
        e if e.starts_with("enum ") => "une des valeurs permises",
        _ => return None,
    })
}

/// `says` followed by the value received, in French, when serde names it: serde's `Unexpected`.
fn with_received(says: String, got: &str) -> String {
    let received = if let Some(text) = got.strip_prefix("string ") {
        Some(format!("le texte « {} »", shorten(text.trim_matches('"'))))
    } else if let Some(n) =
        got.strip_prefix("integer ").or_else(|| got.strip_prefix("floating point "))
    {
        Some(format!("le nombre {}", n.trim_matches('`')))
    } else if let Some(b) = got.strip_prefix("boolean ") {
        Some(format!("la valeur {}", b.trim_matches('`')))
    } else if let Some(c) = got.strip_prefix("character ") {
        Some(format!("le caractère « {} »", c.trim_matches('`')))
    } else {
        match got {
            "unit value" => Some("null".to_string()),
            "sequence" => Some("une liste".to_string()),
            "map" => Some("un objet".to_string()),
            _ => None,
        }
    };
    match received {
        Some(received) => format!("{says} (reçu : {received})"),
        None => says,
    }
}

/// The names of serde's "expected one of `a`, `b`", as " (valeurs permises : a, b)" (`what`: "valeurs
/// permises").
fn permitted(what: &str, expected: &str) -> String {
    let names: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    if names.is_empty() { String::new() } else { format!(" ({what} : {})", names.join(", ")) }
}

/// A value sent by the caller, cut short for a message.
fn shorten(value: &str) -> String {
    const MAX: usize = 40;
    if value.chars().count() <= MAX {
        value.to_string()
    } else {
        format!("{}…", value.chars().take(MAX).collect::<String>())
    }
}

/// "le champ x", or what an index path names in the body.
fn subject(path: &str) -> String {
    if path.is_empty() {
        return "le corps de la requête".into();
    }
    if let Some(rest) = path.strip_prefix('[')
        && let Some((index, rest)) = rest.split_once(']')
        && let Ok(index) = index.parse::<usize>()
    {
        let element = format!("l'élément n° {}", index + 1);
        return match rest.strip_prefix('.') {
            Some(field) => format!("le champ {field} de {element}"),
            None => element,
        };
    }
    format!("le champ {path}")
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The answer to a JSON body of the wrong shape: what is wrong, in French, on the field at fault.
fn invalid_data(path: &str, said: &str) -> ApiError {
    let (path, says, message) = match fault(path, said) {
        Some(Fault { path, says }) => {
            let message = format!("Données invalides : {} {says}.", subject(&path));
            (path, says, message)
        }
        // A message of our own `Deserialize` code (e.g. an import's row limit), French already.
        None => {
            let said = said.trim_end_matches('.');
            let message = if path.is_empty() {
                format!("Données invalides : {said}.")
            } else {
                format!("Données invalides : {} : {said}.", subject(path))
            };
            (path.to_string(), said.to_string(), message)
        }
    };
    let mut error = ApiError::bad_request(message);
    // A form shows a field's message beside it; a path into a list is no form field.
    if !path.is_empty() && !path.starts_with('[') {
        error.fields.insert(path, format!("{}.", capitalized(&says)));
    }
    error
}

impl From<BytesRejection> for ApiError {
    fn from(r: BytesRejection) -> Self {
        tracing::debug!(rejection = %r, "request body not read");
        let message = match &r {
            BytesRejection::FailedToBufferBody(FailedToBufferBody::LengthLimitError(_)) => {
                BODY_TOO_LARGE
            }
            _ => "Le corps de la requête n'a pas pu être lu en entier : renvoyez la demande.",
        };
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }
}

/// The path and serde's text of a `serde_path_to_error` message ("_limit: invalid digit found in
/// string"); the path is empty when serde could not tell it.
fn split_path(text: &str) -> (&str, &str) {
    let is_path = |p: &str| {
        !p.is_empty()
            && p.chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '[' | ']' | '?'))
    };
    match text.split_once(": ") {
        Some((path, said)) if is_path(path) => (path, said),
        _ => ("", text),
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> Self {
        tracing::debug!(rejection = %r, "query string refused");
        let text = match &r {
            QueryRejection::FailedToDeserializeQueryString(e) => {
                e.source().map(ToString::to_string).unwrap_or_default()
            }
            _ => String::new(),
        };
        let (path, said) = split_path(&text);
        let Fault { path, says } = fault(path, said).unwrap_or_else(|| Fault {
            path: path.to_string(),
            says: "a une valeur non permise".into(),
        });
        let name = if path.is_empty() {
            "un paramètre".to_string()
        } else {
            format!("le paramètre {path}")
        };
        let mut error =
            ApiError::bad_request(format!("Paramètres de requête invalides : {name} {says}."));
        if !path.is_empty() {
            error.fields.insert(path, format!("{}.", capitalized(&says)));
        }
        error
    }
}

/// What a path parameter was meant to be, from the Rust type axum names.
fn path_type_fr(expected_type: &str) -> &'static str {
    match expected_type {
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64" | "u128"
        | "usize" => "un nombre entier",
        "f32" | "f64" => "un nombre",
        "bool" => "true ou false",
        _ => "un autre type de valeur",
    }
}

impl From<PathRejection> for ApiError {
    fn from(r: PathRejection) -> Self {
        tracing::debug!(rejection = %r, "path parameter refused");
        let message = match &r {
            PathRejection::FailedToDeserializePathParams(e) => match e.kind() {
                ErrorKind::ParseErrorAtKey { value, expected_type, .. }
                | ErrorKind::ParseErrorAtIndex { value, expected_type, .. }
                | ErrorKind::ParseError { value, expected_type } => format!(
                    "Identifiant invalide dans l'adresse : {} est attendu (reçu « {} »).",
                    path_type_fr(expected_type),
                    shorten(value)
                ),
                ErrorKind::InvalidUtf8InPathParam { .. } => {
                    "L'adresse contient des caractères invalides.".to_string()
                }
                _ => "Adresse invalide.".to_string(),
            },
            _ => "Adresse invalide.".to_string(),
        };
        ApiError::bad_request(message)
    }
}

impl From<MultipartRejection> for ApiError {
    fn from(r: MultipartRejection) -> Self {
        tracing::debug!(rejection = %r, "multipart body refused");
        ApiError::bad_request(NOT_MULTIPART)
    }
}

impl From<MultipartError> for ApiError {
    fn from(e: MultipartError) -> Self {
        tracing::debug!(error = %e, "multipart body not read");
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(e.status(), "Le fichier envoyé dépasse la taille permise.")
        } else {
            ApiError::bad_request(
                "Envoi illisible : le formulaire multipart/form-data est incomplet ou mal formé.",
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extract;
    use axum::Router;
    use axum::body::Body;
    use axum::extract::DefaultBodyLimit;
    use axum::routing::post;
    use serde::Deserialize;
    use serde_json::Value;
    use tower::ServiceExt;

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Input {
        name: String,
        count: i64,
        #[serde(default)]
        flag: bool,
        kind: Option<Kind>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Kind {
        Small,
        Large,
    }

    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Filter {
        count: Option<i64>,
        flag: Option<bool>,
    }

    async fn body(_: extract::Json<Input>) {}
    async fn query(_: extract::Query<Filter>) {}
    async fn path(_: extract::Path<i64>) {}
    /// As a route reads a form: the wrapper is used as axum's own.
    async fn form(mut form: extract::Multipart) -> Result<(), ApiError> {
        while form.next_field().await?.is_some() {}
        Ok(())
    }

    /// The status and JSON answer of the test routes to one request.
    async fn answer(uri: &str, content_type: &str, sent: &'static [u8]) -> (StatusCode, Value) {
        let app = Router::new()
            .route("/body", post(body))
            .route("/query", post(query))
            .route("/path/{id}", post(path))
            .route("/form", post(form))
            .layer(DefaultBodyLimit::max(64));
        let request = axum::http::Request::post(uri)
            .header("content-type", content_type)
            .body(Body::from(sent))
            .unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
        let json: Value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("not JSON: {}", String::from_utf8_lossy(&bytes)));
        assert_eq!(json["status"], "error", "{json}");
        (status, json)
    }

    async fn json_answer(sent: &'static str) -> (StatusCode, Value) {
        answer("/body", "application/json", sent.as_bytes()).await
    }

    #[tokio::test]
    async fn a_field_of_the_wrong_type_is_named_in_french() {
        let (status, json) = json_answer(r#"{"name": 5, "count": 1}"#).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            json["message"],
            "Données invalides : le champ name doit être un texte (reçu : le nombre 5)."
        );
        assert_eq!(json["fields"]["name"], "Doit être un texte (reçu : le nombre 5).");

        let (_, json) = json_answer(r#"{"name": "a", "count": "abc"}"#).await;
        assert_eq!(
            json["message"],
            "Données invalides : le champ count doit être un nombre entier (reçu : le texte « abc »)."
        );
        let (_, json) = json_answer(r#"{"name": "a", "count": 1, "flag": [1, 2]}"#).await;
        assert_eq!(
            json["message"],
            "Données invalides : le champ flag doit être true ou false (reçu : une liste)."
        );
    }

    #[tokio::test]
    async fn missing_fields_and_unknown_values_are_said_in_french() {
        let (_, json) = json_answer(r#"{"count": 1}"#).await;
        assert_eq!(json["message"], "Données invalides : le champ name est obligatoire.");
        assert_eq!(json["fields"]["name"], "Est obligatoire.");
        let (_, json) = json_answer(r#"{"name": "a", "count": 1, "kind": "medium"}"#).await;
        assert_eq!(
            json["message"],
            "Données invalides : le champ kind ne peut pas valoir « medium » (valeurs permises : small, large)."
        );
        let (_, json) = json_answer(r#"{"name": "a", "name": "b", "count": 1}"#).await;
        assert_eq!(json["message"], "Données invalides : le champ name est donné deux fois.");
    }

    #[tokio::test]
    async fn a_list_instead_of_an_object_names_the_element() {
        let (status, json) = json_answer("[1, 2]").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            json["message"],
            "Données invalides : l'élément n° 1 doit être un texte (reçu : le nombre 1)."
        );
        let (_, json) = json_answer("12").await;
        assert_eq!(
            json["message"],
            "Données invalides : le corps de la requête doit être un objet JSON (reçu : le nombre 12)."
        );
    }

    #[tokio::test]
    async fn a_body_that_is_no_json_is_refused_in_french() {
        assert_eq!(json_answer("{not json").await.1["message"], INVALID_JSON);
        assert_eq!(json_answer(r#"{"name": "a", "count": 1} x"#).await.1["message"], INVALID_JSON);
        assert_eq!(
            json_answer("").await.1["message"],
            "Le corps de la requête est vide : du JSON est attendu."
        );
        assert_eq!(
            json_answer(r#"{"name": "a""#).await.1["message"],
            "Le corps de la requête n'est pas un JSON valide : il s'arrête avant la fin."
        );
        let (status, json) = answer("/body", "text/plain", b"{}").await;
        assert_eq!(
            (status, json["message"].as_str()),
            (StatusCode::UNSUPPORTED_MEDIA_TYPE, Some(NOT_JSON))
        );
        let (status, json) = answer("/body", "application/json", &[b' '; 100]).await;
        assert_eq!(
            (status, json["message"].as_str()),
            (StatusCode::PAYLOAD_TOO_LARGE, Some(BODY_TOO_LARGE))
        );
    }

    #[tokio::test]
    async fn query_and_path_parameters_are_refused_in_french() {
        let (status, json) = answer("/query?count=abc", "text/plain", b"").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            json["message"],
            "Paramètres de requête invalides : le paramètre count doit être un nombre entier."
        );
        assert_eq!(json["fields"]["count"], "Doit être un nombre entier.");
        let (_, json) = answer("/query?flag=oui", "text/plain", b"").await;
        assert_eq!(
            json["message"],
            "Paramètres de requête invalides : le paramètre flag doit valoir true ou false."
        );
        let (status, json) = answer("/path/abc", "text/plain", b"").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            json["message"],
            "Identifiant invalide dans l'adresse : un nombre entier est attendu (reçu « abc »)."
        );
    }

    #[tokio::test]
    async fn a_form_of_another_content_type_is_refused_in_french() {
        let (status, json) = answer("/form", "application/json", b"{}").await;
        assert_eq!(
            (status, json["message"].as_str()),
            (StatusCode::BAD_REQUEST, Some(NOT_MULTIPART))
        );
        let (status, json) =
            answer("/form", "multipart/form-data; boundary=XYZ", b"--XYZ\r\nContent-Dis").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            json["message"],
            "Envoi illisible : le formulaire multipart/form-data est incomplet ou mal formé."
        );
    }

    #[test]
    fn serdes_texts_are_read_whatever_the_value_sent() {
        let said = |path: &str, text: &str| {
            let Fault { path, says } = fault(path, text).expect("one of serde's texts");
            format!("{path}: {says}")
        };
        assert_eq!(
            said("flag", r#"invalid type: string "a, expected b", expected a boolean"#),
            "flag: doit être true ou false (reçu : le texte « a, expected b »)"
        );
        assert_eq!(
            said("n", "invalid value: integer `-1`, expected u32"),
            "n: doit être un nombre entier positif (reçu : le nombre -1)"
        );
        assert_eq!(
            said("row", "unknown field `y`, expected `a` or `b`"),
            "row.y: n'est pas connu (champs permis : a, b)"
        );
        assert_eq!(
            said("ids", "invalid length 3, expected a tuple of size 2"),
            "ids: n'a pas le nombre d'éléments attendu (3 reçus)"
        );
        assert_eq!(said("", "invalid type: map"), ": n'a pas le type attendu (reçu : un objet)");
        assert!(fault("", "un nombre est attendu").is_none());
        assert_eq!(split_path("_limit: invalid digit found in string").0, "_limit");
        assert_eq!(split_path("invalid type: map, expected a string").0, "");
    }

    #[test]
    fn our_own_deserializers_speak_for_themselves() {
        let error = invalid_data("", "un import contient au plus 3 lignes : découpez le fichier");
        assert_eq!(
            error.message,
            "Données invalides : un import contient au plus 3 lignes : découpez le fichier."
        );
        let error = invalid_data("transaction_amount", "un nombre est attendu");
        assert_eq!(
            error.message,
            "Données invalides : le champ transaction_amount : un nombre est attendu."
        );
        assert_eq!(error.fields["transaction_amount"], "Un nombre est attendu.");
    }
}
