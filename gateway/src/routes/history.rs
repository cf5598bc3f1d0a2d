//! `history/*`: who changed what, when, from where and why, on every record, and a past version put back.
//! Each service keeps the history of the records it owns (`common::history`); a record's calls go to
//! its owner (`common::history::entities`), the whole list to every service, merged newest first.

use crate::access::{AuditRead, HistoryRead, HistoryRestore, may};
use crate::envelope::{self, Data, List, Paging};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::session::{Authorized, Caller};
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use chrono::NaiveDate;
use common::history::entities::{self, Entity};
use common::roles::Access;
use proto::Contract;
use proto::common as pb;
use proto::common::history_client::HistoryClient;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_history))
        .routes(routes!(get_history_verify))
        .routes(routes!(post_history_restore))
        .routes(routes!(get_history_list))
}

/// A record's page: 50 entries unless asked, at most 500 (the services' own limit).
const DEFAULT_PAGE: i64 = 50;
const LARGEST_PAGE: i64 = 500;

fn history(state: &AppState, service: &str) -> HistoryClient<common::grpc::TracedChannel> {
    HistoryClient::over(state.channel(service))
}

/// The entity `name`, when its history is kept and the caller may `access` its records.
fn entity(name: &str, caller: &Caller, access: Access) -> Result<&'static Entity, ApiError> {
    let entity = entities::entity(name).ok_or_else(|| {
        ApiError::field(
            "entity",
            format!("Entité inconnue : « {name} ». Entités suivies : {}.", entities::names()),
        )
    })?;
    if !may(caller.role, entity.area, access) {
        return Err(ApiError::forbidden());
    }
    Ok(entity)
}

/// A record's history, newest first: each entry's version, moment (the server's, to the microsecond),
/// author, source, reason and changed fields with their old and new values.
#[utoipa::path(get, path = "/history/get.history/{entity}/{id}", tag = "history",
    summary = "Historique d'un enregistrement",
    description = "Les modifications d'un enregistrement, de la plus récente à la plus ancienne : \
        sa version, le moment (heure du serveur, à la microseconde), l'auteur, la source (`screen`, \
        `api`, `statement`, `sync`, `merge`, `restore`), le motif et les champs modifiés avec leur \
        valeur avant et après. `entity` : member, cooperative, parcel, region, department, \
        subprefecture, locality, transaction, card, delivery, user, loginParam ou report. 50 \
        entrées par page par défaut, 500 au plus.",
    params(("entity" = String, Path, description = "L'entité, telle que l'API la nomme."),
        ("id" = i64, Path, description = "L'identifiant de l'enregistrement."), Paging),
    responses((status = 200, body = List<pb::HistoryEntry>), (status = 400, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub async fn get_history(
    State(state): State<AppState>,
    caller: Authorized<HistoryRead>,
    Path((name, id)): Path<(String, i64)>,
    Query(paging): Query<Paging>,
) -> Result<Response, ApiError> {
    let entity = entity(&name, &caller.0, Access::Read)?;
    let limit = paging.limit.unwrap_or(DEFAULT_PAGE).clamp(1, LARGEST_PAGE);
    let request = pb::HistoryRequest {
        entity: entity.name.to_string(),
        id,
        limit,
        offset: paging.offset.unwrap_or(0).max(0),
    };
    let page = history(&state, entity.service).get_history(request).await?.into_inner();
    Ok(envelope::list(page.entries, page.total))
}

/// Checks a record's chain: each entry carries the hash of the one before it, so an entry changed or
/// removed outside the application is found.
#[utoipa::path(get, path = "/history/get.history_verify/{entity}/{id}", tag = "history",
    summary = "Vérifier l'historique d'un enregistrement",
    description = "Vérifie la chaîne des entrées d'un enregistrement : chacune porte l'empreinte \
        de la précédente, si bien qu'une entrée modifiée ou supprimée hors de l'application est \
        trouvée (`history_intact` faux, `history_brokenVersion` la première version qui ne tient pas).",
    params(("entity" = String, Path, description = "L'entité, telle que l'API la nomme."),
        ("id" = i64, Path, description = "L'identifiant de l'enregistrement.")),
    responses((status = 200, body = Data<pb::HistoryVerified>), (status = 400, body = ErrorBody)))]
pub async fn get_history_verify(
    State(state): State<AppState>,
    caller: Authorized<HistoryRead>,
    Path((name, id)): Path<(String, i64)>,
) -> Result<Response, ApiError> {
    let entity = entity(&name, &caller.0, Access::Read)?;
    let record = pb::HistoryRecord { entity: entity.name.to_string(), id };
    let verified = history(&state, entity.service).verify_history(record).await?.into_inner();
    Ok(envelope::data(verified))
}

/// What a restore asks.
#[derive(Deserialize, ToSchema)]
pub struct RestoreAsked {
    /// L'entité, telle que l'API la nomme.
    pub entity: String,
    /// L'identifiant de l'enregistrement.
    pub id: i64,
    /// La version à remettre.
    pub version: i32,
    /// Le motif de la restauration (obligatoire).
    #[serde(default)]
    pub reason: String,
}

/// Puts a record back as it was at `version`, through the same rules as an edit, and records it as a
/// new version (source `restore`, with its reason).
#[utoipa::path(post, path = "/history/post.history_restore", tag = "history",
    summary = "Restaurer une version",
    description = "Remet l'enregistrement dans l'état de la version `version`, avec les mêmes \
        règles qu'une modification (refusée en français quand le résultat enfreindrait une règle), \
        et l'écrit comme une nouvelle version (source `restore`, avec son motif, obligatoire). \
        Aujourd'hui, les adhérents, les coopératives et les parcelles se restaurent, mais pas un \
        enregistrement supprimé.",
    request_body = RestoreAsked,
    responses((status = 200, body = Data<pb::HistoryRestored>), (status = 400, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
pub async fn post_history_restore(
    State(state): State<AppState>,
    caller: Authorized<HistoryRestore>,
    Json(asked): Json<RestoreAsked>,
) -> Result<Response, ApiError> {
    let entity = entity(&asked.entity, &caller.0, Access::Write)?;
    let reason = asked.reason.trim();
    if reason.is_empty() {
        return Err(ApiError::field("reason", "Indiquez le motif de la restauration."));
    }
    if reason.chars().count() > 500 {
        return Err(ApiError::field("reason", "Le motif compte au plus 500 caractères."));
    }
    if asked.version < 1 {
        return Err(ApiError::field("version", "Choisissez une version à restaurer."));
    }
    let request = pb::HistoryRestore {
        entity: entity.name.to_string(),
        id: asked.id,
        version: asked.version,
        reason: reason.to_string(),
    };
    let restored = history(&state, entity.service).restore_history(request).await?.into_inner();
    Ok(envelope::data(restored))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryFilter {
    /// Seulement les modifications de cette entité.
    pub entity: Option<String>,
    /// Seulement celles de cet utilisateur (son identifiant).
    #[serde(rename = "loginId")]
    #[param(rename = "loginId")]
    pub login_id: Option<i64>,
    /// Seulement celles de cette source : `screen`, `api`, `statement`, `sync`, `merge` ou `restore`.
    pub source: Option<String>,
    /// Le premier jour de la période (AAAA-MM-JJ, compris, en temps universel).
    pub from: Option<String>,
    /// Le dernier jour de la période (AAAA-MM-JJ, compris).
    pub to: Option<String>,
    /// La page qui suit : le `history_cursor` de la dernière ligne reçue.
    pub after: Option<String>,
}

const SOURCES: &[&str] = &["screen", "api", "statement", "sync", "merge", "restore"];

fn day_micros(field: &str, text: &Option<String>, next_day: bool) -> Result<Option<i64>, ApiError> {
    let Some(text) = text.as_deref().map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    let day = NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| ApiError::field(field, format!("Date invalide : « {text} » (AAAA-MM-JJ).")))?;
    let day = if next_day { day.succ_opt().unwrap_or(day) } else { day };
    Ok(day.and_hms_opt(0, 0, 0).map(|t| t.and_utc().timestamp_micros()))
}

/// Where a page of the whole list ends: the last row's moment, its service (its place in
/// `proto::SERVICES`) and its id there. The list is ordered by moment, newest first, then by service
/// and id, so each service is asked for the rows after it in that order.
struct Cursor {
    at_micros: i64,
    service: usize,
    id: i64,
}

impl Cursor {
    fn parse(text: &str) -> Option<Cursor> {
        let mut parts = text.split('.').map(str::parse::<i64>);
        let (Some(Ok(at_micros)), Some(Ok(service)), Some(Ok(id)), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        Some(Cursor { at_micros, service: usize::try_from(service).ok()?, id })
    }

    fn text(&self) -> String {
        format!("{}.{}.{}", self.at_micros, self.service, self.id)
    }

    /// The rows of `service` after this cursor: at its moment, those of a later service all come
    /// after, those of an earlier one none.
    fn after_for(&self, service: usize) -> (i64, i64) {
        let id = match service.cmp(&self.service) {
            std::cmp::Ordering::Equal => self.id,
            std::cmp::Ordering::Greater => i64::MAX,
            std::cmp::Ordering::Less => i64::MIN,
        };
        (self.at_micros, id)
    }
}

/// Every change to every record, newest first, for an auditor: filtered by entity, user, source and
/// period, a page at a time (`after`: the `history_cursor` of the last row received).
#[utoipa::path(get, path = "/history/get.history_list", tag = "history",
    summary = "Toutes les modifications",
    description = "Toutes les modifications de tous les enregistrements, de la plus récente à la \
        plus ancienne, filtrées par entité, utilisateur, source et période ; page suivante : \
        `after`, le `history_cursor` de la dernière ligne reçue. 50 lignes par page par défaut, \
        500 au plus. Réservé aux administrateurs.",
    params(HistoryFilter, Paging),
    responses((status = 200, body = List<pb::HistoryEntry>), (status = 400, body = ErrorBody)))]
pub async fn get_history_list(
    State(state): State<AppState>,
    caller: Authorized<AuditRead>,
    Query(filter): Query<HistoryFilter>,
    Query(paging): Query<Paging>,
) -> Result<Response, ApiError> {
    let entity = match filter.entity.as_deref().filter(|e| !e.is_empty()) {
        Some(name) => Some(entity(name, &caller.0, Access::Read)?),
        None => None,
    };
    let source = filter.source.as_deref().filter(|s| !s.is_empty());
    if let Some(source) = source
        && !SOURCES.contains(&source)
    {
        return Err(ApiError::field(
            "source",
            format!("Source inconnue : « {source} ». Sources : {}.", SOURCES.join(", ")),
        ));
    }
    let from_micros = day_micros("from", &filter.from, false)?;
    let to_micros = day_micros("to", &filter.to, true)?;
    let cursor = match filter.after.as_deref().filter(|a| !a.is_empty()) {
        Some(text) => Some(Cursor::parse(text).ok_or_else(|| {
            ApiError::field("after", "Curseur de page invalide : repartez de la première page.")
        })?),
        None => None,
    };
    let limit = paging.limit.unwrap_or(DEFAULT_PAGE).clamp(1, LARGEST_PAGE);
    let services: Vec<(usize, &str)> = proto::SERVICES
        .iter()
        .enumerate()
        .filter(|(_, name)| entity.is_none_or(|e| e.service == **name))
        .map(|(index, name)| (index, *name))
        .collect();
    let asked = services.iter().map(|&(index, name)| {
        let after = cursor.as_ref().map(|c| c.after_for(index));
        let request = pb::HistoryListRequest {
            entity: entity.map(|e| e.name.to_string()),
            login_id: filter.login_id,
            source: source.map(str::to_string),
            from_micros,
            to_micros,
            after_micros: after.map(|(at, _)| at),
            after_id: after.map_or(0, |(_, id)| id),
            limit,
        };
        let mut client = history(&state, name);
        async move { client.list_history(request).await.map(|a| (index, a.into_inner().items)) }
    });
    let mut rows: Vec<(Cursor, pb::HistoryEntry)> = Vec::new();
    for answer in futures::future::join_all(asked).await {
        let (service, items) = answer?;
        for item in items {
            let cursor = Cursor { at_micros: item.at_micros, service, id: item.id };
            rows.extend(item.entry.map(|entry| (cursor, entry)));
        }
    }
    rows.sort_by(|(a, _), (b, _)| {
        b.at_micros.cmp(&a.at_micros).then(a.service.cmp(&b.service)).then(b.id.cmp(&a.id))
    });
    rows.truncate(limit as usize);
    let entries: Vec<pb::HistoryEntry> = rows
        .into_iter()
        .map(|(cursor, mut entry)| {
            entry.cursor = cursor.text();
            entry
        })
        .collect();
    let total = entries.len() as i64;
    Ok(envelope::list(entries, total))
}
