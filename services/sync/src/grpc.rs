//! The gRPC face of the sync service: translation between the contract and the rules, store and runs.

use crate::CentralServer;
use crate::domain::messages as msg;
use crate::domain::runs;
use crate::store::{JOURNAL_SORT, Store};
use common::config::RunningEnv;
use common::error::ServiceError;
use common::identity::{Calls, Identity, Need};
use common::paging::Page;
use common::roles::{Access, Area};
use proto::sync as pb;
use proto::sync::sync_server::Sync;
use tonic::{Request, Response, Status};

pub struct SyncGrpc {
    store: Store,
    running_env: RunningEnv,
    central: Option<CentralServer>,
    http: reqwest::Client,
}

impl SyncGrpc {
    pub fn new(
        store: Store,
        running_env: RunningEnv,
        central: Option<CentralServer>,
    ) -> anyhow::Result<Self> {
        Ok(SyncGrpc { store, running_env, central, http: reqwest::Client::builder().build()? })
    }
}

type Answer<T> = Result<Response<T>, Status>;

/// What each call needs from its caller (the role matrix of docs/roles.md, checked again here).
pub const CALLS: Calls = &[
    ("StartRun", Need::Role(Area::Sync, Access::Write)),
    ("StopRun", Need::Role(Area::Sync, Access::Write)),
    ("ListJournal", Need::Role(Area::Sync, Access::Read)),
    ("GetJournalEntry", Need::Role(Area::Sync, Access::Read)),
];

#[tonic::async_trait]
impl Sync for SyncGrpc {
    async fn start_run(&self, request: Request<pb::StartRunRequest>) -> Answer<pb::JournalEntry> {
        let caller = Identity::of(&request)?;
        let direction = runs::direction(&request.into_inner().direction)?;
        if self.running_env == RunningEnv::Central {
            return Err(ServiceError::Conflict(msg::ON_CENTRAL.into()).into());
        }
        let uuid = uuid::Uuid::now_v7();
        let entry = self.store.start_run(uuid, direction, &caller.login_name).await?;
        tracing::info!(%uuid, direction, login_id = caller.login_id, "sync run started");
        tokio::spawn(crate::run::run(
            self.store.clone(),
            self.central.clone(),
            self.http.clone(),
            uuid,
            direction,
        ));
        Ok(Response::new(entry))
    }

    async fn stop_run(&self, request: Request<pb::RunUuid>) -> Answer<pb::JournalEntry> {
        let uuid = runs::run_uuid(&request.into_inner().uuid)?;
        Ok(Response::new(self.store.request_stop(uuid).await?))
    }

    async fn list_journal(
        &self,
        request: Request<pb::JournalListRequest>,
    ) -> Answer<pb::JournalList> {
        let r = request.into_inner();
        let page = Page::of(&r.paging.unwrap_or_default(), JOURNAL_SORT)?;
        let direction = runs::filter(&r.r#type, runs::DIRECTIONS, "type", msg::UNKNOWN_DIRECTION)?;
        let state = runs::filter(&r.state, runs::STATES, "state", msg::UNKNOWN_STATE)?;
        let (entries, total) = self.store.list_journal(direction, state, &page).await?;
        Ok(Response::new(pb::JournalList { entries, total }))
    }

    async fn get_journal_entry(&self, request: Request<pb::RunUuid>) -> Answer<pb::JournalEntry> {
        let uuid = runs::run_uuid(&request.into_inner().uuid)?;
        Ok(Response::new(self.store.journal_entry(uuid).await?))
    }
}
