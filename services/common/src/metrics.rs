//! Prometheus metrics, one recorder per process (`metrics` crate, `metrics-exporter-prometheus`), served
//! as text at `GET /metrics` on their own port (`METRICS_ADDR`, default `0.0.0.0:9464`: the port the
//! chart scrapes, never behind the Ingress). Every name starts with `sesame_`; every series carries the
//! service it is about (`service`, or the consumer's name), so the suite, which runs every service in one
//! process, tells them apart as a Deployment per service does.
//!
//! - `sesame_grpc_requests_total{service, method, code}` and `sesame_grpc_request_duration_seconds`: each
//!   gRPC call a service answered (`GrpcMetricsLayer`, in `grpc::serve_service`), `code` its gRPC status
//!   as a number (0 is OK);
//! - `sesame_http_requests_total{method, route, status}` and `sesame_http_request_duration_seconds`: each
//!   call the gateway answered, by its route's pattern (`/api/members/get.member/{id}`), `other` for the
//!   pages of the application and unknown paths;
//! - `sesame_db_pool_connections{service, state}` (`idle`, `in_use`) and `sesame_db_pool_max{service}`;
//! - `sesame_outbox_pending{service}` and `sesame_outbox_oldest_seconds{service}`: the events written and
//!   not yet published (`watch_service`), `sesame_outbox_published_total{service}`;
//! - `sesame_consumer_pending{consumer}` (events in the stream not yet delivered to it, and delivered
//!   but not acknowledged), `sesame_consumer_events_total{consumer, outcome}` (`applied`, `retried`) and
//!   `sesame_consumer_rebuilds_total{consumer}` (projections rebuilt after events were missed,
//!   `consumer::rebuild`), `sesame_replay_records_total{entity}` (records an owner told again);
//! - `sesame_sync_runs_total{direction, outcome}`, `sesame_cards_printed_total{document}`,
//!   `sesame_exports_total{service, outcome}`: the product's long work.

use anyhow::{Context, Result};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use sqlx::{AssertSqlSafe, PgPool};
use std::future::Future;
use std::pin::Pin;
use std::sync::OnceLock;
use std::task::{Context as TaskContext, Poll};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// Where `/metrics` answers when `METRICS_ADDR` is not set.
pub const DEFAULT_METRICS_ADDR: &str = "0.0.0.0:9464";

/// How often the gauges read from outside the process (pool, outbox, consumers) are read again.
pub const SAMPLE_EVERY: Duration = Duration::from_secs(5);

/// The buckets of every `_seconds` histogram: from a cached read (a millisecond) to a long print.
const LATENCY_BUCKETS: &[f64] =
    &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's recorder, installed on first use: what `/metrics` renders.
pub fn handle() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), LATENCY_BUCKETS)
            .expect("the latency buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        // Nothing else in the product installs a recorder; if something did, its figures stay its own.
        let _ = metrics::set_global_recorder(recorder);
        handle
    })
}

/// Installs the recorder (`handle`) before anything is measured: a figure recorded before the recorder
/// exists is lost.
pub fn install() {
    handle();
}

/// Whether this process serves its metrics (`serve` installed the recorder): the gauges read from
/// outside the process (pool, outbox, consumers' lag) are read only then, not for nobody on a laptop.
pub fn served() -> bool {
    HANDLE.get().is_some()
}

/// Answers `GET /metrics` on `listener` until `shutdown` resolves.
pub async fn serve(
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<()> {
    install();
    let app = axum::Router::new().route(
        "/metrics",
        axum::routing::get(|| async {
            let handle = handle();
            handle.run_upkeep();
            (
                [(http::header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
                handle.render(),
            )
        }),
    );
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
        .context("the metrics server failed")
}

/// Answers `/metrics` on `addr` (port 0 picks a free one) among `parts`, until they stop; answers the
/// bound address.
pub async fn serve_on(
    addr: &str,
    parts: &mut crate::shutdown::Parts,
) -> Result<std::net::SocketAddr> {
    let (listener, bound) = crate::grpc::bind(addr).await?;
    // Before the services start: they measure only once it is there (`served`).
    install();
    parts.spawn(serve(listener, parts.stopped()));
    tracing::info!(addr = %bound, "metrics at /metrics");
    Ok(bound)
}

/// `serve_on` the address of `METRICS_ADDR` (default `DEFAULT_METRICS_ADDR`).
pub async fn serve_from_env(parts: &mut crate::shutdown::Parts) -> Result<std::net::SocketAddr> {
    serve_on(&crate::config::env_or("METRICS_ADDR", DEFAULT_METRICS_ADDR), parts).await
}

/// Reads, every `SAMPLE_EVERY` until `shutdown`, the gauges of `service` that live outside the process:
/// its database pool and, when it publishes events, its outbox (rows written, not yet published).
pub async fn watch_service(
    service: &'static crate::service::ServiceInfo,
    pool: PgPool,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<()> {
    let outbox = format!(
        "SELECT count(*), coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 FROM {}.outbox",
        service.schema
    );
    let mut every = tokio::time::interval(SAMPLE_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => return Ok(()),
            _ = every.tick() => {}
        }
        let (size, idle) = (pool.size() as f64, pool.num_idle() as f64);
        metrics::gauge!("sesame_db_pool_connections", "service" => service.name, "state" => "idle")
            .set(idle);
        metrics::gauge!("sesame_db_pool_connections", "service" => service.name, "state" => "in_use")
            .set(size - idle);
        metrics::gauge!("sesame_db_pool_max", "service" => service.name)
            .set(pool.options().get_max_connections() as f64);
        if service.publishes_events {
            match sqlx::query_as::<_, (i64, f64)>(AssertSqlSafe(outbox.as_str()))
                .fetch_one(&pool)
                .await
            {
                Ok((pending, oldest)) => {
                    metrics::gauge!("sesame_outbox_pending", "service" => service.name)
                        .set(pending as f64);
                    metrics::gauge!("sesame_outbox_oldest_seconds", "service" => service.name)
                        .set(oldest);
                }
                Err(e) => {
                    tracing::warn!(error = %e, service = service.name, "the outbox could not be measured")
                }
            }
        }
    }
}

/// The tower layer of `grpc::serve_service` that counts and times each call a service answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct GrpcMetricsLayer;

impl<S> tower::Layer<S> for GrpcMetricsLayer {
    type Service = GrpcMetrics<S>;

    fn layer(&self, inner: S) -> Self::Service {
        GrpcMetrics { inner }
    }
}

#[derive(Clone, Debug)]
pub struct GrpcMetrics<S> {
    inner: S,
}

impl<S, B, R> tower::Service<http::Request<B>> for GrpcMetrics<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<R>> + Clone + Send + 'static,
    S::Future: Send + 'static,
    B: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut TaskContext<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        // The clone made ready is the one called (tower's rule for a service that moves into a future).
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let path = request.uri().path().to_string();
        let started = Instant::now();
        Box::pin(async move {
            let answered = inner.call(request).await;
            if let Ok(response) = &answered {
                grpc_call(&path, grpc_code(response.headers()), started.elapsed());
            }
            answered
        })
    }
}

/// The gRPC status of an answer as its headers give it: an error is answered at once in its headers
/// (tonic's "trailers only"); an answer without one went on to its body, and counts as OK (a stream
/// that fails later says so in its trailers, which this does not wait for).
fn grpc_code(headers: &http::HeaderMap) -> &'static str {
    const CODES: [&str; 17] = [
        "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    ];
    headers
        .get("grpc-status")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok())
        .and_then(|code| CODES.get(code).copied())
        .unwrap_or("0")
}

/// Records a gRPC call to `path` (`/sesame.members.v1.Members/GetMember`): the service is the proto
/// package's second part (`members`), `grpc.health.v1` counts as `health`.
fn grpc_call(path: &str, code: &'static str, took: Duration) {
    let service = service_of_path(path);
    let method = path.to_string();
    metrics::counter!("sesame_grpc_requests_total", "service" => service.clone(), "method" => method.clone(), "code" => code)
        .increment(1);
    metrics::histogram!("sesame_grpc_request_duration_seconds", "service" => service, "method" => method)
        .record(took.as_secs_f64());
}

/// The service a gRPC call's path is made to (`/sesame.members.v1.Members/GetMember`: `members`).
pub(crate) fn service_of_path(path: &str) -> String {
    let package = path.trim_start_matches('/').split('/').next().unwrap_or_default();
    let mut parts = package.split('.');
    match (parts.next(), parts.next()) {
        (Some("sesame"), Some(service)) => service.to_string(),
        (Some("grpc"), Some("health")) => "health".to_string(),
        _ => "other".to_string(),
    }
}

/// Records a call the gateway answered, by its route's pattern (never the path itself: an id in a
/// label would make a series per member).
pub fn http_call(method: &http::Method, route: Option<&str>, status: u16, took: Duration) {
    let route = route.unwrap_or("other").to_string();
    metrics::counter!("sesame_http_requests_total", "method" => method.to_string(), "route" => route.clone(), "status" => status.to_string())
        .increment(1);
    metrics::histogram!("sesame_http_request_duration_seconds", "method" => method.to_string(), "route" => route)
        .record(took.as_secs_f64());
}

/// A sync run ended: `direction` (`to_server`, `from_server`), `outcome` (`done`, `stopped`, `failed`).
pub fn sync_run_ended(direction: &'static str, outcome: &'static str) {
    metrics::counter!("sesame_sync_runs_total", "direction" => direction, "outcome" => outcome)
        .increment(1);
}

/// `count` documents of `document` (`card`, `delivery_slip`) printed into a PDF.
pub fn printed(document: &'static str, count: usize) {
    metrics::counter!("sesame_cards_printed_total", "document" => document).increment(count as u64);
}

/// An export job of `service` ended: `outcome` (`done`, `refused`, `failed`).
pub fn export_ended(service: &'static str, outcome: &'static str) {
    metrics::counter!("sesame_exports_total", "service" => service, "outcome" => outcome)
        .increment(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_is_named_after_its_service_and_its_status() {
        assert_eq!(service_of_path("/sesame.members.v1.Members/GetMember"), "members");
        assert_eq!(service_of_path("/grpc.health.v1.Health/Check"), "health");
        assert_eq!(service_of_path("/elsewhere/Thing"), "other");
        let mut headers = http::HeaderMap::new();
        assert_eq!(grpc_code(&headers), "0", "an answer that went on to its body");
        headers.insert("grpc-status", http::HeaderValue::from_static("5"));
        assert_eq!(grpc_code(&headers), "5");
        headers.insert("grpc-status", http::HeaderValue::from_static("99"));
        assert_eq!(grpc_code(&headers), "0", "no series for a status that does not exist");
    }

    #[test]
    fn what_is_recorded_is_rendered_for_prometheus() {
        install();
        grpc_call("/sesame.test.v1.Test/Render", "3", Duration::from_millis(2));
        http_call(&http::Method::GET, Some("/api/test/{id}"), 404, Duration::from_millis(3));
        let text = handle().render();
        assert!(
            text.contains(r#"sesame_grpc_requests_total{service="test",method="/sesame.test.v1.Test/Render",code="3"} 1"#),
            "{text}"
        );
        assert!(text.contains(r#"sesame_http_request_duration_seconds_bucket{method="GET",route="/api/test/{id}",le="0.005"} 1"#), "{text}");
    }
}
