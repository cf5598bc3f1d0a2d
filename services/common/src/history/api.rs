//! The history's gRPC contract (`sesame.common.v1.History`), served by every service for the records it
//! owns (`entities`), from its own table: a record's entries, the whole list for an auditor, the check
//! of a record's chain, and the restore of a past version, which the service that owns the record does
//! through its own rules (`Restorer`).

use super::entities::{self, Entity};
use super::origin::Origin;
use super::store::{self, Filter, Verified, Written};
use super::{Change, Source};
use crate::error::ServiceError;
use crate::identity::{Calls, Identity, Need};
use crate::roles::{Access, Area};
use chrono::DateTime;
use proto::common as pb;
use serde_json::{Map, Value};
use sqlx::PgPool;
use std::sync::Arc;
use tonic::{Request, Response, Status};

/// What the kit's calls need: reading a record's history (and checking it), restoring a version, and
/// the whole list, an auditor's. Each call also needs the entity's own area (`entities`).
pub const CALLS: Calls = &[
    ("GetHistory", Need::Role(Area::History, Access::Read)),
    ("VerifyHistory", Need::Role(Area::History, Access::Read)),
    ("RestoreHistory", Need::Role(Area::History, Access::Write)),
    ("ListHistory", Need::Role(Area::Audit, Access::Read)),
];

/// A page of a record's history: 50 entries unless asked, at most 500.
const DEFAULT_PAGE: i64 = 50;
const LARGEST_PAGE: i64 = 500;

/// Puts a record of the service back as it was: `state` is the record at the version asked (its
/// fields under their JSON names, `store::state_at`); the service writes it through its own rules, and
/// records the change with `origin` (source `restore`, the reason given), in the same transaction.
#[tonic::async_trait]
pub trait Restorer: Send + Sync {
    async fn restore(
        &self,
        origin: &Origin,
        entity: &str,
        id: i64,
        state: Map<String, Value>,
    ) -> Result<(), ServiceError>;
}

/// A service's history, served over gRPC.
#[derive(Clone)]
pub struct HistoryApi {
    pool: PgPool,
    service: &'static str,
    schema: &'static str,
    restorer: Option<Arc<dyn Restorer>>,
}

impl HistoryApi {
    pub fn new(
        pool: PgPool,
        service: &'static str,
        schema: &'static str,
        restorer: Option<Arc<dyn Restorer>>,
    ) -> HistoryApi {
        HistoryApi { pool, service, schema, restorer }
    }

    /// The entity `name` of this service, when the caller may `access` it.
    fn entity(
        &self,
        name: &str,
        caller: &Identity,
        access: Access,
    ) -> Result<&'static Entity, Status> {
        let entity = entities::entity(name)
            .filter(|e| e.service == self.service)
            .ok_or_else(|| unknown_entity(name))?;
        if !caller.may(entity.area, access) {
            return Err(Status::permission_denied("Votre rôle ne permet pas cette action."));
        }
        Ok(entity)
    }
}

fn unknown_entity(name: &str) -> Status {
    ServiceError::invalid_field(
        "entity",
        format!("Entité inconnue : « {name} ». Entités suivies : {}.", entities::names()),
    )
    .into()
}

/// A value as the API shows it: a text as it is, a number or a flag as written, nothing for none.
fn shown(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(text) => Some(text.clone()),
        other => Some(other.to_string()),
    }
}

fn entry_message(entity: &str, entity_id: i64, written: Written) -> pb::HistoryEntry {
    pb::HistoryEntry {
        entity: entity.to_string(),
        entity_id,
        version: written.version,
        at: written.at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        login_id: written.login_id,
        login_name: written.login_name,
        source: written.source,
        device: written.device,
        reason: written.reason,
        changes: written
            .changes
            .iter()
            .map(|Change { field, old, new }| pb::HistoryChange {
                field: field.clone(),
                old: shown(old),
                new: shown(new),
            })
            .collect(),
        cursor: String::new(),
    }
}

#[tonic::async_trait]
impl pb::history_server::History for HistoryApi {
    async fn get_history(
        &self,
        request: Request<pb::HistoryRequest>,
    ) -> Result<Response<pb::HistoryPage>, Status> {
        let caller = Identity::of(&request)?;
        let asked = request.into_inner();
        let entity = self.entity(&asked.entity, &caller, Access::Read)?;
        let limit = if asked.limit <= 0 { DEFAULT_PAGE } else { asked.limit.min(LARGEST_PAGE) };
        let (entries, total) =
            store::read(&self.pool, self.schema, entity.name, asked.id, limit, asked.offset.max(0))
                .await?;
        let entries = entries.into_iter().map(|w| entry_message(entity.name, asked.id, w));
        Ok(Response::new(pb::HistoryPage { entries: entries.collect(), total }))
    }

    async fn list_history(
        &self,
        request: Request<pb::HistoryListRequest>,
    ) -> Result<Response<pb::HistoryList>, Status> {
        let asked = request.into_inner();
        if let Some(name) = &asked.entity
            && entities::entity(name).is_none_or(|e| e.service != self.service)
        {
            return Ok(Response::new(pb::HistoryList { items: Vec::new() }));
        }
        let moment = |micros: Option<i64>| micros.and_then(DateTime::from_timestamp_micros);
        let filter = Filter {
            entity: asked.entity,
            login_id: asked.login_id,
            source: asked.source,
            from: moment(asked.from_micros),
            to: moment(asked.to_micros),
        };
        let after = moment(asked.after_micros).map(|at| (at, asked.after_id));
        let limit = if asked.limit <= 0 { DEFAULT_PAGE } else { asked.limit.min(LARGEST_PAGE) };
        let listed = store::list(&self.pool, self.schema, &filter, after, limit).await?;
        let items = listed.into_iter().map(|l| {
            let at_micros = l.entry.at.timestamp_micros();
            pb::HistoryListed {
                entry: Some(entry_message(&l.entity, l.entity_id, l.entry)),
                id: l.id,
                at_micros,
            }
        });
        Ok(Response::new(pb::HistoryList { items: items.collect() }))
    }

    async fn verify_history(
        &self,
        request: Request<pb::HistoryRecord>,
    ) -> Result<Response<pb::HistoryVerified>, Status> {
        let caller = Identity::of(&request)?;
        let asked = request.into_inner();
        let entity = self.entity(&asked.entity, &caller, Access::Read)?;
        let verified = store::verify(&self.pool, self.schema, entity.name, asked.id).await?;
        let answer = match verified {
            Verified::Ok { entries } => {
                pb::HistoryVerified { intact: true, entries, broken_version: None }
            }
            Verified::Broken { version } => pb::HistoryVerified {
                intact: false,
                entries: version - 1,
                broken_version: Some(version),
            },
        };
        if !answer.intact {
            tracing::error!(entity = entity.name, id = asked.id, version = ?answer.broken_version, "a history chain does not hold");
        }
        Ok(Response::new(answer))
    }

    async fn restore_history(
        &self,
        request: Request<pb::HistoryRestore>,
    ) -> Result<Response<pb::HistoryRestored>, Status> {
        let caller = Identity::of(&request)?;
        let origin = Origin::of(&request)?;
        let asked = request.into_inner();
        let entity = self.entity(&asked.entity, &caller, Access::Write)?;
        let reason = asked.reason.trim();
        if reason.is_empty() {
            return Err(ServiceError::invalid_field(
                "reason",
                "Indiquez le motif de la restauration.",
            )
            .into());
        }
        let latest = store::latest_version(&self.pool, self.schema, entity.name, asked.id).await?;
        if latest == 0 {
            return Err(ServiceError::NotFound(format!(
                "Aucun historique pour « {} » n° {}.",
                entity.name, asked.id
            ))
            .into());
        }
        if asked.version == latest {
            return Err(ServiceError::invalid_field(
                "version",
                format!("La version {latest} est déjà la version actuelle."),
            )
            .into());
        }
        let state =
            store::state_at(&self.pool, self.schema, entity.name, asked.id, asked.version).await?;
        let Some(state) = state else {
            return Err(ServiceError::invalid_field(
                "version",
                format!("La version {} n'existe pas : la dernière est la {latest}.", asked.version),
            )
            .into());
        };
        if state.is_empty() {
            return Err(ServiceError::invalid_field(
                "version",
                format!(
                    "La version {} est une suppression : choisissez une version d'avant.",
                    asked.version
                ),
            )
            .into());
        }
        let Some(restorer) = &self.restorer else {
            return Err(ServiceError::Conflict(format!(
                "La restauration d'un enregistrement « {} » n'est pas encore possible.",
                entity.name
            ))
            .into());
        };
        let origin = origin.because(Source::Restore, reason);
        restorer.restore(&origin, entity.name, asked.id, state).await?;
        let version = store::latest_version(&self.pool, self.schema, entity.name, asked.id).await?;
        tracing::info!(
            entity = entity.name,
            id = asked.id,
            from = asked.version,
            version,
            "a version restored"
        );
        Ok(Response::new(pb::HistoryRestored { version }))
    }
}
