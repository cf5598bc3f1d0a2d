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
pub const REPORTS_UNAVAILABLE: &str =
    "Le service des modèles d'impression ne répond pas : réessayez dans un instant.";
/// No default template of a printed type is known (the reports service answered none).
pub fn no_template(report_type: &str) -> String {
    let (kind, documents) = common::printed::named_fr(report_type);
    format!(
        "Aucun modèle de {kind} par défaut n'est connu : {documents} s'impriment avec le modèle par défaut de « Rapports ». Réessayez dans un instant, ou choisissez-en un."
    )
}

/// The default template of a type that the server cannot draw (its page a PDF file, say).
pub fn template_unprintable(name: &str) -> String {
    format!(
        "Le modèle par défaut « {name} » ne peut pas être imprimé : sa page doit être une page blanche en millimètres. Corrigez-le ou choisissez un autre modèle par défaut."
    )
}

pub const SETTINGS_UNAVAILABLE: &str =
    "Les paramètres de l'application sont indisponibles : réessayez dans un instant.";

pub fn unknown_type(labels: &[&str]) -> String {
    format!("Type de paiement inconnu : choisissez parmi {}.", labels.join(", "))
}

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
pub const TRANSACTION_CANCELLED: &str =
    "Cette transaction est annulée : elle ne peut plus être modifiée. Enregistrez-en une nouvelle.";
pub const CANCEL_REASON_REQUIRED: &str = "Indiquez le motif de la suppression (au moins 5 caractères) : il est gardé avec la transaction annulée.";
pub const CANCEL_REASON_TOO_LONG: &str = "Le motif ne peut pas dépasser 500 caractères.";

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
pub const DELIVERY_WITHOUT_CARDS: &str = "Une livraison doit contenir au moins une carte.";

pub fn slip_without_cards(code: &str) -> String {
    format!("La livraison {code} ne contient aucune carte : il n'y a pas de bordereau à imprimer.")
}

pub fn not_revocable(id: i64, status: &str) -> String {
    format!("La carte n° {id} ne peut pas être révoquée : elle est {status}.")
}

pub const REASON_REQUIRED: &str = "Le motif est obligatoire (perte, vol...).";

pub const NOTHING_TO_PRINT: &str = "Aucune carte n'attend d'être imprimée.";

pub fn too_many_to_print(max: i64) -> String {
    format!("Un fichier contient au plus {max} cartes : choisissez-en moins.")
}

pub fn not_cancellable(id: i64, status: &str) -> String {
    format!(
        "La carte n° {id} ne peut pas être annulée : elle est {status} (retirez-la d'abord de sa livraison, \
         ou révoquez une carte livrée)."
    )
}

pub fn not_reprintable(id: i64, status: &str) -> String {
    format!("La carte n° {id} ne peut pas être réimprimée : elle est {status}.")
}

pub fn not_editable(id: i64, status: &str) -> String {
    format!(
        "La carte n° {id} ne peut plus être corrigée : elle est {status} (seule une carte en attente \
         d'impression peut l'être ; faites une réimpression)."
    )
}

pub const CARD_OR_MEMBER_REQUIRED: &str =
    "Indiquez la carte à corriger (card_id) ou l'adhérent dont faire la carte (card_memberId).";
pub const FIRSTNAME_REQUIRED: &str = "Le prénom imprimé sur la carte est obligatoire.";
pub const LASTNAME_REQUIRED: &str = "Le nom imprimé sur la carte est obligatoire.";
pub const NOT_A_BIRTH_DATE: &str =
    "Date de naissance invalide : écrivez-la AAAA-MM-JJ ou JJ/MM/AAAA.";
pub const REPRINT_REASON_REQUIRED: &str =
    "Le motif de la réimpression est obligatoire (carte abîmée, erreur d'impression...).";

pub const NO_DELIVERIES: &str = "Choisissez au moins une livraison.";

pub const PROOF_EMPTY: &str = "Le justificatif est vide.";
pub const PROOF_TYPE: &str =
    "Le justificatif doit être une photo (JPEG ou PNG) ou un PDF du bordereau signé.";

pub fn proof_too_large(max_mb: usize) -> String {
    format!("Le justificatif dépasse {max_mb} Mo : envoyez une image ou un PDF plus léger.")
}

pub fn no_proof(id: i64) -> String {
    format!("La livraison n° {id} n'a pas de justificatif.")
}

pub const STATEMENT_EMPTY: &str = "Le relevé ne contient aucune ligne.";

pub fn statement_too_long(max: usize) -> String {
    format!("Un relevé contient au plus {max} lignes : découpez le fichier.")
}

/// A statement row's fault, with its row number as the file shows it (the header is row 1).
pub fn statement_row(row: usize, fault: &str) -> String {
    format!("Ligne {row} : {fault}")
}

pub fn statement_duplicate(number: &str) -> String {
    format!("le numéro de transaction « {number} » figure deux fois dans le relevé.")
}

pub const STATEMENT_JOB_NOT_FOUND: &str = "Import de relevé introuvable : il a été lancé par un autre utilisateur, ou date de plus d'un jour.";

pub const STATEMENT_JOB_CLOSED: &str =
    "Cet import de relevé a déjà reçu toutes ses lignes : lancez un nouvel import.";

pub fn statement_part_too_long(max: usize) -> String {
    format!(
        "Une partie d'un relevé contient au plus {max} lignes : envoyez des parties plus courtes."
    )
}

pub fn statement_part_out_of_place(first_row: i64, received: i64, total: i64) -> String {
    format!(
        "Partie hors du relevé : elle commence à la ligne de rang {first_row}, alors que {received} \
         ligne(s) sur {total} ont été reçues."
    )
}

pub const STATEMENT_JOB_INTERRUPTED: &str = "L'import a été interrompu (redémarrage du service) : \
    rien n'a été enregistré, importez le relevé de nouveau.";

pub fn unmatched_not_found(id: i64) -> String {
    format!("Paiement non rapproché n° {id} introuvable (il a peut-être déjà été attribué).")
}

pub fn too_many_slips(max: usize) -> String {
    format!("Un fichier contient au plus {max} bordereaux : choisissez moins de livraisons.")
}

pub const SYNC_RECORD_EMPTY: &str = "Un paiement ou une carte reçu du serveur central est vide.";
pub const SYNC_ID_MISSING: &str =
    "Un paiement ou une carte reçu du serveur central n'a pas d'identifiant.";
pub fn sync_member_unknown(id_number: &str) -> String {
    format!(
        "L'adhérent {id_number} d'un paiement ou d'une carte reçu du serveur central n'est pas sur ce poste : relancez la réception (Synchronisation > Recevoir du serveur central), qui apporte les adhérents avant leurs cartes."
    )
}
pub const ON_FIELD: &str = "Sur un poste de terrain, les paiements et les cartes viennent du serveur central : enregistrez-les sur le serveur central, puis lancez une réception sur ce poste (Synchronisation > Recevoir du serveur central).";
