//! Liveness (`/livez`: the process answers) and readiness (`/readyz`: the services it calls, their
//! databases and NATS answer), for scripts that wait for the product to be up and for operators. The
//! chart probes the gateway's readiness with `/livez`: while a database is down the gateway stays in its
//! Service and answers 503 with a French message, which an Ingress without it could not.

use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde_json::{Value, json};
use tonic_health::pb::{
    HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
};

pub async fn livez() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

pub async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    // Every service the gateway calls, asked at once whether its database answers (a service that does
    // not answer at all is not ready either).
    let checks = proto::SERVICES.iter().map(|name| {
        let channel = state.channel(name);
        async move {
            let serving = HealthClient::new(channel)
                .check(HealthCheckRequest { service: common::readiness::HEALTH_NAME.into() })
                .await
                .is_ok_and(|r| r.into_inner().status() == ServingStatus::Serving);
            (name.to_string(), serving)
        }
    });
    let services: Vec<(String, bool)> = futures::future::join_all(checks).await;
    let nats = state
        .nats
        .as_ref()
        .is_none_or(|c| c.connection_state() == async_nats::connection::State::Connected);
    let ready = nats && services.iter().all(|(_, serving)| *serving);
    let code = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    let mut body = json!({"status": if ready { "ok" } else { "error" }, "nats": nats});
    for (name, serving) in services {
        body[name] = json!(serving);
    }
    (code, Json(body))
}
