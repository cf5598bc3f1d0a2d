//! Every French message of the members service.

pub const FIRSTNAME_REQUIRED: &str = "Le prénom est obligatoire.";
pub const LASTNAME_REQUIRED: &str = "Le nom est obligatoire.";
pub const GENDER: &str = "Le sexe doit être « M » ou « F ».";
pub const NOT_A_DATE: &str = "Date invalide : utilisez AAAA-MM-JJ ou JJ/MM/AAAA.";
pub const BIRTH_IN_FUTURE: &str = "La date de naissance ne peut pas être dans le futur.";
pub const BIRTH_TOO_OLD: &str = "La date de naissance est antérieure à 1900 : vérifiez-la.";
pub const MEMBERSHIP_BEFORE_BIRTH: &str =
    "La date d'adhésion ne peut pas précéder la date de naissance.";
pub const MEMBERSHIP_IN_FUTURE: &str = "La date d'adhésion ne peut pas être dans le futur.";
pub const HOUSEHOLD_SIZE: &str = "La taille du ménage doit être comprise entre 0 et 1000.";
pub const ONE_LINK: &str =
    "Choisissez un seul lien familial : adhérent principal, conjoint ou enfant.";
pub const DEPENDANT_NEEDS_MAIN: &str =
    "Un conjoint ou un enfant doit être rattaché à un adhérent principal.";
pub const MAIN_HAS_NO_MAIN: &str =
    "Un adhérent principal ne peut pas être rattaché à un autre adhérent.";
pub const OWN_DEPENDANT: &str = "Un adhérent ne peut pas être sa propre personne à charge.";
pub const CHILD_OLDER_THAN_MAIN: &str =
    "Un enfant doit être plus jeune que son adhérent principal.";
pub const ID_NUMBER_FORMAT: &str =
    "Le numéro d'adhérent ne peut contenir que des lettres et des chiffres.";
pub const UUID_FORMAT: &str = "L'identifiant universel (uuid) de l'adhérent est invalide.";

pub fn restore_not_yet(entity: &str) -> String {
    format!("La restauration d'un enregistrement « {entity} » n'est pas encore possible.")
}

/// A deleted record, which a restore does not put back yet.
pub fn deleted_not_restored(entity: &str, id: i64) -> String {
    let what = match entity {
        "member" => format!("L'adhérent n° {id}"),
        "cooperative" => format!("La coopérative n° {id}"),
        _ => format!("La parcelle n° {id}"),
    };
    let feminine = entity != "member";
    format!(
        "{what} a été supprimé{} : la restauration d'un enregistrement supprimé n'est pas encore possible.",
        if feminine { "e" } else { "" }
    )
}

pub fn member_not_found(id: i64) -> String {
    format!("Adhérent n° {id} introuvable.")
}

pub fn main_member_not_found(id: i64) -> String {
    format!("L'adhérent principal n° {id} est introuvable.")
}

pub fn not_a_main_member(id: i64) -> String {
    format!(
        "L'adhérent n° {id} n'est pas un adhérent principal : rattachez la personne à son adhérent principal."
    )
}

fn dependants(n: i64) -> String {
    format!("{n} personne{} à charge", if n > 1 { "s" } else { "" })
}

pub fn main_keeps_dependants(n: i64) -> String {
    format!("Cet adhérent a {} : il ne peut pas devenir conjoint ou enfant.", dependants(n))
}

pub fn delete_main_with_dependants(n: i64) -> String {
    format!(
        "Cet adhérent principal a {} : supprimez-les ou rattachez-les d'abord à un autre adhérent.",
        dependants(n)
    )
}

pub const UUID_TAKEN: &str = "Un adhérent porte déjà cet identifiant universel (uuid).";

pub fn id_number_taken(number: &str) -> String {
    format!("Le numéro d'adhérent « {number} » est déjà utilisé.")
}

pub const GEOGRAPHY_UNAVAILABLE: &str = "La géographie ne répond pas : la localité ne peut pas être vérifiée, réessayez dans un instant.";

pub fn locality_not_found(id: i64) -> String {
    format!("Localité n° {id} introuvable.")
}

pub fn cooperative_not_found(id: i64) -> String {
    format!("Coopérative n° {id} introuvable.")
}

pub fn parcel_not_found(id: i64) -> String {
    format!("Parcelle n° {id} introuvable.")
}

pub fn cooperative_code_taken(code: &str) -> String {
    format!("Le code de coopérative « {code} » est déjà utilisé.")
}

pub fn parcel_code_taken(code: &str) -> String {
    format!("Le code de parcelle « {code} » est déjà utilisé.")
}

pub fn cooperative_has_members(n: i64) -> String {
    format!(
        "Cette coopérative regroupe {n} adhérent{} : retirez-les d'abord.",
        if n > 1 { "s" } else { "" }
    )
}

pub fn member_has_parcels(n: i64) -> String {
    format!(
        "Cet adhérent exploite {n} parcelle{} : supprimez-les d'abord.",
        if n > 1 { "s" } else { "" }
    )
}

pub const COOPERATIVE_CODE_REQUIRED: &str = "Le code de la coopérative est obligatoire.";
pub const COOPERATIVE_NAME_REQUIRED: &str = "Le nom de la coopérative est obligatoire.";
pub const PARCEL_CODE_REQUIRED: &str = "Le code de la parcelle est obligatoire.";
pub const PARCEL_MEMBER_REQUIRED: &str = "L'adhérent qui exploite la parcelle est obligatoire.";
pub const PARCEL_AREA: &str =
    "La surface doit être un nombre d'hectares supérieur à 0 (au plus 100 000).";
pub const PARCEL_POINT_WHOLE: &str = "Donnez la latitude et la longitude, ou aucune des deux.";
pub const LATITUDE: &str = "La latitude doit être comprise entre -90 et 90.";
pub const LONGITUDE: &str = "La longitude doit être comprise entre -180 et 180.";

pub const PHOTO_EMPTY: &str = "Aucune photo reçue : choisissez un fichier image.";
pub const PHOTO_NOT_IMAGE: &str = "Ce fichier n'est pas une image JPEG, PNG ou WebP.";
pub const PHOTO_UNREADABLE: &str = "Cette image est illisible ou abîmée.";
pub const NO_PHOTO: &str = "Cet adhérent n'a pas de photo.";

pub fn photo_too_large(max_bytes: usize) -> String {
    format!("La photo dépasse la taille permise ({} Mo au plus).", max_bytes / (1024 * 1024))
}

pub fn photo_too_many_megapixels(max: u64) -> String {
    format!("L'image a trop de pixels : {max} mégapixels au plus.")
}

pub fn photo_too_many_pixels(max_side: u32) -> String {
    format!("L'image est trop grande : {max_side} pixels au plus de côté.")
}

pub const ID_NUMBER_BY_SERVER: &str =
    "Le numéro d'adhérent est attribué par le serveur : laissez-le vide pour un nouvel adhérent.";
pub const ID_NUMBER_KEPT: &str = "Le numéro d'adhérent ne peut pas être modifié.";
pub const UUID_BY_SERVER: &str = "L'identifiant unique (uuid) est attribué par le serveur : laissez-le vide pour un nouvel adhérent.";
pub const UUID_KEPT: &str = "L'identifiant unique (uuid) d'un adhérent ne peut pas être modifié.";
pub const PHOTO_CHECK_ROLE: &str =
    "Seul un administrateur ou un gestionnaire peut valider ou invalider la photo d'un adhérent.";

pub const SYNC_UPDATED_AT: &str = "Enregistrement synchronisé illisible : sa date de modification (updatedAt) n'est pas une date RFC 3339.";
pub const SYNC_ORIGIN: &str = "Enregistrement synchronisé illisible : son instance d'origine (originInstance) n'est pas un uuid.";
pub const SYNC_BATCH_ID: &str = "Le lot de synchronisation n'a pas d'identifiant (uuid) valable.";
pub const SYNC_INSTANCE_ID: &str = "L'identifiant de l'instance (uuid) n'est pas valable.";

pub fn sync_too_many(most: i32) -> String {
    format!("Un lot de synchronisation compte au plus {most} enregistrements.")
}

pub fn sync_main_missing(firstname: &str, lastname: &str) -> String {
    format!(
        "Le membre principal de {firstname} {lastname} n'est pas encore arrivé : il doit être envoyé avant \
         les membres de sa famille. Relancez la synchronisation."
    )
}

pub fn synced_member_unknown(uuid: &str) -> String {
    format!(
        "L'adhérent {uuid} est inconnu ici : sa photo arrive avant sa fiche (fiche supprimée entre-temps ?)."
    )
}

pub const CREATED_FROM_NOT_A_DATE: &str =
    "La date d'inscription (createdFrom) doit être une date : AAAA-MM-JJ ou JJ/MM/AAAA.";
