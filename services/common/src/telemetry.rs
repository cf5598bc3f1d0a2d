//! Logs and traces. Structured logs go to stderr (JSON when `LOG_FORMAT=json`), filtered by `RUST_LOG`
//! (default `info`). When `OTEL_EXPORTER_OTLP_ENDPOINT` is set, spans are exported over OTLP/gRPC, with
//! the W3C trace-context propagator so a trace crosses the gateway, each gRPC hop and NATS.
//!
//! Each span is exported under the name of the service it is about (its resource's `service.name`), even
//! when several run in one process (the suite): the shared plumbing names it where it knows
//! (`SERVICE_FIELD` on a gRPC call, an event published or applied, the gateway's requests), otherwise the
//! crate that made it does (`code.module.name`, `members::store::…`), otherwise the process's name.

use anyhow::Result;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry::{global, propagation::TextMapCompositePropagator};
use opentelemetry_sdk::error::OTelSdkResult;
use opentelemetry_sdk::propagation::{BaggagePropagator, TraceContextPropagator};
use opentelemetry_sdk::trace::{SpanData, SpanExporter};
use opentelemetry_sdk::{Resource, trace::SdkTracerProvider};
use std::collections::HashMap;
use std::time::Duration;
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

/// The span field that names the service a span is about, where the crate that makes it is shared
/// (`common`): `tracing::info_span!("grpc.server", sesame.service = "members", …)`.
pub const SERVICE_FIELD: &str = "sesame.service";

/// Installs the global subscriber once, for a process that is one service (or the gateway): every span
/// is `service_name`'s.
pub fn init(service_name: &str) -> Result<TelemetryGuard> {
    init_for(service_name, &[])
}

/// Installs the global subscriber once, for the process `process` running `services` (the suite): each
/// span is exported under the service it is about (see the module's note), the process's name when none.
pub fn init_for(process: &str, services: &[&str]) -> Result<TelemetryGuard> {
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
            let resource = Resource::builder().with_service_name(process.to_string()).build();
            let exporter = ByService::new(process, services)?;
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
        tracing_opentelemetry::layer().with_tracer(p.tracer(process.to_string()))
    });

    let _ = tracing_subscriber::registry().with(filter).with(fmt_layer).with(otel_layer).try_init();
    Ok(TelemetryGuard { provider })
}

/// An OTLP exporter per service name, each with its resource (`service.name`, and what
/// `OTEL_RESOURCE_ATTRIBUTES` adds), each span sent by the one of the service it is about.
#[derive(Debug)]
struct ByService {
    process: String,
    exporters: HashMap<String, opentelemetry_otlp::SpanExporter>,
}

impl ByService {
    fn new(process: &str, services: &[&str]) -> Result<Self> {
        let mut exporters = HashMap::new();
        for name in services.iter().copied().chain([process]) {
            // The exporter reads the standard OTEL_EXPORTER_OTLP_* variables itself.
            let mut exporter = opentelemetry_otlp::SpanExporter::builder().with_tonic().build()?;
            exporter.set_resource(&Resource::builder().with_service_name(name.to_string()).build());
            exporters.insert(name.to_string(), exporter);
        }
        Ok(ByService { process: process.to_string(), exporters })
    }

    /// The service a span is about: its `SERVICE_FIELD`, else the crate that made it when that is a
    /// service of this process, else the process.
    fn service_of<'a>(&'a self, span: &'a SpanData) -> &'a str {
        let attribute = |key: &str| {
            span.attributes.iter().find(|kv| kv.key.as_str() == key).map(|kv| kv.value.as_str())
        };
        let named = attribute(SERVICE_FIELD)
            .or_else(|| {
                attribute("code.module.name").map(|module| {
                    std::borrow::Cow::Owned(
                        module.split("::").next().unwrap_or_default().to_string(),
                    )
                })
            })
            .filter(|name| self.exporters.contains_key(name.as_ref()));
        match named {
            Some(name) => {
                self.exporters.get_key_value(name.as_ref()).map_or(&self.process, |(k, _)| k)
            }
            None => &self.process,
        }
    }
}

impl SpanExporter for ByService {
    async fn export(&self, batch: Vec<SpanData>) -> OTelSdkResult {
        let mut groups: HashMap<&str, Vec<SpanData>> = HashMap::new();
        for span in &batch {
            groups.entry(self.service_of(span)).or_default().push(span.clone());
        }
        let mut outcome = Ok(());
        for (name, spans) in groups {
            if let Some(exporter) = self.exporters.get(name)
                && let Err(e) = exporter.export(spans).await
            {
                outcome = Err(e);
            }
        }
        outcome
    }

    fn shutdown_with_timeout(&self, timeout: Duration) -> OTelSdkResult {
        let mut outcome = Ok(());
        for exporter in self.exporters.values() {
            if let Err(e) = exporter.shutdown_with_timeout(timeout) {
                outcome = Err(e);
            }
        }
        outcome
    }

    fn force_flush(&self) -> OTelSdkResult {
        self.exporters.values().try_for_each(|exporter| exporter.force_flush())
    }

    /// Each exporter keeps its own service's resource.
    fn set_resource(&mut self, _resource: &Resource) {}
}
