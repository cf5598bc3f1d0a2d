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
pub const CLAIM_LOST: &str =
    "Interrompue : la base de données de ce poste ne répondait plus. Relancez la synchronisation.";
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

pub const NO_GEOGRAPHY_SERVICE: &str =
    "Le service de géographie de ce serveur est injoignable : réessayez dans un instant.";
pub const NO_CARDS_SERVICE: &str =
    "Le service des cartes de ce serveur est injoignable : réessayez dans un instant.";
pub const NO_SERVICE_IDENTITY: &str = "Le service de synchronisation de ce poste n'a pas d'identité auprès du service d'authentification : vérifiez SERVICE_SECRET (le même pour tous les services) et AUTH_GRPC_URL.";
pub const NO_MEMBERS_SERVICE: &str =
    "Le service des adhérents de ce poste est introuvable : vérifiez MEMBERS_GRPC_URL.";
pub const ON_FIELD: &str =
    "Ce serveur est un poste de terrain : il ne reçoit pas la synchronisation d'autres postes.";
pub const NO_HANDSHAKE: &str =
    "Ce poste ne s'est pas présenté au serveur central : relancez la synchronisation.";
pub const INSTANCE_ID: &str = "L'identifiant d'instance (instanceId) doit être un uuid.";
pub const POSITION: &str = "La position (position, after) doit être un nombre positif ou nul.";
pub const LINEAGE: &str = "La lignée (lineage, proposedLineage) doit être un uuid.";

pub fn restored_database(position: i64, known: i64) -> String {
    format!(
        "Cette base de données du poste a été restaurée ou copiée : le serveur central a déjà reçu ce \
         poste jusqu'à la position {known}, elle n'en est qu'à {position}. Aucune donnée n'a été envoyée. \
         N'utilisez pas cette copie : reprenez le poste d'origine, ou demandez à l'administrateur de \
         réinstaller ce poste avec une base neuve."
    )
}

/// A laptop whose database has the instance id of one the central server knows, but not the lineage
/// it last confirmed: another copy of the laptop sent since (or this one is a backup), or the central
/// server was restored from a backup taken before this laptop's last sending.
pub const COPIED_DATABASE: &str = "Cette base de données du poste a été restaurée ou copiée : une autre \
     copie de ce poste s'est synchronisée avec le serveur central depuis la dernière synchronisation de \
     celle-ci. Aucune donnée n'a été envoyée. N'utilisez pas cette copie : reprenez celle qui s'est \
     synchronisée en dernier. Si c'est le serveur central qui a été restauré d'une sauvegarde, ne \
     réinstallez pas ce poste : demandez à l'administrateur du serveur central de l'accepter de nouveau \
     (écran Synchronisation, « Postes de terrain ») ; ce poste lui renverra alors tout ce qui a été fait \
     chez lui.";

/// An administrator accepts again a laptop the central server does not know.
pub const UNKNOWN_PEER: &str = "Ce poste de terrain ne s'est jamais présenté à ce serveur central.";

/// A laptop whose checkpoints are past what the central server served it.
pub const RECEIVING_AGAIN: &str = "Le serveur central a été restauré d'une sauvegarde : ce poste reçoit de \
     nouveau ses modifications depuis ce que la sauvegarde lui avait envoyé.";

/// The journal of a run that received again what the central server changed since its backup; what
/// the laptop holds (`members` marked now) goes back to the central server at the next send.
pub fn received_again(members: i64) -> String {
    format!(
        "Le serveur central avait été restauré d'une sauvegarde : ce poste a reçu de nouveau ses \
         modifications depuis ce que la sauvegarde lui avait envoyé, et lui renverra au prochain envoi \
         tout ce qu'il détient ({members} adhérent(s) de plus à envoyer)."
    )
}

/// The journal of a run that sent everything again.
pub const SENT_EVERYTHING: &str = "Le serveur central avait été restauré d'une sauvegarde : tout ce que ce \
     poste détient lui a été renvoyé.";

/// A laptop told by the central server to send again everything it holds.
pub fn sending_everything(members: i64, photos: i64) -> String {
    format!(
        "Le serveur central a été restauré d'une sauvegarde : ce poste lui renvoie tout ce qu'il détient \
         ({members} adhérent(s) et {photos} photo(s) de plus à envoyer)."
    )
}

pub const CENTRAL_UNREADABLE: &str = "Réponse du serveur central illisible : les deux serveurs ont-ils la même version ? Mettez ce poste à jour, puis relancez.";

pub fn local_failed(status: &tonic::Status) -> String {
    format!("Le service des adhérents de ce poste a refusé : {}", status.message())
}

/// While records are sent; the photos of members already sent travel alongside.
pub fn sending(sent: i64, photos: i64) -> String {
    if photos == 0 {
        return format!("Envoi en cours : {sent} adhérent(s) envoyé(s)…");
    }
    format!("Envoi en cours : {sent} adhérent(s) envoyé(s), {photos} photo(s) envoyée(s)…")
}

pub fn receiving_photos(received: i64) -> String {
    format!("Réception des photos en cours : {received} photo(s) reçue(s)…")
}

pub fn receiving(received: i64) -> String {
    format!("Réception en cours : {received} adhérent(s) reçu(s)…")
}

/// What the other side did with a run's members, and where it was signed in.
pub struct Outcome<'a> {
    pub login: &'a str,
    pub members: i64,
    pub created: i64,
    pub updated: i64,
    /// Members deleted by the deletions the run carried (said only when there were some).
    pub deleted: i64,
    pub unchanged: i64,
    pub conflicts: i64,
}

impl Outcome<'_> {
    fn counts(&self) -> String {
        let deleted = if self.deleted > 0 {
            format!("{} supprimé(s), ", self.deleted)
        } else {
            String::new()
        };
        format!(
            "({} créé(s), {} mis à jour, {deleted}{} déjà à jour), {} conflit(s) ; compte {} du serveur central.",
            self.created, self.updated, self.unchanged, self.conflicts, self.login
        )
    }
}

pub fn sent(outcome: &Outcome, photos: &Photos) -> String {
    format!(
        "Envoi terminé : {} adhérent(s) envoyé(s) {}{}",
        outcome.members,
        outcome.counts(),
        photos.said()
    )
}

pub fn received(outcome: &Outcome, places: i64, cards: i64, photos: &PhotosReceived) -> String {
    let geography = if places > 0 {
        format!(" Géographie : {places} élément(s) reçu(s).")
    } else {
        String::new()
    };
    let cards =
        if cards > 0 { format!(" Paiements et cartes : {cards} reçu(s).") } else { String::new() };
    format!(
        "Réception terminée : {} adhérent(s) reçu(s) {}{geography}{cards}{}",
        outcome.members,
        outcome.counts(),
        photos.said()
    )
}

pub fn receiving_cards(received: i64) -> String {
    format!("Réception des paiements et des cartes : {received} reçu(s)…")
}

pub fn receiving_geography(received: i64) -> String {
    format!("Réception de la géographie : {received} élément(s) reçu(s)…")
}

pub const PHOTO_NOT_FAILED: &str =
    "Cette photo n'est pas dans la liste des photos en échec (déjà envoyée ?).";
pub const MEMBER_UUID: &str =
    "L'identifiant universel (member_uuid) de l'adhérent doit être un uuid.";
pub const PHOTO_SENT: &str = "Photo envoyée au serveur central.";
pub const PHOTO_NO_LONGER_WAITING: &str = "Cette photo n'attend plus d'envoi (adhérent supprimé ou \
    photo déjà envoyée) : elle est retirée de la liste.";

pub const PHOTO_FILE_MISSING: &str = "Le fichier de la photo est introuvable ou illisible sur ce \
    poste : reprenez la photo de l'adhérent.";

pub fn photo_refused(message: &str) -> String {
    format!("Le serveur central refuse la photo : {message}")
}

pub fn sending_photos(sent: i64) -> String {
    format!("Envoi des photos : {sent} photo(s) envoyée(s)…")
}

/// What became of the photos of a run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Photos {
    pub sent: i64,
    pub failed: i64,
    pub waiting: i64,
}

impl Photos {
    /// Nothing when the run had no photo to send.
    pub fn said(&self) -> String {
        if self.sent == 0 && self.failed == 0 && self.waiting == 0 {
            return String::new();
        }
        let mut said = format!(" {} photo(s) envoyée(s)", self.sent);
        if self.failed > 0 {
            said.push_str(&format!(", {} en échec (outils, photos en échec)", self.failed));
        }
        if self.waiting > 0 {
            said.push_str(&format!(", {} en attente d'un nouvel essai", self.waiting));
        }
        said.push('.');
        said
    }
}

/// What became of the central server's photos a run asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct PhotosReceived {
    pub kept: i64,
    /// Asked and not kept: missing from the central server's answer (its file lost or unreadable there) or
    /// refused here. Asked again by the next run.
    pub missed: i64,
}

impl PhotosReceived {
    /// Nothing when the run had no photo to receive.
    pub fn said(&self) -> String {
        if self.kept == 0 && self.missed == 0 {
            return String::new();
        }
        let mut said = format!(" {} photo(s) reçue(s)", self.kept);
        if self.missed > 0 {
            said.push_str(&format!(
                ", {} non reçue(s) (fichier introuvable ou illisible sur le serveur central, ou photo \
                 refusée sur ce poste) : redemandée(s) à la prochaine réception",
                self.missed
            ));
        }
        said.push('.');
        said
    }
}
