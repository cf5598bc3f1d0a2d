//! Every event the cards service publishes (`proto/cards/v1/events.proto`), under its subject, tied to
//! its message: spelled in `common::outbox::subjects::cards`, where the members service, which keeps a
//! member's payments and cards, reads them too; the store takes them from here. The events this service
//! reads (the members') are matched in `consumers` against their publisher's subjects there.

pub use common::outbox::subjects::cards::{
    CARD_CREATED, CARD_UPDATED, DELIVERY_CREATED, DELIVERY_DELETED, DELIVERY_SENT,
    DELIVERY_UPDATED, TRANSACTION_CREATED, TRANSACTION_DELETED, TRANSACTION_UPDATED,
};

#[cfg(test)]
mod tests {
    use super::*;
    use common::outbox::Stamped;
    use proto::cards as pb;
    use serde_json::json;

    /// The subjects the members' consumer and the tests match, as they were spelled at each call site.
    #[test]
    fn each_event_keeps_its_subject() {
        let transactions = [TRANSACTION_CREATED.name(), TRANSACTION_UPDATED.name()];
        assert_eq!(transactions, ["cards.transaction.created", "cards.transaction.updated"]);
        assert_eq!(TRANSACTION_DELETED.name(), "cards.transaction.deleted");
        assert_eq!(
            [CARD_CREATED.name(), CARD_UPDATED.name()],
            ["cards.card.created", "cards.card.updated"]
        );
        let deliveries =
            [DELIVERY_CREATED, DELIVERY_UPDATED, DELIVERY_SENT, DELIVERY_DELETED].map(|s| s.name());
        assert_eq!(
            deliveries,
            [
                "cards.delivery.created",
                "cards.delivery.updated",
                "cards.delivery.sent",
                "cards.delivery.deleted"
            ]
        );
    }

    /// A record is written flat beside `meta`, as the members' consumer reads it.
    #[test]
    fn a_record_is_told_flat_beside_meta() {
        let event =
            pb::TransactionDeleted { meta: None, transaction_id: 3, transaction_member_id: 8 };
        let stamped = Stamped::of(&TRANSACTION_DELETED, &event).unwrap();
        assert_eq!(stamped.subject, "cards.transaction.deleted");
        assert_eq!(
            stamped.payload,
            json!({"meta": {"schemaVersion": 1}, "transaction_id": 3, "transaction_memberId": 8})
        );
    }
}
