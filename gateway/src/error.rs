//! The error answer of the REST contract: `{"status":"error","message":"...","fields":{...}}` with the
//! fitting HTTP code. gRPC codes map to HTTP as grpc-gateway does; internal details are logged, never sent.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::collections::BTreeMap;
use tonic::Code;
use utoipa::ToSchema;

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub message: String,
    pub fields: BTreeMap<String, String>,
}

/// The body of every error answer.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always `"error"`.
    #[schema(example = "error")]
    pub status: &'static str,
    /// French, meant for the administrator.
    pub message: String,
    /// For invalid input: the field names at fault, each with its message.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, String>,
}

pub const UNAVAILABLE: &str = "Service momentanément indisponible, réessayez dans un instant.";
pub const INTERNAL: &str = "Erreur interne du serveur. L'incident a été enregistré.";
pub const NO_TOKEN: &str = "Authentification requise : connectez-vous.";
pub const FORBIDDEN: &str = "Votre rôle ne permet pas cette action.";

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { status, message: message.into(), fields: BTreeMap::new() }
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        ApiError {
            status: StatusCode::BAD_REQUEST,
            fields: BTreeMap::from([(field.into(), message.clone())]),
            message,
        }
    }

    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, NO_TOKEN)
    }

    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, FORBIDDEN)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
}

impl From<tonic::Status> for ApiError {
    fn from(s: tonic::Status) -> Self {
        let status = match s.code() {
            Code::InvalidArgument | Code::OutOfRange | Code::FailedPrecondition => {
                StatusCode::BAD_REQUEST
            }
            Code::NotFound => StatusCode::NOT_FOUND,
            Code::AlreadyExists | Code::Aborted => StatusCode::CONFLICT,
            Code::PermissionDenied => StatusCode::FORBIDDEN,
            Code::Unauthenticated => StatusCode::UNAUTHORIZED,
            Code::ResourceExhausted => StatusCode::TOO_MANY_REQUESTS,
            Code::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Code::DeadlineExceeded => StatusCode::GATEWAY_TIMEOUT,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let message = match status {
            // The services' own messages for these codes are French and meant to be shown; a transport
            // failure's text is not, so it is replaced.
            StatusCode::SERVICE_UNAVAILABLE | StatusCode::GATEWAY_TIMEOUT => {
                tracing::error!(code = ?s.code(), message = s.message(), "service unavailable");
                UNAVAILABLE.to_string()
            }
            StatusCode::INTERNAL_SERVER_ERROR => {
                tracing::error!(code = ?s.code(), message = s.message(), "service failed");
                INTERNAL.to_string()
            }
            _ => s.message().to_string(),
        };
        let fields = common::error::field_violations(&s).into_iter().collect();
        ApiError { status, message, fields }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        let status = match r {
            JsonRejection::MissingJsonContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            JsonRejection::BytesRejection(_) => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::BAD_REQUEST,
        };
        let message = match &r {
            JsonRejection::MissingJsonContentType(_) => {
                "Le corps de la requête doit être du JSON (Content-Type: application/json)."
                    .to_string()
            }
            JsonRejection::JsonSyntaxError(_) => {
                "Le corps de la requête n'est pas un JSON valide.".to_string()
            }
            JsonRejection::JsonDataError(e) => format!("Données invalides : {}", e.body_text()),
            _ => "Corps de requête illisible ou trop volumineux.".to_string(),
        };
        ApiError::new(status, message)
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> Self {
        ApiError::bad_request(format!("Paramètres de requête invalides : {}", r.body_text()))
    }
}

impl From<PathRejection> for ApiError {
    fn from(_: PathRejection) -> Self {
        ApiError::bad_request("Identifiant invalide dans l'adresse : un nombre entier est attendu.")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody { status: "error", message: self.message, fields: self.fields };
        (self.status, Json(body)).into_response()
    }
}
