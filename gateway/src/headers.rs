//! What every answer carries for the browser's safety, and what every `/api` call forwards to the
//! services: the caller's token, so each service checks the caller itself.

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::set_header::SetResponseHeaderLayer;

/// The application's own scripts only (no inline script, no other origin); Ant Design writes its styles
/// inline; photos are shown from `blob:` addresses; no page may frame this one.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
     connect-src 'self'; media-src 'self' blob:; object-src 'none'; base-uri 'self'; \
     form-action 'self'; frame-ancestors 'none'";

/// The security headers of every answer.
pub fn security_headers() -> Vec<SetResponseHeaderLayer<HeaderValue>> {
    let headers: [(HeaderName, &'static str); 5] = [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "no-referrer"),
        (HeaderName::from_static("cross-origin-opener-policy"), "same-origin"),
    ];
    headers
        .into_iter()
        .map(|(name, value)| {
            SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
        })
        .collect()
}

/// `/api` answers hold personal data: no cache keeps them, unless the call says otherwise (a photo
/// at its versioned address is kept by the signed-in browser only: `private`).
pub fn no_store() -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(
        header::CACHE_CONTROL,
        HeaderValue::from_static("no-store"),
    )
}

/// Runs the call with the caller's bearer token as the token its gRPC calls forward.
pub async fn forward_token(request: Request, next: Next) -> Response {
    match common::identity::bearer(request.headers()).map(str::to_string) {
        Some(token) => common::identity::with_token(token, next.run(request)).await,
        None => next.run(request).await,
    }
}
