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
