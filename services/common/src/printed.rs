//! What the printed documents share between the cards service, which prints them, and the reports
//! service, which keeps their templates: the types printed, what a slip's record adds to a delivery's
//! fields, and the documents' names in French.

/// A membership card's template type.
pub const CARD: &str = "card";
/// A delivery slip's template type.
pub const DELIVERY_SLIP: &str = "delivery_slip";

/// The table of a slip's cards: one row a card, in six columns (its place in the delivery, the card's
/// and the member's numbers, the holder, the birth date and the expiry).
pub const SLIP_CARDS: &str = "delivery_cards";
/// The kind of a delivery in French: « Livraison » or « Retour en erreur ».
pub const SLIP_KIND: &str = "delivery_kind";
/// The fields a slip's record has on top of a delivery's own.
pub const SLIP_EXTRA_FIELDS: [&str; 2] = [SLIP_CARDS, SLIP_KIND];

/// A printed type's template in French, and the documents it prints: (« carte », « les cartes »).
pub fn named_fr(report_type: &str) -> (&'static str, &'static str) {
    if report_type == CARD {
        ("carte", "les cartes")
    } else {
        ("bordereau de livraison", "les bordereaux")
    }
}
