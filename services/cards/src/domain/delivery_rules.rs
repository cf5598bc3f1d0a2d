//! What a delivery must hold: at least one card, named by its id or else by its number, whether the
//! delivery is made or changed (a change replaces its cards with those sent, so sending none would
//! empty it). A delivery emptied some other way (its last card revoked or reprinted, or one saved
//! before this rule) has no slip to print.

use super::messages as msg;
use common::error::ServiceError;
use common::validation::Faults;
use proto::cards as pb;

/// A delivery's kind in French, as its slip and its export say it.
pub fn kind_fr(is_error_type: bool) -> &'static str {
    if is_error_type { "Retour en erreur" } else { "Livraison" }
}

/// The field of `post_delivery` that carries the cards.
pub const CARDS_FIELD: &str = "cards";

/// The cards a delivery names: by id, or, for those without one, by number (as sent, read later).
#[derive(Debug, PartialEq)]
pub struct NamedCards {
    pub ids: Vec<i64>,
    pub numbers: Vec<String>,
}

/// The cards `input` names, or a French refusal on `cards` when it names none.
pub fn named_cards(input: &pb::DeliveryInput) -> Result<NamedCards, ServiceError> {
    let ids: Vec<i64> = input.cards.iter().filter_map(|c| c.card_id.filter(|id| *id > 0)).collect();
    let numbers: Vec<String> = input
        .cards
        .iter()
        .filter(|c| c.card_id.is_none_or(|id| id <= 0) && !c.card_id_number.trim().is_empty())
        .map(|c| c.card_id_number.clone())
        .collect();
    let mut f = Faults::new();
    if ids.is_empty() && numbers.is_empty() {
        f.add(CARDS_FIELD, msg::DELIVERY_WITHOUT_CARDS);
    }
    f.finish_with(NamedCards { ids, numbers })
}

/// The cards a delivery is saved with, once found: refused when there are none, so that no caller of
/// the store writes an empty delivery.
pub fn not_empty(card_ids: &[i64]) -> Result<(), ServiceError> {
    let mut f = Faults::new();
    if card_ids.is_empty() {
        f.add(CARDS_FIELD, msg::DELIVERY_WITHOUT_CARDS);
    }
    f.finish()
}

/// A delivery whose slip can be printed: one with cards. `field` is the request's field naming the
/// deliveries.
pub fn printable(detail: &pb::DeliveryDetail, field: &str) -> Result<(), ServiceError> {
    let mut f = Faults::new();
    if detail.cards.is_empty() {
        let code = detail.delivery.as_ref().map(|d| d.delivery_code.as_str()).unwrap_or_default();
        f.add(field, msg::slip_without_cards(code));
    }
    f.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_id(id: i64) -> pb::DeliveryCard {
        pb::DeliveryCard { card_id: Some(id), ..Default::default() }
    }

    fn by_number(number: &str) -> pb::DeliveryCard {
        pb::DeliveryCard { card_id_number: number.into(), ..Default::default() }
    }

    fn refusal(e: ServiceError) -> (String, Vec<(String, String)>) {
        match e {
            ServiceError::Invalid { message, fields } => (message, fields.into_iter().collect()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_delivery_names_its_cards_by_id_or_else_by_number() {
        let input = pb::DeliveryInput {
            cards: vec![by_id(4), by_number("k000000142"), by_id(0), by_number("  ")],
            ..Default::default()
        };
        assert_eq!(
            named_cards(&input).unwrap(),
            NamedCards { ids: vec![4], numbers: vec!["k000000142".into()] }
        );
    }

    #[test]
    fn a_delivery_without_a_card_is_refused_in_french_on_its_cards() {
        let expected = "Une livraison doit contenir au moins une carte.";
        let no_cards = [
            pb::DeliveryInput::default(),
            // A change that would take every card out.
            pb::DeliveryInput { delivery_id: Some(7), cards: vec![], ..Default::default() },
            // Cards named by nothing: no id, no number.
            pb::DeliveryInput {
                cards: vec![by_id(0), by_id(-3), by_number(" "), pb::DeliveryCard::default()],
                delivery_sent: true,
                ..Default::default()
            },
        ];
        for input in no_cards {
            let (message, fields) = refusal(named_cards(&input).unwrap_err());
            assert_eq!(message, expected);
            assert_eq!(fields, [("cards".to_string(), expected.to_string())]);
        }
        assert_eq!(refusal(not_empty(&[]).unwrap_err()).0, expected);
        assert!(not_empty(&[1]).is_ok());
    }

    #[test]
    fn the_slip_of_a_delivery_without_cards_is_refused() {
        let empty = pb::DeliveryDetail {
            delivery: Some(pb::Delivery {
                delivery_code: "LIV-20260301-4".into(),
                ..Default::default()
            }),
            cards: vec![],
        };
        let (message, fields) = refusal(printable(&empty, "delivery_ids").unwrap_err());
        assert_eq!(
            message,
            "La livraison LIV-20260301-4 ne contient aucune carte : il n'y a pas de bordereau à imprimer."
        );
        assert_eq!(fields[0].0, "delivery_ids");
        let full = pb::DeliveryDetail { cards: vec![pb::Card::default()], ..empty };
        assert!(printable(&full, "delivery_ids").is_ok());
    }
}
