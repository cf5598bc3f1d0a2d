//! The error answer of the REST contract: `{"status":"error","message":"...","fields":{...}}` with the
//! fitting HTTP code. gRPC codes map to HTTP as grpc-gateway does; internal details are logged, never sent.
//! Every message is French: the services' own, and the gateway's for what it refuses itself, including a
//! request it cannot read (axum's rejections, whose English texts and serde's are never passed on) and a
//! failure of the gRPC machinery (tonic, hyper, h2) between the gateway and a service.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use std::collections::BTreeMap;
use std::error::Error;
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
#[schema(description = "Le corps de chaque réponse d'erreur.")]
pub struct ErrorBody {
    // Always `"error"`.
    /// Toujours `"error"`.
    #[schema(example = "error")]
    pub status: &'static str,
    // French, meant for the administrator.
    /// En français, destiné à l'administrateur.
    pub message: String,
    // For invalid input: the field names at fault, each with its message.
    /// Pour une saisie invalide : les noms des champs en faute, chacun avec son message.
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

/// A message over tonic's size limit, either way (`OUT_OF_RANGE`).
pub const TOO_LARGE: &str = "La demande ou sa réponse dépasse la taille permise : \
    essayez avec moins de lignes ou un fichier plus petit.";
/// A request body over the gateway's limit (`BODY_LIMIT_BYTES`, or the call's own).
pub const BODY_TOO_LARGE: &str = "Le corps de la requête dépasse la taille permise.";
pub const NOT_JSON: &str =
    "Le corps de la requête doit être du JSON (Content-Type: application/json).";
pub const INVALID_JSON: &str = "Le corps de la requête n'est pas un JSON valide.";
pub const NOT_MULTIPART: &str =
    "Le corps de la requête doit être un formulaire multipart/form-data (envoi de fichier).";

/// The HTTP code of a gRPC code, as grpc-gateway maps them.
fn http_status(code: Code) -> StatusCode {
    match code {
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
    }
}

/// tonic's message for a service reached through something that answered plain HTTP (a proxy).
const TONIC_HTTP_MAPPED: &str = "grpc-status header missing";

/// Whether `s` was made by the gRPC machinery (tonic, hyper, h2) rather than answered by one of our
/// services. A service answers through `common::error::ServiceError` (or the guard of
/// `common::identity`), whose messages are French and meant to be shown; the machinery's are English
/// ("transport error", "h2 protocol error: ...", "Timeout expired", "Error, decoded message length too
/// large: ..."). They are told apart by how they are made, not by their words:
/// - a status the calling side made from a failure (connection, transport, h2, timeout) carries that
///   failure as its `source()`; one received from a service never does;
/// - `OUT_OF_RANGE` is tonic's code for a message over its size limit, on either side; no `ServiceError`
///   maps to it;
/// - a status tonic infers from a plain HTTP answer (a proxy in between) says so in its first words.
fn from_grpc_machinery(s: &tonic::Status) -> bool {
    s.source().is_some()
        || s.code() == Code::OutOfRange
        || s.message().starts_with(TONIC_HTTP_MAPPED)
}

/// The failures under `e`, cause after cause.
fn sources<'a>(e: &'a dyn Error) -> impl Iterator<Item = &'a (dyn Error + 'static)> {
    std::iter::successors(e.source(), |&cause| cause.source())
}

/// Whether the channel's own deadline ended the call (`tonic::TimeoutExpired` among its causes).
fn timed_out(s: &tonic::Status) -> bool {
    sources(s).any(|cause| cause.is::<tonic::TimeoutExpired>())
}

/// The failure under `e`, cause after cause, for the logs.
fn causes(e: &dyn Error) -> String {
    sources(e).map(|cause| cause.to_string()).collect::<Vec<_>>().join(": ")
}

impl From<tonic::Status> for ApiError {
    fn from(s: tonic::Status) -> Self {
        let status = http_status(s.code());
        if from_grpc_machinery(&s) {
            tracing::warn!(
                code = ?s.code(),
                message = s.message(),
                cause = %causes(&s),
                "gRPC call failed in the transport; answered in French"
            );
            let (status, message) = match s.code() {
                Code::OutOfRange => (status, TOO_LARGE),
                Code::Unauthenticated => (status, NO_TOKEN),
                Code::PermissionDenied => (status, FORBIDDEN),
                // The channel's own deadline (tonic's « Timeout expired », whose code, `CANCELLED`, is
                // also that of a stream its dying connection reset: told apart by the cause).
                _ if timed_out(&s) => (StatusCode::GATEWAY_TIMEOUT, UNAVAILABLE),
                // The service could not be reached, or the connection was cut under the call (a
                // replica that died, whose calls the next connection takes to another): a moment's
                // unavailability, worth trying again, never an internal error.
                _ => (StatusCode::SERVICE_UNAVAILABLE, UNAVAILABLE),
            };
            return ApiError::new(status, message);
        }
        let message = match status {
            // A service's `UNAVAILABLE` says in French what is missing (its database, a service it
            // calls), and is shown; a deadline's text is tonic's, so it is replaced.
            StatusCode::SERVICE_UNAVAILABLE => {
                tracing::error!(code = ?s.code(), message = s.message(), "service unavailable");
                s.message().to_string()
            }
            StatusCode::GATEWAY_TIMEOUT => {
                tracing::error!(code = ?s.code(), message = s.message(), "service timed out");
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

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody { status: "error", message: self.message, fields: self.fields };
        (self.status, Json(body)).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grpc_machinerys_english_is_replaced() {
        let too_large = tonic::Status::out_of_range(
            "Error, decoded message length too large: found 5000000 bytes, the limit is: 4194304 bytes",
        );
        let error = ApiError::from(too_large);
        assert_eq!((error.status, error.message.as_str()), (StatusCode::BAD_REQUEST, TOO_LARGE));

        let timeout = tonic::Status::from_error(Box::new(tonic::TimeoutExpired(())));
        assert_eq!(timeout.message(), "Timeout expired");
        let error = ApiError::from(timeout);
        assert_eq!(
            (error.status, error.message.as_str()),
            (StatusCode::GATEWAY_TIMEOUT, UNAVAILABLE)
        );

        // A connection cut under the call (its replica died): try again, not an internal error.
        let broken = tonic::Status::from_error(Box::new(std::io::Error::other("transport error")));
        assert_eq!(broken.code(), Code::Unknown);
        let error = ApiError::from(broken);
        assert_eq!(
            (error.status, error.message.as_str()),
            (StatusCode::SERVICE_UNAVAILABLE, UNAVAILABLE)
        );

        // What tonic makes of a proxy's plain 401 is no service's refusal.
        let proxy = tonic::Status::unauthenticated(
            "grpc-status header missing, mapped from HTTP status code 401",
        );
        let error = ApiError::from(proxy);
        assert_eq!((error.status, error.message.as_str()), (StatusCode::UNAUTHORIZED, NO_TOKEN));
    }

    #[test]
    fn the_services_own_messages_are_sent_as_they_are() {
        let status: tonic::Status =
            common::error::ServiceError::invalid_field("region_code", "Le code est obligatoire.")
                .into();
        let error = ApiError::from(status);
        assert_eq!(error.status, StatusCode::BAD_REQUEST);
        assert_eq!(error.message, "Le code est obligatoire.");
        assert_eq!(error.fields["region_code"], "Le code est obligatoire.");
        let error = ApiError::from(tonic::Status::resource_exhausted("Trop de tentatives."));
        assert_eq!(
            (error.status, error.message.as_str()),
            (StatusCode::TOO_MANY_REQUESTS, "Trop de tentatives.")
        );
    }
}
