//! Every French message the sync service answers or writes in its journal, in one place.

pub const UNKNOWN_DIRECTION: &str = "Sens de synchronisation inconnu : « to_server » (envoi au serveur central) ou « from_server » (réception).";
pub const ON_CENTRAL: &str =
    "Ce serveur est le serveur central : la synchronisation se lance depuis un poste de terrain.";
pub const ALREADY_RUNNING: &str =
    "Une synchronisation est déjà en cours sur ce poste : attendez sa fin ou arrêtez-la.";
pub const NOT_PAIRED: &str = "Ce poste n'est pas appairé au serveur central : réglez SYNC_CENTRAL_URL et SYNC_TOKEN avec le jeton créé sur l'écran des utilisateurs du serveur central.";
pub const RUN_UUID_INVALID: &str = "Identifiant de synchronisation invalide.";
pub const UNKNOWN_STATE: &str = "État inconnu : « running », « done », « failed » ou « stopped ».";
pub const INTERRUPTED: &str =
    "Interrompue : le service de synchronisation s'est arrêté pendant la synchronisation.";
pub const STOPPED: &str = "Arrêtée à la demande.";
pub const SIGNING_IN: &str = "Connexion au serveur central…";

pub fn run_not_found(uuid: &str) -> String {
    format!("Synchronisation {uuid} introuvable.")
}

pub fn central_unreachable(url: &str, cause: &str) -> String {
    format!(
        "Serveur central injoignable ({url}) : {cause}. Vérifiez la connexion du poste, puis relancez."
    )
}

pub fn central_refused(message: &str) -> String {
    format!("Le serveur central refuse ce poste : {message}")
}

pub fn connected(url: &str, login: &str) -> String {
    format!(
        "Connecté au serveur central ({url}) sous le compte {login}. Aucune donnée n'est encore échangée : l'envoi et la réception des adhérents arrivent dans une prochaine version."
    )
}
