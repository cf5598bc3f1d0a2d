//! Liveness (`/livez`: the process answers) and readiness (`/readyz`: the services it calls and NATS
//! answer), for Kubernetes probes and for scripts that wait for the product to be up.

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
    let auth = HealthClient::new(state.auth_channel.clone())
        .check(HealthCheckRequest { service: String::new() })
        .await
        .map(|r| r.into_inner().status() == ServingStatus::Serving)
        .unwrap_or(false);
    let nats = state
        .nats
        .as_ref()
        .is_none_or(|c| c.connection_state() == async_nats::connection::State::Connected);
    let ready = auth && nats;
    let code = if ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (code, Json(json!({"status": if ready { "ok" } else { "error" }, "auth": auth, "nats": nats})))
}
