//! Every French message the reports service answers, in one place.

pub const NAME_REQUIRED: &str = "Le nom du modèle est obligatoire.";
pub const TYPE_REQUIRED: &str = "Le type du modèle est obligatoire : carte, bordereau de livraison, fiche adhérent ou export de liste.";
pub const TYPE_UNKNOWN: &str = "Type de modèle inconnu : card (carte), delivery_slip (bordereau de livraison), member_sheet (fiche adhérent) ou list_export (export de liste).";
pub const TYPE_FIXED: &str =
    "Le type d'un modèle ne change pas : copiez-le, puis changez la copie.";
pub const JSON_REQUIRED: &str = "Le modèle (report_json) est obligatoire.";
pub const JSON_NOT_A_TEMPLATE: &str = "Le modèle (report_json) doit être un objet JSON du concepteur : une page (basePdf) et ses éléments (schemas, une liste par page).";
pub const PREVIEW_NOT_AN_OBJECT: &str =
    "Les données d'aperçu (report_previewData) doivent être un objet JSON.";
pub const LAST_DEFAULT: &str = "Ce modèle est le modèle par défaut de son type : choisissez-en un autre comme modèle par défaut, qui le remplacera.";
pub const REPORT_REQUIRED: &str = "Le modèle (report_id) est obligatoire.";

pub fn too_large(limit_kb: usize) -> String {
    format!("Le modèle dépasse {limit_kb} Ko : allégez ses images.")
}

pub fn report_not_found(id: i64) -> String {
    format!("Modèle {id} introuvable.")
}

pub fn version_not_found(id: i64, version: i32) -> String {
    format!("Le modèle {id} n'a pas de version {version}.")
}

pub fn name_taken(name: &str) -> String {
    format!("Un modèle s'appelle déjà « {name} » : choisissez un autre nom.")
}

pub fn copy_notes(name: &str, version: i32) -> String {
    format!("Copie de « {name} » (version {version}).")
}

pub const FIRST_VERSION_NOTES: &str = "Création du modèle.";
pub const SHIPPED_NOTES: &str = "Modèle livré avec Sésame.";
pub const SHIPPED_DESCRIPTION: &str =
    "Livré avec Sésame. Chaque enregistrement en garde une version : l'original reste restaurable.";

/// The last template of a printed type (`card`, `delivery_slip`), which stays.
pub fn last_template(report_type: &str) -> String {
    let (kind, documents) = common::printed::named_fr(report_type);
    format!(
        "C'est le dernier modèle de {kind} : {documents} s'impriment avec lui. Créez-en ou copiez-en un autre avant de le supprimer."
    )
}
pub const VERSION_INVALID: &str =
    "La version demandée doit être un nombre positif (0 : la version courante).";

pub fn dashboard_unknown(name: &str, known: &[&str]) -> String {
    if known.is_empty() {
        return format!(
            "Aucun tableau de bord « {name} » : les statistiques Metabase ne sont pas réglées (METABASE_SITE_URL, METABASE_SECRET_KEY, METABASE_DASHBOARDS)."
        );
    }
    format!("Tableau de bord inconnu : « {name} ». Tableaux de bord : {}.", known.join(", "))
}

pub const REGION_INVALID: &str =
    "La région (regionId) doit être l'identifiant d'une région, ou 0 pour toutes.";
pub const PERIOD_REVERSED: &str =
    "La fin de la période précède son début : échangez les deux dates.";

pub fn date_invalid(field: &str) -> String {
    let which = if field == "from" { "Le début de la période" } else { "La fin de la période" };
    format!("{which} ({field}) n'est pas une date : écrivez-la AAAA-MM-JJ ou JJ/MM/AAAA.")
}

/// A type of template as the messages say it.
pub fn type_label(report_type: &str) -> &'static str {
    match report_type {
        "card" => "d'une carte",
        "delivery_slip" => "d'un bordereau de livraison",
        "member_sheet" => "d'une fiche adhérent",
        _ => "d'un export de liste",
    }
}

/// An element bound to no field of its template's type, with every field it can be bound to (by name:
/// the element's name must be one of them, as « Insérer un champ des données » names it).
pub fn element_unknown_field(name: &str, report_type: &str, known: &[&str]) -> String {
    format!(
        "L'élément « {name} » n'est lié à aucun champ {} : choisissez-le dans « Insérer un champ des données », nommez-le d'après l'un de ces champs ou rendez-le fixe (lecture seule). Champs : {}.",
        type_label(report_type),
        known.join(", ")
    )
}

pub fn element_unplaced(name: &str) -> String {
    format!(
        "L'élément « {name} » n'a pas de position ou de taille : replacez-le dans le concepteur."
    )
}

fn mm(value: f64) -> String {
    format!("{}", (value * 100.0).round() / 100.0).replace('.', ",")
}

pub fn element_off_page(name: &str, page: usize, width: f64, height: f64) -> String {
    format!(
        "L'élément « {name} » sort de la page {page} ({} × {} mm) : ramenez-le dans la page.",
        mm(width),
        mm(height)
    )
}

pub fn qr_too_small(name: &str, side: f64, min: f64) -> String {
    format!(
        "Le code QR « {name} » mesure {} mm : il faut au moins {} mm de côté pour qu'un lecteur le lise.",
        mm(side),
        mm(min)
    )
}

pub fn no_default(report_type: &str) -> String {
    format!("Aucun modèle {} par défaut.", type_label(report_type))
}

/// An element the server does not print (cards and slips print on the server, from the same JSON).
pub fn element_not_printed(name: &str, kind: &str) -> String {
    format!(
        "L'élément « {name} » ({kind}) ne s'imprime pas sur le serveur : les cartes et les bordereaux impriment textes, images, codes QR, rectangles, ellipses et lignes. Remplacez-le ou supprimez-le."
    )
}

pub const PAGE_NOT_BLANK: &str = "La page d'une carte ou d'un bordereau est une page blanche en millimètres (pas un fichier PDF) : le serveur imprime sur elle.";
