//! Every event the members service publishes (`proto/members/v1/events.proto`), under its subject, tied
//! to its message: spelled in `common::outbox::subjects::members`, where the cards service, which keeps a
//! copy of the members, reads them too; the store takes them from here. The events this service reads
//! (the geography's and the cards') are matched in `consumers` against their publishers' subjects there.

pub use common::outbox::subjects::members::{
    COOPERATIVE_CREATED, COOPERATIVE_DELETED, COOPERATIVE_UPDATED, MEMBER_CREATED, MEMBER_DELETED,
    MEMBER_PHOTOS_CHANGED, MEMBER_UPDATED, PARCEL_CREATED, PARCEL_DELETED, PARCEL_UPDATED,
};
