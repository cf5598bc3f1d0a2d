//! The REST calls, one file per area of the specification.

pub mod auth;
pub mod cooperatives;
pub mod env;
pub mod geography;
pub mod health;
pub mod login_params;
pub mod members;
pub mod parcels;
mod place;
pub mod users;
