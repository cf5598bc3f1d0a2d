//! Every French message the auth service answers, in one place.

pub const BAD_CREDENTIALS: &str = "Identifiant ou mot de passe incorrect";
pub const SESSION_INVALID: &str = "Session invalide ou expirée : reconnectez-vous.";
pub const NOT_YOUR_LOGIN: &str = "Votre rôle ne permet de consulter que votre propre compte.";
pub const LOGIN_NAME_TOO_SHORT: &str = "L'identifiant doit contenir au moins 4 caractères.";
pub const LOGIN_NAME_TOO_LONG: &str = "L'identifiant ne peut pas dépasser 100 caractères.";
pub const PASSWORD_TOO_SHORT: &str = "Le mot de passe doit contenir au moins 12 caractères.";
pub const PASSWORD_COMMON: &str = "Ce mot de passe fait partie des plus courants, que l'on devine en premier : choisissez-en un autre.";
pub const PASSWORD_TOO_LONG: &str = "Le mot de passe ne peut pas dépasser 256 caractères.";
pub const PROVIDER_TOO_SHORT: &str = "Le fournisseur doit contenir au moins 4 caractères.";
pub const LOGIN_NAME_TAKEN: &str = "Cet identifiant est déjà utilisé.";
pub const LAST_ADMIN: &str =
    "Impossible : c'est le dernier administrateur. Nommez d'abord un autre administrateur.";
pub const SELF_DELETE: &str = "Vous ne pouvez pas supprimer votre propre compte.";
pub const NOT_A_SYNC_LOGIN: &str =
    "Seul un compte de rôle Synchronisation a un jeton de synchronisation.";
pub const SYNC_ROLE_FIXED: &str = "Le rôle Synchronisation se donne à la création d'un compte et ne se retire pas : créez un compte dédié à chaque poste de terrain.";
pub const SYNC_HAS_NO_PASSWORD: &str =
    "Un compte de synchronisation n'a pas de mot de passe : renouvelez son jeton.";
pub const SYNC_TOKEN_INVALID: &str = "Jeton de synchronisation invalide ou révoqué : demandez un nouveau jeton à l'administrateur du serveur central.";
pub const PARAM_NAME_REQUIRED: &str = "Le nom du paramètre est obligatoire.";
pub const PARAM_NAME_TOO_LONG: &str = "Le nom du paramètre ne peut pas dépasser 100 caractères.";
pub const PARAM_DATE_INVALID: &str = "La date doit être au format AAAA-MM-JJ.";

pub fn unknown_role(role: &str) -> String {
    format!("Rôle inconnu : « {role} ». Rôles permis : admin, manager, agent, viewer, sync.")
}

pub fn login_not_found(id: i64) -> String {
    format!("Utilisateur n° {id} introuvable.")
}

pub fn param_not_found(name: &str) -> String {
    format!("Paramètre « {name} » introuvable.")
}

pub fn too_many_attempts(seconds: i64) -> String {
    format!(
        "Trop de tentatives de connexion échouées pour cet identifiant. Réessayez dans {seconds} secondes."
    )
}

pub const SERVICE_SECRET_INVALID: &str =
    "Secret de service invalide : vérifiez SERVICE_SECRET, le même pour tous les services.";
