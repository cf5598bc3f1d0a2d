//! Every event subject of the product, each spelled once here and tied to the proto message it carries
//! (its service's `proto/<service>/v1/events.proto`). They live in the common crate because each
//! service's events are read by another that does not depend on it: the members follow the geography
//! and the cards, the cards follow the members. A publisher takes its own from its `src/events.rs`; a
//! consumer matches the events it receives against its publisher's module here (`Subject::is`).
//! A subject reads `<service>.<entity>.<past-tense verb>`, without the instance prefix.

use super::Subject;

/// The auth service's events (`proto/auth/v1/events.proto`), followed by every gateway.
pub mod auth {
    use super::Subject;
    use proto::auth::{LoginChanged, SessionEnded};

    /// A sign-out.
    pub const SESSION_ENDED: Subject<SessionEnded> = Subject::new("auth.session.ended");
    /// A login's name, role, password or provider changed.
    pub const LOGIN_UPDATED: Subject<LoginChanged> = Subject::new("auth.login.updated");
    pub const LOGIN_DELETED: Subject<LoginChanged> = Subject::new("auth.login.deleted");
}

/// The geography's events (`proto/geography/v1/events.proto`), followed by the members' projection.
pub mod geography {
    use super::Subject;
    use proto::geography::{
        DepartmentSaved, LevelDeleted, LocalitiesImported, LocalitySaved, RegionSaved,
        SubprefectureSaved,
    };

    pub const REGION_CREATED: Subject<RegionSaved> = Subject::new("geography.region.created");
    pub const REGION_UPDATED: Subject<RegionSaved> = Subject::new("geography.region.updated");
    pub const REGION_DELETED: Subject<LevelDeleted> = Subject::new("geography.region.deleted");

    pub const DEPARTMENT_CREATED: Subject<DepartmentSaved> =
        Subject::new("geography.department.created");
    pub const DEPARTMENT_UPDATED: Subject<DepartmentSaved> =
        Subject::new("geography.department.updated");
    pub const DEPARTMENT_DELETED: Subject<LevelDeleted> =
        Subject::new("geography.department.deleted");

    pub const SUBPREFECTURE_CREATED: Subject<SubprefectureSaved> =
        Subject::new("geography.subprefecture.created");
    pub const SUBPREFECTURE_UPDATED: Subject<SubprefectureSaved> =
        Subject::new("geography.subprefecture.updated");
    pub const SUBPREFECTURE_DELETED: Subject<LevelDeleted> =
        Subject::new("geography.subprefecture.deleted");

    pub const LOCALITY_CREATED: Subject<LocalitySaved> = Subject::new("geography.locality.created");
    pub const LOCALITY_UPDATED: Subject<LocalitySaved> = Subject::new("geography.locality.updated");
    pub const LOCALITY_DELETED: Subject<LevelDeleted> = Subject::new("geography.locality.deleted");
    /// The localities an import added, up to 1,000 an event (written by the import's SQL).
    pub const LOCALITIES_IMPORTED: Subject<LocalitiesImported> =
        Subject::new("geography.locality.imported");
}

/// The members service's events (`proto/members/v1/events.proto`), followed by the cards' copy of the
/// members.
pub mod members {
    use super::Subject;
    use proto::members::{
        CooperativeDeleted, CooperativeSaved, MemberDeleted, MemberPhotosChanged, MemberSaved,
        ParcelDeleted, ParcelSaved,
    };

    pub const MEMBER_CREATED: Subject<MemberSaved> = Subject::new("members.member.created");
    pub const MEMBER_UPDATED: Subject<MemberSaved> = Subject::new("members.member.updated");
    pub const MEMBER_DELETED: Subject<MemberDeleted> = Subject::new("members.member.deleted");
    /// New photos, not verified yet: those of one write (a photo taken on a screen, or those a
    /// synchronisation call received together) in one event.
    pub const MEMBER_PHOTOS_CHANGED: Subject<MemberPhotosChanged> =
        Subject::new("members.member.photos_changed");

    pub const COOPERATIVE_CREATED: Subject<CooperativeSaved> =
        Subject::new("members.cooperative.created");
    pub const COOPERATIVE_UPDATED: Subject<CooperativeSaved> =
        Subject::new("members.cooperative.updated");
    pub const COOPERATIVE_DELETED: Subject<CooperativeDeleted> =
        Subject::new("members.cooperative.deleted");

    pub const PARCEL_CREATED: Subject<ParcelSaved> = Subject::new("members.parcel.created");
    pub const PARCEL_UPDATED: Subject<ParcelSaved> = Subject::new("members.parcel.updated");
    pub const PARCEL_DELETED: Subject<ParcelDeleted> = Subject::new("members.parcel.deleted");
}

/// The cards service's events (`proto/cards/v1/events.proto`), followed by the members (a member's
/// payments and cards).
pub mod cards {
    use super::Subject;
    use proto::cards::{CardSaved, DeliverySaved, TransactionDeleted, TransactionSaved};

    pub const TRANSACTION_CREATED: Subject<TransactionSaved> =
        Subject::new("cards.transaction.created");
    pub const TRANSACTION_UPDATED: Subject<TransactionSaved> =
        Subject::new("cards.transaction.updated");
    pub const TRANSACTION_DELETED: Subject<TransactionDeleted> =
        Subject::new("cards.transaction.deleted");

    pub const CARD_CREATED: Subject<CardSaved> = Subject::new("cards.card.created");
    /// A new status.
    pub const CARD_UPDATED: Subject<CardSaved> = Subject::new("cards.card.updated");

    pub const DELIVERY_CREATED: Subject<DeliverySaved> = Subject::new("cards.delivery.created");
    pub const DELIVERY_UPDATED: Subject<DeliverySaved> = Subject::new("cards.delivery.updated");
    pub const DELIVERY_SENT: Subject<DeliverySaved> = Subject::new("cards.delivery.sent");
    pub const DELIVERY_DELETED: Subject<DeliverySaved> = Subject::new("cards.delivery.deleted");
}
