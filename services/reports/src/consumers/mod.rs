//! The reports' consumers of other services' events (the members', the cards', the geography's), each a
//! `common::consumer::Handler` run by the product's one durable consumer: they keep the statistics' read
//! models (`store::statistics`), reading
//! each event through `common::consumer::read_event`, matched against its publisher's subjects
//! (`common::outbox::subjects`). An event they cannot read is logged and counted
//! (`common::consumer::unreadable`), then acknowledged.

pub mod cards;
pub mod geography;
pub mod members;
