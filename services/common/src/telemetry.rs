//! Logs and traces. Structured logs go to stderr (JSON when `LOG_FORMAT=json`), filtered by `RUST_LOG`
//! (default `info`). When `OTEL_EXPORTER_OTLP_ENDPOINT` is set, spans are exported over OTLP/gRPC, with
//! the W3C trace-context propagator so a trace crosses the gateway, each gRPC hop and NATS.

use anyhow::Result;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry::{global, propagation::TextMapCompositePropagator};
use opentelemetry_sdk::propagation::{BaggagePropagator, TraceContextPropagator};
use opentelemetry_sdk::{Resource, trace::SdkTracerProvider};
use tracing_subscriber::{EnvFilter, Layer, layer::SubscriberExt, util::SubscriberInitExt};

/// Flushes the exported spans when dropped or shut down.
pub struct TelemetryGuard {
    provider: Option<SdkTracerProvider>,
}

impl TelemetryGuard {
    pub fn shutdown(&mut self) {
        if let Some(provider) = self.provider.take()
            && let Err(e) = provider.shutdown()
        {
            eprintln!("trace export shutdown failed: {e}");
        }
    }
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Installs the global subscriber once. `service_name` names the process in traces (`suite`, `auth`, ...).
pub fn init(service_name: &str) -> Result<TelemetryGuard> {
    global::set_text_map_propagator(TextMapCompositePropagator::new(vec![
        Box::new(TraceContextPropagator::new()),
        Box::new(BaggagePropagator::new()),
    ]));
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let json = crate::config::env_or("LOG_FORMAT", "text") == "json";
    let fmt_layer = if json {
        tracing_subscriber::fmt::layer().json().with_writer(std::io::stderr).boxed()
    } else {
        tracing_subscriber::fmt::layer().compact().with_writer(std::io::stderr).boxed()
    };

    let provider = match crate::config::env_opt("OTEL_EXPORTER_OTLP_ENDPOINT") {
        None => None,
        Some(_) => {
            // The exporter reads the standard OTEL_EXPORTER_OTLP_* variables itself.
            let exporter = opentelemetry_otlp::SpanExporter::builder().with_tonic().build()?;
            let resource = Resource::builder().with_service_name(service_name.to_string()).build();
            Some(
                SdkTracerProvider::builder()
                    .with_batch_exporter(exporter)
                    .with_resource(resource)
                    .build(),
            )
        }
    };
    let otel_layer = provider.as_ref().map(|p| {
        global::set_tracer_provider(p.clone());
        tracing_opentelemetry::layer().with_tracer(p.tracer(service_name.to_string()))
    });

    let _ = tracing_subscriber::registry().with(filter).with(fmt_layer).with(otel_layer).try_init();
    Ok(TelemetryGuard { provider })
}
