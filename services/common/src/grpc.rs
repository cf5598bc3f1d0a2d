//! gRPC plumbing shared by every service: one way to serve (`serve_service`: spans that continue the
//! caller's trace, the guard, health, the same message limits everywhere) on an already bound listener
//! (port 0 in the suite and in tests), and a client channel that sends the current trace context.

use crate::identity::Guard;
use crate::readiness::HEALTH_NAME;
use anyhow::{Context, Result};
use opentelemetry::global;
use opentelemetry::propagation::Injector;
use opentelemetry_http::HeaderExtractor;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::metadata::{MetadataKey, MetadataMap, MetadataValue};
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint, Server};
use tonic_health::ServingStatus;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// The server builder every service uses: each call is counted and timed (`metrics::GrpcMetricsLayer`,
/// outermost, so that a call the guard refuses counts too), is a span named after its method, child of
/// the caller's span when the call carries a `traceparent`, is answered at once `UNAVAILABLE` while the
/// service's database does not answer (`readiness::Readiness`), and passes the service's `guard` first.
type Layers = tower::layer::util::Stack<
    Guard,
    tower::layer::util::Stack<
        crate::readiness::Readiness,
        tower::layer::util::Stack<crate::metrics::GrpcMetricsLayer, tower::layer::util::Identity>,
    >,
>;

fn server(guard: Guard, readiness: crate::readiness::Readiness) -> Server<Layers> {
    Server::builder()
        .layer(crate::metrics::GrpcMetricsLayer)
        .layer(readiness)
        .layer(guard)
        .trace_fn(|request: &http::Request<()>| {
            let parent =
                global::get_text_map_propagator(|p| p.extract(&HeaderExtractor(request.headers())));
            let span = tracing::info_span!(
                "grpc.server",
                otel.name = %request.uri().path(),
                otel.kind = "server",
                rpc.system = "grpc",
                sesame.service = %crate::metrics::service_of_path(request.uri().path()),
            );
            let _ = span.set_parent(parent);
            span
        })
}

/// Binds `addr` (port 0 picks a free one) and answers the bound address.
pub async fn bind(addr: &str) -> Result<(TcpListener, SocketAddr)> {
    let listener =
        TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
    let local = listener.local_addr()?;
    Ok((listener, local))
}

/// What `service::start` gives a service to answer gRPC with: where to listen, when to stop, whose
/// tokens to accept, whether its database answers (said by its health), and its history (the kit's
/// contract every service serves beside its own).
pub struct Serving {
    pub listener: TcpListener,
    pub shutdown: crate::shutdown::Stopped,
    pub verifier: crate::identity::Verifier,
    pub readiness: crate::readiness::Readiness,
    pub history: crate::history::api::HistoryApi,
}

/// The one way a service answers gRPC: its `api` with the message limits of every server
/// (`proto::Server::limited`), the kit's history and `grpc.health.v1`, every call passing the guard of `calls` first (who
/// may call what), on `serving`'s listener until its shutdown. Health says the process serves under the
/// empty name (the Kubernetes probes) and the service's own, and whether its database answers under
/// `readiness::HEALTH_NAME` (the gateway's `/readyz`).
pub async fn serve_service<S>(api: S, calls: crate::identity::Calls, serving: Serving) -> Result<()>
where
    S: proto::Server
        + tower::Service<
            http::Request<tonic::body::Body>,
            Response = http::Response<tonic::body::Body>,
            Error = std::convert::Infallible,
        > + tonic::server::NamedService
        + Clone
        + Send
        + Sync
        + 'static,
    S::Future: Send + 'static,
{
    let Serving { listener, shutdown, verifier, mut readiness, history } = serving;
    let (health, health_service) = tonic_health::server::health_reporter();
    health.set_serving::<S>().await;
    let database = |ready: bool| {
        if ready { ServingStatus::Serving } else { ServingStatus::NotServing }
    };
    health.set_service_status(HEALTH_NAME, database(readiness.ready())).await;
    let gate = readiness.clone();
    tokio::spawn(async move {
        while let Some(ready) = readiness.changed().await {
            health.set_service_status(HEALTH_NAME, database(ready)).await;
        }
    });
    let router = server(Guard::new(verifier, calls), gate)
        .add_service(health_service)
        .add_service(api.limited())
        .add_service(proto::Server::limited(proto::common::history_server::HistoryServer::new(
            history,
        )));
    // Small answers must leave at once: without TCP_NODELAY, Nagle's algorithm and the caller's delayed
    // ACK hold each one back about 40 ms (tonic cannot set it on connections it did not accept itself).
    let incoming = tokio_stream::StreamExt::map(TcpListenerStream::new(listener), |accepted| {
        accepted.inspect(|stream| {
            let _ = stream.set_nodelay(true);
        })
    });
    router.serve_with_incoming_shutdown(incoming, shutdown).await.context("gRPC server failed")
}

/// A client channel whose calls carry the current trace context, and the caller's token when the work
/// has one (`identity::with_token`).
pub type TracedChannel = InterceptedService<
    Channel,
    fn(tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status>,
>;

/// A lazily connecting channel to `url` (`http://host:port`): the caller starts even if the service is
/// not up yet, and a call made while it is down fails as `Unavailable`.
pub fn channel(url: &str) -> Result<TracedChannel> {
    let channel = Endpoint::from_shared(url.to_string())
        .with_context(|| format!("invalid gRPC address {url:?}"))?
        .connect_timeout(Duration::from_secs(3))
        .timeout(Duration::from_secs(30))
        .tcp_nodelay(true)
        .connect_lazy();
    Ok(InterceptedService::new(channel, inject_context as fn(_) -> _))
}

fn inject_context(mut request: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
    let context = tracing::Span::current().context();
    global::get_text_map_propagator(|p| {
        p.inject_context(&context, &mut MetadataInjector(request.metadata_mut()))
    });
    if let Some(token) = crate::identity::forwarded_token()
        && let Ok(value) = MetadataValue::try_from(format!("Bearer {token}"))
    {
        request.metadata_mut().insert("authorization", value);
    }
    if let Some(source) = crate::history::origin::forwarded_source() {
        request
            .metadata_mut()
            .insert(crate::history::origin::SOURCE_METADATA, MetadataValue::from_static(source));
    }
    Ok(request)
}

struct MetadataInjector<'a>(&'a mut MetadataMap);

impl Injector for MetadataInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(key), Ok(value)) =
            (MetadataKey::from_bytes(key.as_bytes()), MetadataValue::try_from(&value))
        {
            self.0.insert(key, value);
        }
    }
}
