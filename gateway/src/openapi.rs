//! The OpenAPI document, generated from the handlers' annotations; served at `/api/openapi.json` and
//! written to `web/openapi.json` (by `make openapi`) for the web client's types.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::server::Server;
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(title = "Sésame", description = "API REST du back-office Sésame. Toutes les réponses portent `status` (`ok` ou `error`) ; une erreur porte un `message` en français."),
    modifiers(&Bearer),
    security(("bearer" = []))
)]
pub struct ApiDoc;

struct Bearer;

impl Modify for Bearer {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build(),
            ),
        );
        openapi.servers = Some(vec![Server::new("/api")]);
    }
}

#[cfg(test)]
mod tests {
    /// The web client's API types are generated from `web/openapi.json`; this keeps that file equal to
    /// what the code describes. After changing a call, run `make openapi`.
    #[test]
    fn web_openapi_json_matches_the_code() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/openapi.json");
        let committed =
            std::fs::read_to_string(&path).expect("web/openapi.json exists (run `make openapi`)");
        let generated = crate::openapi_document().to_pretty_json().unwrap();
        assert!(
            committed.trim() == generated.trim(),
            "web/openapi.json is out of date with the gateway's calls: run `make openapi`"
        );
    }

    /// The web reads the role matrix from `web/src/app/roleMatrix.json`; this keeps that file equal to
    /// `common::roles` (its layout is Prettier's, checked with the web's formatting). After changing a
    /// role's permissions, run `make openapi`.
    #[test]
    fn web_role_matrix_json_matches_the_code() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/app/roleMatrix.json");
        let committed: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(&path).expect("web/src/app/roleMatrix.json exists"),
        )
        .expect("web/src/app/roleMatrix.json is JSON");
        let generated = serde_json::to_value(common::roles::matrix()).unwrap();
        assert!(
            committed == generated,
            "web/src/app/roleMatrix.json differs from the roles of the code (common::roles): run `make openapi`"
        );
    }

    /// Words of English that French texts do not hold (call, field and parameter names aside, which
    /// stay as they are: written between backquotes, or with `_`, `.`, `/` or capitals inside).
    const ENGLISH_WORDS: &[&str] = &[
        "the", "of", "and", "with", "its", "it", "is", "are", "when", "while", "which", "this",
        "that", "for", "from", "to", "by", "in", "at", "be", "not", "each", "every", "only", "one",
        "returns", "lists", "list", "creates", "updates", "deletes", "gets", "get", "sortable",
        "makes", "starts", "signs", "answers", "refused", "records", "keeps", "sends", "reads",
    ];

    /// Why a text shown in the API reference (a summary, a description) does not read as French, if it
    /// does not.
    fn not_french(text: &str) -> Option<String> {
        // Call, field and parameter names between backquotes are identifiers, not words.
        let words: String =
            text.split('`').enumerate().filter(|(i, _)| i % 2 == 0).map(|(_, part)| part).collect();
        for token in words.split_whitespace() {
            let word = token.trim_matches(|c: char| !c.is_alphanumeric() && c != '_');
            let identifier = word.contains(['_', '.', '/'])
                || word.chars().skip(1).any(char::is_uppercase)
                || word.chars().any(|c| c.is_ascii_digit());
            if !identifier && ENGLISH_WORDS.contains(&word.to_lowercase().as_str()) {
                return Some(format!("English word {word:?}"));
            }
        }
        None
    }

    /// What is wrong with an operation's summary and description, for the API reference.
    fn operation_problems(operation: &utoipa::openapi::path::Operation) -> Vec<String> {
        let mut problems = Vec::new();
        match operation.summary.as_deref().map(str::trim) {
            None | Some("") => problems.push("no summary".to_string()),
            Some(summary) => {
                if summary.contains('\n') || summary.chars().count() > 90 {
                    problems
                        .push(format!("summary not short (one line, 90 characters): {summary:?}"));
                }
                if !summary.starts_with(char::is_uppercase) {
                    problems.push(format!("summary not starting with a capital: {summary:?}"));
                }
                if let Some(why) = not_french(summary) {
                    problems.push(format!("summary not French ({why}): {summary:?}"));
                }
            }
        }
        if let Some(description) = operation.description.as_deref()
            && let Some(why) = not_french(description)
        {
            problems.push(format!("description not French ({why}): {description:?}"));
        }
        for parameter in operation.parameters.iter().flatten() {
            let utoipa::openapi::RefOr::T(parameter) = parameter else { continue };
            if let Some(why) = parameter.description.as_deref().and_then(not_french) {
                problems.push(format!("parameter {} not French ({why})", parameter.name));
            }
        }
        problems
    }

    /// The API reference of /documentation shows each operation's summary and description: the
    /// administrators who read it read French.
    #[test]
    fn every_operation_has_a_french_summary() {
        let document = crate::openapi_document();
        let mut problems = Vec::new();
        let mut count = 0;
        for (path, item) in &document.paths.paths {
            let operations = [
                ("get", &item.get),
                ("post", &item.post),
                ("put", &item.put),
                ("patch", &item.patch),
                ("delete", &item.delete),
            ];
            for (method, operation) in operations {
                let Some(operation) = operation else { continue };
                count += 1;
                let found = operation_problems(operation);
                problems.extend(found.into_iter().map(|p| format!("{method} {path}: {p}")));
            }
        }
        assert!(count >= 100, "only {count} operations in the document");
        assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
    }

    /// Every description that `schema` and what it holds (properties, array items, the members of a
    /// `oneOf`, `allOf` or `anyOf`, map values) show, each with where it is: `at` names `schema`
    /// (`Card`, `CardPage.cardKey`, `List_Card.data[]`).
    fn schema_descriptions(
        at: &str,
        schema: &utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        found: &mut Vec<(String, String)>,
    ) {
        use utoipa::openapi::RefOr;
        use utoipa::openapi::schema::{AdditionalProperties, ArrayItems, Schema};
        let schema = match schema {
            // A reference's own description is the property's (prost's doc comment of the field).
            RefOr::Ref(reference) => {
                if !reference.description.trim().is_empty() {
                    found.push((at.to_string(), reference.description.clone()));
                }
                return;
            }
            RefOr::T(schema) => schema,
        };
        let mut held: Vec<(String, &RefOr<Schema>)> = Vec::new();
        let description = match schema {
            Schema::Object(object) => {
                for (name, property) in &object.properties {
                    held.push((format!("{at}.{name}"), property));
                }
                if let Some(values) = object.additional_properties.as_deref()
                    && let AdditionalProperties::RefOr(values) = values
                {
                    held.push((format!("{at}{{}}"), values));
                }
                &object.description
            }
            Schema::Array(array) => {
                if let ArrayItems::RefOrSchema(item) = &array.items {
                    held.push((format!("{at}[]"), &**item));
                }
                &array.description
            }
            Schema::OneOf(one_of) => {
                held.extend(one_of.items.iter().map(|item| (at.to_string(), item)));
                &one_of.description
            }
            Schema::AllOf(all_of) => {
                held.extend(all_of.items.iter().map(|item| (at.to_string(), item)));
                &all_of.description
            }
            Schema::AnyOf(any_of) => {
                held.extend(any_of.items.iter().map(|item| (at.to_string(), item)));
                &any_of.description
            }
            _ => return,
        };
        if let Some(description) = description
            && !description.trim().is_empty()
        {
            found.push((at.to_string(), description.clone()));
        }
        for (at, schema) in held {
            schema_descriptions(&at, schema, found);
        }
    }

    /// The API reference of /documentation also shows each body's schema with its description and
    /// its properties' (prost's doc comments of the proto messages, and the gateway's
    /// `#[schema(description = ...)]`): the administrators who read it read French.
    #[test]
    fn every_schema_is_described_in_french() {
        let document = crate::openapi_document();
        let components = document.components.as_ref().expect("the document has components");
        let mut found = Vec::new();
        for (name, schema) in &components.schemas {
            schema_descriptions(name, schema, &mut found);
        }
        assert!(found.len() >= 100, "only {} schema descriptions in the document", found.len());
        let problems: Vec<String> = found
            .iter()
            .filter_map(|(at, text)| Some(format!("{at} ({}): {text:?}", not_french(text)?)))
            .collect();
        assert!(
            problems.is_empty(),
            "{} schema description(s) not French:\n{}",
            problems.len(),
            problems.join("\n")
        );
    }

    #[test]
    fn english_texts_are_told_apart_from_french_ones() {
        assert!(not_french("Sortable on member_id (default), member_idNumber.").is_some());
        assert!(not_french("The signed-in login.").is_some());
        assert!(
            not_french("Creates when `member_id` is absent or null, updates otherwise.").is_some()
        );
        assert!(not_french("Liste des adhérents").is_none());
        assert!(
            not_french("Triable sur member_id (par défaut), get.member_list, lastFailedAt.")
                .is_none()
        );
        assert!(
            not_french("Le point de reprise (`after`) : `to_server` ou `from_server`.").is_none()
        );
        let mut operation = utoipa::openapi::path::Operation::new();
        assert_eq!(operation_problems(&operation), ["no summary"]);
        operation.summary = Some("Liste des adhérents".into());
        assert!(operation_problems(&operation).is_empty());
        operation.summary = Some("Lists the members".into());
        assert_eq!(operation_problems(&operation).len(), 1);
        operation.summary = Some("Liste des adhérents".into());
        operation.description = Some("The members, filtered.".into());
        assert_eq!(operation_problems(&operation).len(), 1);
    }
}
