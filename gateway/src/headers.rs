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

/// The Content-Security-Policy, letting the Metabase site `frame_site` (its origin) be framed when given:
/// the statistics screen shows its dashboards in a frame.
pub fn content_security_policy(frame_site: Option<&str>) -> String {
    let origin = frame_site.and_then(|site| {
        let (scheme, rest) = site.trim().split_once("://")?;
        let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']');
        (matches!(scheme, "http" | "https") && !host.is_empty() && host.chars().all(plain))
            .then(|| format!("{scheme}://{host}"))
    });
    match origin {
        Some(origin) => format!("{CONTENT_SECURITY_POLICY}; frame-src {origin}"),
        None => CONTENT_SECURITY_POLICY.to_string(),
    }
}

/// The security headers of every answer; `frame_site`: see `content_security_policy`.
pub fn security_headers(frame_site: Option<&str>) -> Vec<SetResponseHeaderLayer<HeaderValue>> {
    let policy = HeaderValue::from_str(&content_security_policy(frame_site))
        .unwrap_or_else(|_| HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    let headers: [(HeaderName, HeaderValue); 5] = [
        (header::CONTENT_SECURITY_POLICY, policy),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ),
    ];
    headers
        .into_iter()
        .map(|(name, value)| SetResponseHeaderLayer::overriding(name, value))
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

/// The header by which the application's screens say a call is theirs (`screen`); any other caller is
/// the API. The history records it as each change's source.
pub const SOURCE_HEADER: &str = "x-sesame-source";

/// Runs the call with the caller's bearer token as the token its gRPC calls forward, and its source
/// (`SOURCE_HEADER`) as the source they carry.
pub async fn forward_token(request: Request, next: Next) -> Response {
    let source = common::history::origin::source_of_header(
        request.headers().get(SOURCE_HEADER).and_then(|v| v.to_str().ok()),
    );
    match common::identity::bearer(request.headers()).map(str::to_string) {
        Some(token) => {
            let work = common::history::origin::with_source(source, next.run(request));
            common::identity::with_token(token, work).await
        }
        None => next.run(request).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_metabase_site_may_be_framed() {
        assert_eq!(content_security_policy(None), CONTENT_SECURITY_POLICY);
        assert_eq!(
            content_security_policy(Some("https://stats.sesame.example/metabase/")),
            format!("{CONTENT_SECURITY_POLICY}; frame-src https://stats.sesame.example")
        );
        assert_eq!(content_security_policy(Some("javascript:alert(1)")), CONTENT_SECURITY_POLICY);
        assert_eq!(
            content_security_policy(Some("https://a.example; script-src *")),
            CONTENT_SECURITY_POLICY
        );
    }
}
