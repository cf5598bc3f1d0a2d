//! Request extractors whose rejections are the contract's JSON errors, in French, instead of axum's plain
//! English text.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{HeaderMap, header};
use serde::de::DeserializeOwned;

/// A JSON body read as `T`. A refusal says in French what is wrong and on which field
/// (`ApiError::json_refusal`).
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !json_content_type(req.headers()) {
            return Err(ApiError::not_json());
        }
        let body = Bytes::from_request(req, state).await?;
        match axum::Json::<T>::from_bytes(&body) {
            Ok(axum::Json(value)) => Ok(Json(value)),
            Err(rejection) => {
                // serde_json's own error for the same body: its category and message, which axum only
                // gives as English text (the second reading costs only on a refused body).
                let cause = serde_json::from_slice::<T>(&body).err();
                Err(ApiError::json_refusal(&rejection, &body, cause.as_ref()))
            }
        }
    }
}

/// `application/json`, or any `application/*+json`, as axum's own `Json` accepts.
fn json_content_type(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    match essence.split_once('/') {
        Some(("application", subtype)) => subtype == "json" || subtype.ends_with("+json"),
        _ => false,
    }
}

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

/// A `multipart/form-data` body (`next_field` as axum's own, through `DerefMut`); a request of another
/// content type is refused in French.
pub struct Multipart(pub axum::extract::Multipart);

impl<S: Send + Sync> FromRequest<S> for Multipart {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        Ok(Multipart(axum::extract::Multipart::from_request(req, state).await?))
    }
}

impl std::ops::Deref for Multipart {
    type Target = axum::extract::Multipart;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Multipart {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}
