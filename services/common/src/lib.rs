//! What every service and the gateway share: configuration from the environment, telemetry,
//! the error type that crosses gRPC, session claims and roles, NATS naming, database start-up,
//! and a throwaway-database helper for tests.

pub mod config;
pub mod consumer;
pub mod dates;
pub mod db;
pub mod error;
pub mod export;
pub mod grpc;
pub mod history;
pub mod id_number;
pub mod identity;
pub mod metrics;
pub mod nats;
pub mod outbox;
pub mod paging;
pub mod photos;
pub mod printed;
pub mod readiness;
pub mod replay;
pub mod roles;
pub mod sequence;
pub mod service;
pub mod service_identity;
pub mod shutdown;
pub mod sync_position;
pub mod telemetry;
#[cfg(feature = "test-db")]
pub mod test_db;
pub mod text;
pub mod total;
pub mod validation;
