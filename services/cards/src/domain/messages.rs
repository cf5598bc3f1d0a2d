//! Every French message the cards service answers, in one place.

pub const DATE_REQUIRED: &str = "La date de la transaction est obligatoire.";
pub const NOT_A_DATE: &str = "Date invalide : écrivez-la AAAA-MM-JJ ou JJ/MM/AAAA.";
pub const DATE_IN_FUTURE: &str = "La date de la transaction ne peut pas être dans le futur.";
pub const DATE_TOO_OLD: &str = "La date de la transaction est trop ancienne.";
pub const AMOUNT_REQUIRED: &str = "Le montant de la transaction est obligatoire.";
pub const AMOUNT_INVALID: &str =
    "Le montant doit être un nombre entier de francs CFA, supérieur à 0 et d'au plus 100 000 000.";
pub const MEMBER_REQUIRED: &str = "L'adhérent qui a payé est obligatoire.";
pub const OPERATOR_REQUIRED: &str = "L'opérateur de mobile money est obligatoire.";
pub const NUMBER_REQUIRED: &str = "Le numéro de transaction est obligatoire.";
pub const MEMBERS_UNAVAILABLE: &str =
    "Le service des adhérents ne répond pas : réessayez dans un instant.";
pub const SETTINGS_UNAVAILABLE: &str =
    "Les paramètres de l'application sont indisponibles : réessayez dans un instant.";

pub fn unknown_operator(operators: &[String]) -> String {
    format!("Opérateur inconnu : choisissez parmi {}.", operators.join(", "))
}

pub fn member_not_found(id: i64) -> String {
    format!("Adhérent n° {id} introuvable.")
}

pub fn transaction_not_found(id: i64) -> String {
    format!("Transaction n° {id} introuvable.")
}

pub fn number_taken(number: &str, operator: &str) -> String {
    format!("La transaction {operator} n° « {number} » est déjà enregistrée.")
}

pub const USED_FOR_CARD: &str =
    "Cette transaction a payé une carte : elle ne peut être ni modifiée ni supprimée.";

pub fn card_not_found(id: i64) -> String {
    format!("Carte n° {id} introuvable.")
}

pub fn has_a_card(firstname: &str, lastname: &str, number: &str) -> String {
    format!("{firstname} {lastname} a déjà une carte valide ou en cours (n° {number}).")
}

pub fn no_payment(firstname: &str, lastname: &str, price: i64) -> String {
    format!("{firstname} {lastname} n'a aucun paiement inutilisé d'au moins {price} FCFA.")
}

/// The French name of a card status.
pub fn status_label(status: &str) -> String {
    match status {
        "pending" => "en attente d'impression",
        "printed" => "imprimée",
        "in_delivery" => "en livraison",
        "delivered" => "livrée",
        "error" => "en erreur",
        "cancelled" => "annulée",
        "revoked" => "révoquée",
        other => other,
    }
    .to_string()
}

pub fn not_pending(id: i64, status: &str) -> String {
    format!(
        "La carte n° {id} n'est pas en attente d'impression (elle est {status}) : rien n'a été marqué."
    )
}

pub const NO_MEMBERS: &str = "Choisissez au moins un adhérent.";
pub const NO_CARDS: &str = "Choisissez au moins une carte.";

pub fn delivery_not_found(id: i64) -> String {
    format!("Livraison n° {id} introuvable.")
}

pub fn card_number_not_found(number: &str) -> String {
    format!("Aucune carte ne porte le numéro « {} ».", number.trim())
}

pub fn not_deliverable(id: i64, status: &str) -> String {
    format!(
        "La carte n° {id} ne peut pas être livrée : elle est {status} (seule une carte imprimée peut l'être)."
    )
}

pub fn in_another_delivery(id: i64) -> String {
    format!("La carte n° {id} est déjà dans une autre livraison.")
}

pub const DELIVERY_SENT: &str =
    "Cette livraison est envoyée : elle ne peut plus être modifiée ni supprimée.";
pub const EMPTY_DELIVERY: &str = "Une livraison sans carte ne peut pas être envoyée.";

pub fn not_revocable(id: i64, status: &str) -> String {
    format!("La carte n° {id} ne peut pas être révoquée : elle est {status}.")
}

pub const REASON_REQUIRED: &str = "Le motif est obligatoire (perte, vol...).";

pub const NOTHING_TO_PRINT: &str = "Aucune carte n'attend d'être imprimée.";

pub fn too_many_to_print(max: i64) -> String {
    format!("Un fichier contient au plus {max} cartes : choisissez-en moins.")
}
