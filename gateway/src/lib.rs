//! The REST gateway: the `/api` contract of the specification in front of the gRPC services, the role
//! matrix, OpenAPI, probes, and the single-page application.

pub mod access;
mod client;
pub mod envelope;
pub mod error;
mod exports;
mod extract;
mod headers;
mod openapi;
mod rejections;
pub mod routes;
pub mod session;
pub mod session_cache;
pub mod session_events;
mod spa;
pub mod state;

use anyhow::{Context, Result};
use axum::extract::{MatchedPath, OriginalUri, Request};
use axum::http::{Method, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{any, get};
use axum::{Json, Router};
use common::config::{RunningEnv, env_or, env_parse};
use opentelemetry::global;
use opentelemetry_http::HeaderExtractor;
use std::future::Future;
use std::path::PathBuf;
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::CompressionLevel;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

pub use state::AppState;

#[derive(Clone, Debug)]
pub struct GatewayConfig {
    pub http_addr: String,
    pub web_dir: PathBuf,
    pub running_env: RunningEnv,
    pub request_timeout: Duration,
    /// Largest JSON body accepted.
    pub body_limit: usize,
    /// Proxies whose `X-Forwarded-For` names the client (an ingress); nobody else is believed.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Sign-ins (and refreshes) one client address may make in a minute.
    pub signins_per_minute: u32,
    /// How long a session checked with the auth service is believed without asking again (a session
    /// ended through another replica is refused here at most this much later).
    pub session_cache: Duration,
    /// The Metabase site whose dashboards the statistics screen shows in a frame (`METABASE_SITE_URL`):
    /// the pages' Content-Security-Policy lets that site, and no other, be framed.
    pub metabase_site: Option<String>,
}

/// How long a checked session is believed by a replica without asking the auth service again.
pub const DEFAULT_SESSION_CACHE_SECONDS: u64 = 30;

/// Sign-ins one address may make in a minute: a person mistyping, or an office behind one address.
pub const DEFAULT_SIGNINS_PER_MINUTE: u32 = 30;

impl GatewayConfig {
    /// Reads `HTTP_ADDR`, `WEB_DIR`, `RUNNING_ENV`, `REQUEST_TIMEOUT_SECONDS`, `BODY_LIMIT_BYTES`,
    /// `TRUSTED_PROXIES` (addresses, comma-separated), `SIGNINS_PER_MINUTE`, `SESSION_CACHE_SECONDS`,
    /// `METABASE_SITE_URL`.
    pub fn from_env() -> Result<Self> {
        Ok(GatewayConfig {
            http_addr: env_or("HTTP_ADDR", "127.0.0.1:8080"),
            web_dir: PathBuf::from(env_or("WEB_DIR", "web/dist")),
            running_env: RunningEnv::from_env()?,
            request_timeout: Duration::from_secs(env_parse("REQUEST_TIMEOUT_SECONDS", 60u64)?),
            body_limit: env_parse("BODY_LIMIT_BYTES", 2 * 1024 * 1024usize)?,
            trusted_proxies: env_or("TRUSTED_PROXIES", "")
                .split(',')
                .map(str::trim)
                .filter(|a| !a.is_empty())
                .map(|a| {
                    a.parse().with_context(|| format!("TRUSTED_PROXIES: {a:?} is not an address"))
                })
                .collect::<Result<_>>()?,
            signins_per_minute: env_parse("SIGNINS_PER_MINUTE", DEFAULT_SIGNINS_PER_MINUTE)?,
            session_cache: Duration::from_secs(env_parse(
                "SESSION_CACHE_SECONDS",
                DEFAULT_SESSION_CACHE_SECONDS,
            )?),
            metabase_site: common::config::env_opt("METABASE_SITE_URL"),
        })
    }
}

/// Every `/api` call with its OpenAPI description.
fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(routes::all())
        .merge(exports::router())
}

/// The OpenAPI document of the `/api` calls.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    api().split_for_parts().1
}

/// The whole HTTP application.
pub fn app(state: AppState, config: &GatewayConfig) -> Router {
    let (api, document) = api().split_for_parts();
    let document = Json(document);
    // The document, like every call but sign-in, is for signed-in callers.
    let openapi = move |_caller: session::Caller| async move { document.clone() };
    let api = api
        .route("/openapi.json", get(openapi))
        .fallback(unknown_call)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::extract::DefaultBodyLimit::max(config.body_limit))
        .layer(axum::middleware::from_fn(headers::forward_token))
        .layer(axum::middleware::from_fn(measured))
        .layer(axum::middleware::from_fn(trace_reference))
        .layer(headers::no_store())
        .layer(axum::Extension(client::ClientPolicy::new(
            config.trusted_proxies.clone(),
            config.signins_per_minute,
        )));
    let mut app = Router::new()
        .nest("/api", api)
        // The nested router does not see `/api/` itself, which would otherwise reach the application.
        .route("/api/", any(unknown_call))
        .route("/livez", get(routes::health::livez))
        .route("/readyz", get(routes::health::readyz))
        .with_state(state)
        .merge(spa::router(&config.web_dir))
        .layer(TimeoutLayer::with_status_code(StatusCode::GATEWAY_TIMEOUT, config.request_timeout))
        // Brotli's own default (quality 11) takes hundreds of milliseconds on a 2,000-row list; quality 4
        // compresses such an answer in a few milliseconds, about as small as gzip's default. PDFs are
        // compressed already (their streams and photos): compressing them again would only cost time.
        .layer(
            CompressionLayer::new().quality(CompressionLevel::Precise(4)).compress_when(
                DefaultPredicate::new()
                    .and(NotForContentType::const_new("application/pdf"))
                    // An .xlsx file is a zip already.
                    .and(NotForContentType::const_new(
                        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                    )),
            ),
        )
        .layer(TraceLayer::new_for_http().make_span_with(request_span).on_response(record_status));
    for layer in headers::security_headers(config.metabase_site.as_deref()) {
        app = app.layer(layer);
    }
    app
}

/// One span per request, named `METHOD route`, continuing the browser's trace when it sends one.
fn request_span(request: &Request) -> tracing::Span {
    let route =
        request.extensions().get::<MatchedPath>().map_or(request.uri().path(), |m| m.as_str());
    let span = tracing::info_span!(
        "http.request",
        otel.name = %format!("{} {route}", request.method()),
        otel.kind = "server",
        http.request.method = %request.method(),
        http.route = %route,
        sesame.service = "gateway",
        http.response.status_code = tracing::field::Empty,
        enduser.id = tracing::field::Empty,
    );
    let parent =
        global::get_text_map_propagator(|p| p.extract(&HeaderExtractor(request.headers())));
    let _ = span.set_parent(parent);
    span
}

/// Answers each `/api` call's trace id in `X-Trace-Id`: the reference the screens show beside an error, so
/// that a user's report leads to the call's trace. The browser starts each call's trace (`traceparent`),
/// which the request's span continues; with no trace exported, the id the browser sent is answered.
async fn trace_reference(
    request: Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use opentelemetry::trace::{TraceContextExt, TraceId};
    let sent = request
        .headers()
        .get("traceparent")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split('-').nth(1))
        .filter(|id| id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(str::to_ascii_lowercase);
    let mut response = next.run(request).await;
    let traced = tracing::Span::current().context().span().span_context().trace_id();
    let id = if traced == TraceId::INVALID { sent } else { Some(traced.to_string()) };
    if let Some(value) = id.and_then(|id| axum::http::HeaderValue::from_str(&id).ok()) {
        response.headers_mut().insert("x-trace-id", value);
    }
    response
}

/// Counts and times each `/api` call by its route's pattern (`common::metrics::http_call`).
async fn measured(request: Request, next: axum::middleware::Next) -> axum::response::Response {
    let route = request.extensions().get::<MatchedPath>().map(|m| m.as_str().to_string());
    let method = request.method().clone();
    let started = std::time::Instant::now();
    let response = next.run(request).await;
    common::metrics::http_call(
        &method,
        route.as_deref(),
        response.status().as_u16(),
        started.elapsed(),
    );
    response
}

fn record_status<B>(response: &axum::http::Response<B>, latency: Duration, span: &tracing::Span) {
    span.record("http.response.status_code", response.status().as_u16());
    if response.status().is_server_error() {
        tracing::error!(status = response.status().as_u16(), ?latency, "request failed");
    } else {
        tracing::debug!(status = response.status().as_u16(), ?latency, "request done");
    }
}

async fn unknown_call(method: Method, OriginalUri(uri): OriginalUri) -> impl IntoResponse {
    error::ApiError::not_found(format!("Appel inconnu : {method} {}", uri.path()))
}

async fn method_not_allowed(method: Method, OriginalUri(uri): OriginalUri) -> impl IntoResponse {
    error::ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("Méthode {method} non permise pour {}", uri.path()),
    )
}

/// Serves `app` on `listener` until `shutdown` resolves, finishing the requests under way.
pub async fn serve(
    app: Router,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<()> {
    use axum::serve::ListenerExt;
    // Without TCP_NODELAY a small answer can wait about 40 ms for the browser's delayed ACK.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    // The peer's address is the client's (or its proxy's): `client::ClientAddress`.
    let app = app.into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, app).with_graceful_shutdown(shutdown).await.context("HTTP server failed")
}
