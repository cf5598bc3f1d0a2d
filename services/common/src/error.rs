//! The error a service answers. Each variant maps to one gRPC code; the gateway maps that code to HTTP
//! (see `gateway::error`). Messages are French and meant for the administrator; internal causes are
//! logged, never sent.

use std::collections::BTreeMap;
use tonic::{Code, Status};
use tonic_types::{ErrorDetails, StatusExt};

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// Bad input. `fields` names the inputs at fault with a message for each.
    #[error("{message}")]
    Invalid { message: String, fields: BTreeMap<String, String> },
    #[error("{0}")]
    NotFound(String),
    /// A uniqueness or state conflict (409).
    #[error("{0}")]
    Conflict(String),
    /// A value already taken (409), named on its field so that a form shows the message there.
    #[error("{message}")]
    Taken { field: String, message: String },
    #[error("{0}")]
    Unauthenticated(String),
    #[error("{0}")]
    PermissionDenied(String),
    /// Too many attempts; retry later (429).
    #[error("{0}")]
    TooManyRequests(String),
    #[error("{0}")]
    Unavailable(String),
    /// Anything unexpected: logged with its cause, answered with a generic message.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ServiceError {
    pub fn invalid_field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        ServiceError::Invalid {
            fields: BTreeMap::from([(field.to_string(), message.clone())]),
            message,
        }
    }
}

impl From<sqlx::Error> for ServiceError {
    fn from(e: sqlx::Error) -> Self {
        // Input the database cannot hold is the caller's fault (400), never a server error.
        if let Some(code) = e.as_database_error().and_then(|d| d.code()) {
            let refusal = match code.as_ref() {
                "22021" | "22P05" => {
                    Some("Un texte contient un caractère interdit (caractère nul).")
                }
                "22003" => Some("Un nombre est en dehors des limites permises."),
                "22001" => Some("Un texte est trop long."),
                "22007" | "22008" => Some("Une date est invalide."),
                _ => None,
            };
            if let Some(message) = refusal {
                tracing::info!(error = %e, "input refused by the database");
                return ServiceError::Invalid { message: message.into(), fields: BTreeMap::new() };
            }
        }
        // The server going away (a connection cut, the server shutting down or starting up: SQLSTATE
        // classes 08 and 57P) is a moment's unavailability, not a failure of the call.
        let going_away = e
            .as_database_error()
            .and_then(|d| d.code())
            .is_some_and(|code| code.starts_with("08") || code.starts_with("57P"));
        match e {
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) => {
                tracing::error!(error = %e, "database unavailable");
                ServiceError::Unavailable(DATABASE_UNAVAILABLE.into())
            }
            _ if going_away => {
                tracing::error!(error = %e, "database going away");
                ServiceError::Unavailable(DATABASE_UNAVAILABLE.into())
            }
            other => ServiceError::Internal(anyhow::Error::new(other)),
        }
    }
}

/// What a caller reads while the database does not answer.
pub const DATABASE_UNAVAILABLE: &str =
    "La base de données ne répond pas, réessayez dans un instant.";

pub const INTERNAL_MESSAGE: &str = "Erreur interne du serveur. L'incident a été enregistré.";

impl From<ServiceError> for Status {
    fn from(e: ServiceError) -> Status {
        match e {
            ServiceError::Invalid { message, fields } => {
                let mut details = ErrorDetails::new();
                for (field, text) in &fields {
                    details.add_bad_request_violation(field.clone(), text.clone());
                }
                Status::with_error_details(Code::InvalidArgument, message, details)
            }
            ServiceError::Taken { field, message } => {
                let mut details = ErrorDetails::new();
                details.add_bad_request_violation(field, message.clone());
                Status::with_error_details(Code::AlreadyExists, message, details)
            }
            ServiceError::NotFound(m) => Status::not_found(m),
            ServiceError::Conflict(m) => Status::already_exists(m),
            ServiceError::Unauthenticated(m) => Status::unauthenticated(m),
            ServiceError::PermissionDenied(m) => Status::permission_denied(m),
            ServiceError::TooManyRequests(m) => Status::resource_exhausted(m),
            ServiceError::Unavailable(m) => Status::unavailable(m),
            ServiceError::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error");
                Status::internal(INTERNAL_MESSAGE)
            }
        }
    }
}

/// The field messages carried by an `InvalidArgument` status, in the order they were added.
pub fn field_violations(status: &Status) -> Vec<(String, String)> {
    status
        .get_details_bad_request()
        .map(|br| br.field_violations.into_iter().map(|v| (v.field, v.description)).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_messages_survive_the_grpc_status() {
        let status: Status = ServiceError::invalid_field("login_name", "trop court").into();
        assert_eq!(status.code(), Code::InvalidArgument);
        assert_eq!(status.message(), "trop court");
        assert_eq!(
            field_violations(&status),
            vec![("login_name".to_string(), "trop court".to_string())]
        );
    }

    #[test]
    fn a_taken_value_is_a_conflict_named_on_its_field() {
        let status: Status =
            ServiceError::Taken { field: "region_code".into(), message: "déjà utilisé".into() }
                .into();
        assert_eq!(status.code(), Code::AlreadyExists);
        assert_eq!(status.message(), "déjà utilisé");
        assert_eq!(
            field_violations(&status),
            vec![("region_code".to_string(), "déjà utilisé".to_string())]
        );
    }

    #[test]
    fn internal_causes_are_not_sent() {
        let status: Status = ServiceError::Internal(anyhow::anyhow!("secret path /etc/x")).into();
        assert_eq!(status.code(), Code::Internal);
        assert!(!status.message().contains("secret"));
    }
}
