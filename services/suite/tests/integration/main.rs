//! The integration tests: one binary (linked once) that starts the real suite, against a fresh database
//! copied from a migrated template and its own NATS prefix, for each test, and talks REST to its gateway
//! as a user would.

mod card_followups;
mod card_lifecycle;
mod card_replica_kill;
mod cards;
mod consumer;
mod demo_events;
mod exports;
mod faults;
mod gateway;
mod geography;
mod home;
mod instances;
mod keyset;
mod malformed_bodies;
mod members;
mod metrics;
mod print_replica_kill;
mod private_servers;
mod projection_rebuild;
mod replica_kill;
mod replicas;
mod reports;
mod role_matrix;
mod security;
mod service_identity;
mod sign_in;
mod statements;
mod statistics;
mod suite_process;
mod support;
mod sync_cards;
mod sync_central_kill;
mod sync_exchange;
mod sync_geography;
mod sync_kill;
mod sync_pairing;
mod sync_photos;
mod sync_replica_kill;
mod sync_restored;
mod sync_runs;
mod template_print;
mod transactions;
mod users;
