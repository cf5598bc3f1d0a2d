//! The REST calls, one file per area of the specification.

pub mod auth;
pub mod cards;
pub mod cooperatives;
pub mod deliveries;
pub mod env;
pub mod geography;
pub mod health;
pub mod history;
pub mod home;
pub mod login_params;
pub mod members;
pub mod parcels;
pub mod reports;
pub mod statements;
pub mod synchronization;
pub mod tools;
pub mod transactions;
pub mod users;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

/// Largest photo upload the gateway lets through; the members service applies its own limit
/// (`PHOTO_MAX_BYTES`) and answers in French when a photo exceeds it.
const PHOTO_UPLOAD_LIMIT: usize = 16 * 1024 * 1024;

/// Every area's calls: a new area joins here.
pub fn all() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(users::router())
        .merge(login_params::router())
        .merge(env::router())
        .merge(home::router())
        .merge(geography::router())
        .merge(members::router(PHOTO_UPLOAD_LIMIT))
        .merge(cooperatives::router())
        .merge(parcels::router())
        .merge(transactions::router())
        .merge(statements::router())
        .merge(cards::router())
        .merge(deliveries::router())
        .merge(synchronization::router(PHOTO_UPLOAD_LIMIT))
        .merge(tools::router())
        .merge(reports::router())
        .merge(history::router())
}
