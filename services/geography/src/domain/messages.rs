//! Every French message of the geography service.

/// "1 département", "3 départements".
pub fn count(n: i64, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
}

pub fn has_children(level_phrase: &str, n: i64, singular: &str, plural: &str) -> String {
    format!("{level_phrase} contient {} : supprimez-les d'abord.", count(n, singular, plural))
}

pub fn not_found(level: &str, id: i64) -> String {
    format!("{level} n° {id} introuvable.")
}

pub fn code_taken(level: &str, code: &str) -> String {
    format!("Le code {level} « {code} » est déjà utilisé.")
}

pub fn locality_taken(name: &str) -> String {
    format!("La localité « {name} » existe déjà dans cette sous-préfecture.")
}

pub const REGION_CODE_MISSING: &str = "Le code de la région est obligatoire.";
pub const REGION_NAME_MISSING: &str = "Le nom de la région est obligatoire.";
pub const DEPARTMENT_CODE_MISSING: &str = "Le code du département est obligatoire.";
pub const DEPARTMENT_NAME_MISSING: &str = "Le nom du département est obligatoire.";
pub const DEPARTMENT_REGION_MISSING: &str = "La région du département est obligatoire.";
pub const SUBPREFECTURE_CODE_MISSING: &str = "Le code de la sous-préfecture est obligatoire.";
pub const SUBPREFECTURE_NAME_MISSING: &str = "Le nom de la sous-préfecture est obligatoire.";
pub const SUBPREFECTURE_DEPARTMENT_MISSING: &str =
    "Le département de la sous-préfecture est obligatoire.";
pub const LOCALITY_NAME_MISSING: &str = "Le nom de la localité est obligatoire.";
pub const LOCALITY_SUBPREFECTURE_MISSING: &str =
    "La sous-préfecture de la localité est obligatoire.";

pub const TOO_LONG: &str = "Ce texte est trop long (200 caractères au plus).";
pub const CODE_TOO_LONG: &str = "Ce code est trop long (50 caractères au plus).";
pub const IMPORT_EMPTY: &str = "Le fichier ne contient aucune ligne à importer.";

pub fn import_invalid(sent: usize, invalid: usize) -> String {
    format!(
        "L'import contient {} sur {} : rien n'a été importé. Corrigez le fichier puis recommencez.",
        count(invalid as i64, "ligne invalide", "lignes invalides"),
        count(sent as i64, "ligne reçue", "lignes reçues")
    )
}

pub fn import_too_many_rows(max: usize) -> String {
    format!("Un import contient au plus {max} lignes : découpez le fichier en plusieurs imports.")
}

pub fn row_missing(what: &str) -> String {
    format!("{what} est manquant.")
}

pub fn department_bound_elsewhere(department: &str, region: &str) -> String {
    format!("le département « {department} » appartient déjà à la région « {region} ».")
}

pub fn subprefecture_bound_elsewhere(subprefecture: &str, department: &str) -> String {
    format!(
        "la sous-préfecture « {subprefecture} » appartient déjà au département « {department} »."
    )
}

pub const AFTER_ON_OWN_SORT: &str =
    "Triée sur le nom d'un niveau parent, cette liste se pagine par _offset, pas par « after ».";

pub const SYNC_PLACE_EMPTY: &str = "Un élément de géographie reçu du serveur central est vide.";
pub const SYNC_LEVEL_UNKNOWN: &str =
    "Niveau de géographie inconnu : region, department, subprefecture ou locality.";
pub const SYNC_ID_MISSING: &str =
    "Un élément de géographie reçu du serveur central n'a pas d'identifiant.";
pub const ON_FIELD: &str = "Sur un poste de terrain, la géographie vient du serveur central : créez-la ou modifiez-la sur le serveur central, puis lancez une réception sur ce poste (Synchronisation > Recevoir du serveur central).";
