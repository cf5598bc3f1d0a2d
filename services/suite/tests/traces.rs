//! One REST call gives one trace in Grafana's Tempo: the gateway's request, the gRPC call it makes, that
//! service's SQL, the event it publishes and each consumer that applies it, every span naming its own
//! service although the suite runs them all in one process. The spans are exported over OTLP, as to a
//! collector, to a receiver this test runs (the collector's own gRPC service). Its own test binary: the
//! tracing subscriber is the process's, installed once.

use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::common::v1::any_value::Value as AnyValue;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A span as received: its trace, its service (its resource's `service.name`) and its name.
#[derive(Clone, Debug)]
struct Received {
    trace_id: String,
    span_id: String,
    parent_span_id: String,
    service: String,
    name: String,
}

#[derive(Clone, Default)]
struct Receiver {
    spans: Arc<Mutex<Vec<Received>>>,
}

#[tonic::async_trait]
impl TraceService for Receiver {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let mut spans = self.spans.lock().unwrap();
        for resource_spans in request.into_inner().resource_spans {
            let service = resource_spans
                .resource
                .iter()
                .flat_map(|r| &r.attributes)
                .find(|kv| kv.key == "service.name")
                .and_then(|kv| match kv.value.as_ref()?.value.as_ref()? {
                    AnyValue::StringValue(name) => Some(name.clone()),
                    _ => None,
                })
                .unwrap_or_default();
            for span in resource_spans.scope_spans.into_iter().flat_map(|s| s.spans) {
                spans.push(Received {
                    trace_id: hex(&span.trace_id),
                    span_id: hex(&span.span_id),
                    parent_span_id: hex(&span.parent_span_id),
                    service: service.clone(),
                    name: span.name,
                });
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse { partial_success: None }))
    }
}

/// A span the trace must hold: its service, a test of its name, and what it is, to say it is missing.
type Wanted<'a> = (&'a str, &'a dyn Fn(&str) -> bool, &'a str);

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rest_call_is_one_trace_across_the_services_each_span_under_its_own_service() {
    // The receiver, where OTEL_EXPORTER_OTLP_ENDPOINT points before the exporters are made.
    let receiver = Receiver::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let incoming = tokio_stream::wrappers::TcpListenerStream::new(listener);
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(receiver.clone()))
            .serve_with_incoming(incoming),
    );
    // SAFETY: set before any other thread of this test binary reads the environment (the only test).
    unsafe {
        std::env::set_var("OTEL_EXPORTER_OTLP_ENDPOINT", format!("http://{address}"));
        std::env::set_var("OTEL_BSP_SCHEDULE_DELAY", "100");
    }
    let names: Vec<&str> = suite::SERVICES.iter().map(|s| s.name).chain(["gateway"]).collect();
    let _telemetry = common::telemetry::init_for("suite", &names).expect("telemetry");

    let db =
        common::test_db::TestDatabase::create(&suite::migrations_fingerprint(), |url| async move {
            suite::migrate_all(&url).await
        })
        .await
        .expect("a test database");
    let files = tempfile::tempdir().unwrap();
    std::fs::create_dir(files.path().join("web")).unwrap();
    std::fs::write(files.path().join("web/index.html"), "<!doctype html><title>Sésame</title>")
        .unwrap();
    let password = "Trace-pass-2026";
    let config = suite::SuiteConfig::local(
        &db.url,
        &db.name,
        ("admin", password),
        files.path().join("web"),
        files.path(),
    );
    let running = suite::start(config).await.expect("the suite starts");
    let base = format!("http://{}", running.http_addr);
    let http = reqwest::Client::new();
    let signed_in: serde_json::Value = http
        .post(format!("{base}/api/auth/login"))
        .json(&serde_json::json!({"login": "admin", "password": password}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = signed_in["token"].as_str().expect("a token").to_string();

    // The browser's call, with the trace context it sends (W3C `traceparent`).
    let trace_id = uuid::Uuid::new_v4().simple().to_string();
    let caller_span = &uuid::Uuid::new_v4().simple().to_string()[..16];
    let answer = http
        .post(format!("{base}/api/member/post_member"))
        .bearer_auth(&token)
        .header("traceparent", format!("00-{trace_id}-{caller_span}-01"))
        .json(&serde_json::json!({"member_firstname": "Awa", "member_lastname": "Traçée"}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), reqwest::StatusCode::OK);
    assert_eq!(answer.headers()["x-trace-id"], trace_id, "the reference a screen shows");

    // Every part of the call, in that one trace, each under its service.
    let wanted: [Wanted; 6] = [
        ("gateway", &|n| n == "POST /api/member/post_member", "the gateway's request"),
        ("members", &|n| n.starts_with("/sesame.members.v1.Members/"), "the members' gRPC call"),
        ("members", &|n| n == "db.members.save", "the members' SQL"),
        ("members", &|n| n.ends_with(".members.member.created publish"), "the event published"),
        (
            "cards",
            &|n| n.ends_with(".members.member.created process"),
            "the cards service applying it",
        ),
        (
            "reports",
            &|n| n.ends_with(".members.member.created process"),
            "the statistics applying it",
        ),
    ];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let trace: Vec<Received> = loop {
        let trace: Vec<Received> = {
            let spans = receiver.spans.lock().unwrap();
            spans.iter().filter(|s| s.trace_id == trace_id).cloned().collect()
        };
        let complete = wanted
            .iter()
            .all(|(service, name, _)| trace.iter().any(|s| s.service == *service && name(&s.name)));
        if complete {
            break trace;
        }
        if tokio::time::Instant::now() > deadline {
            let missing: Vec<&str> = wanted
                .iter()
                .filter(|(service, name, _)| {
                    !trace.iter().any(|s| s.service == *service && name(&s.name))
                })
                .map(|(_, _, what)| *what)
                .collect();
            panic!("missing from the trace: {missing:?}; received: {trace:#?}");
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    // The gateway's span continues the browser's; every other span of the trace descends from it.
    let gateway = trace.iter().find(|s| s.service == "gateway").unwrap();
    assert_eq!(gateway.parent_span_id, caller_span, "the gateway continues the caller's trace");
    for span in &trace {
        let mut at = span;
        let mut hops = 0;
        while at.span_id != gateway.span_id {
            at = trace
                .iter()
                .find(|s| s.span_id == at.parent_span_id)
                .unwrap_or_else(|| panic!("{span:?} does not descend from the gateway's request"));
            hops += 1;
            assert!(hops < 64, "a loop in the trace");
        }
    }
    assert!(
        trace.iter().all(|s| s.service != "suite"),
        "every span names its service, none the process: {trace:#?}"
    );
    running.stop().await.expect("the suite stops");
}
