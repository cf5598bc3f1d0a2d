//! The cards' consumers of other services' events, each a `common::consumer::Handler` run by the
//! product's one durable consumer: it reads each event through `common::consumer::read_event`, matching
//! its subject against its publisher's (`common::outbox::subjects`), and writes through the store. An
//! event it cannot read is logged and counted (`common::consumer::unreadable`), then acknowledged.

pub mod members;
