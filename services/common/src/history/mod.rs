//! The history of every change a person makes: one entry a change, written by the service that owns the
//! record in the transaction of the change itself, in that service's schema (`<schema>.history`, made by
//! `table::create` for every service when it migrates). An entry says which record (its entity, as the
//! API names it, and its id) and its version, when (the service's clock, to the microsecond), who (the
//! login, or the service for background work), from where (`Source`), why (where the action asks), and
//! each field that changed with its old and new value, compared by the messages' own fields
//! (`changes`), so a field added to a message is followed with no edit here. Creations and deletions
//! are entries too: a deleted record stays readable in its history.
//!
//! The history is append-only: nothing here updates or deletes an entry, the table refuses both, and
//! each entry carries the hash of its record's previous entry (`chain`), so an entry changed or removed
//! behind the services' back is found by `store::verify`.
//!
//! Every service serves its history over the kit's gRPC contract (`api`, `sesame.common.v1.History`):
//! the gateway asks the service that owns an entity (`entities`). A service restores its own records
//! (`api::Restorer`).

pub mod api;
pub mod chain;
pub mod changes;
pub mod entities;
pub mod origin;
pub mod store;
pub mod table;

pub use changes::{Change, changes};
pub use origin::Origin;
pub use store::{Author, Entry, Source, Written};
