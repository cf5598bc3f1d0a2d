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
}
