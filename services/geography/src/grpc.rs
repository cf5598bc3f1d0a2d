//! The gRPC face of the geography service: translation between the contract and the rules and store.

use crate::domain::import::{self, MAX_REPORTED};
use crate::domain::level_rules;
use crate::domain::levels::{DEPARTMENT, LOCALITY, REGION, SUBPREFECTURE};
use crate::domain::messages as msg;
use crate::store::Store;
use common::config::RunningEnv;
use common::error::ServiceError;
use common::identity::{Calls, Need};
use common::paging::Page;
use common::roles::{Access, Area};
use proto::common::Empty;
use proto::geography as pb;
use proto::geography::geography_server::Geography;
use std::collections::{BTreeMap, BTreeSet};
use tonic::{Request, Response, Status};

pub struct GeographyGrpc {
    store: Store,
    running_env: RunningEnv,
}

impl GeographyGrpc {
    pub fn new(store: Store, running_env: RunningEnv) -> Self {
        GeographyGrpc { store, running_env }
    }

    /// On a field laptop the geography is the central server's copy: written only by a sync run.
    fn writable(&self) -> Result<(), ServiceError> {
        self.running_env.central_only(msg::ON_FIELD)
    }
}

type Answer<T> = Result<Response<T>, Status>;

const READ: Need = Need::Role(Area::Geography, Access::Read);
const WRITE: Need = Need::Role(Area::Geography, Access::Write);
const DELETE: Need = Need::Role(Area::Geography, Access::Delete);

/// What each call needs from its caller (the role matrix of docs/roles.md, checked again here).
pub const CALLS: Calls = &[
    ("ListRegions", READ),
    ("GetRegion", READ),
    ("SaveRegion", WRITE),
    ("DeleteRegion", DELETE),
    ("ListDepartments", READ),
    ("GetDepartment", READ),
    ("SaveDepartment", WRITE),
    ("DeleteDepartment", DELETE),
    ("ListSubprefectures", READ),
    ("GetSubprefecture", READ),
    ("SaveSubprefecture", WRITE),
    ("DeleteSubprefecture", DELETE),
    ("ListLocalities", READ),
    ("GetLocality", READ),
    ("SaveLocality", WRITE),
    ("DeleteLocality", DELETE),
    ("ImportLocalities", WRITE),
    ("ChangedGeography", Need::Role(Area::Replication, Access::Read)),
    ("ApplySyncedGeography", Need::Role(Area::Replication, Access::Write)),
];

fn page(request: &pb::ListRequest, allowed: &[(&str, &'static str)]) -> Result<Page, ServiceError> {
    let p = request.paging.clone().unwrap_or_default();
    Page::of(&p, allowed)
}

#[tonic::async_trait]
impl Geography for GeographyGrpc {
    async fn list_regions(&self, request: Request<pb::ListRequest>) -> Answer<pb::RegionList> {
        let r = request.into_inner();
        let (rows, total) =
            self.store.list::<pb::Region>(&REGION, &r.filter, 0, &page(&r, REGION.sort)?).await?;
        Ok(Response::new(pb::RegionList { items: rows, total }))
    }

    async fn get_region(&self, request: Request<pb::Id>) -> Answer<pb::Region> {
        Ok(Response::new(self.store.get::<pb::Region>(&REGION, request.into_inner().id).await?))
    }

    async fn save_region(&self, request: Request<pb::Region>) -> Answer<pb::Id> {
        self.writable()?;
        let checked = level_rules::region(&request.into_inner())?;
        let id = self.store.save::<pb::Region>(&REGION, &checked).await?;
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_region(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.writable()?;
        self.store.delete(&REGION, request.into_inner().id).await?;
        Ok(Response::new(Empty {}))
    }

    async fn list_departments(
        &self,
        request: Request<pb::ListRequest>,
    ) -> Answer<pb::DepartmentList> {
        let r = request.into_inner();
        let (rows, total) = self
            .store
            .list::<pb::Department>(
                &DEPARTMENT,
                &r.filter,
                r.parent_id,
                &page(&r, DEPARTMENT.sort)?,
            )
            .await?;
        Ok(Response::new(pb::DepartmentList { items: rows, total }))
    }

    async fn get_department(&self, request: Request<pb::Id>) -> Answer<pb::Department> {
        Ok(Response::new(
            self.store.get::<pb::Department>(&DEPARTMENT, request.into_inner().id).await?,
        ))
    }

    async fn save_department(&self, request: Request<pb::DepartmentInput>) -> Answer<pb::Id> {
        self.writable()?;
        let checked = level_rules::department(&request.into_inner())?;
        let id = self.store.save::<pb::Department>(&DEPARTMENT, &checked).await?;
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_department(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.writable()?;
        self.store.delete(&DEPARTMENT, request.into_inner().id).await?;
        Ok(Response::new(Empty {}))
    }

    async fn list_subprefectures(
        &self,
        request: Request<pb::ListRequest>,
    ) -> Answer<pb::SubprefectureList> {
        let r = request.into_inner();
        let (rows, total) = self
            .store
            .list::<pb::Subprefecture>(
                &SUBPREFECTURE,
                &r.filter,
                r.parent_id,
                &page(&r, SUBPREFECTURE.sort)?,
            )
            .await?;
        Ok(Response::new(pb::SubprefectureList { items: rows, total }))
    }

    async fn get_subprefecture(&self, request: Request<pb::Id>) -> Answer<pb::Subprefecture> {
        Ok(Response::new(
            self.store.get::<pb::Subprefecture>(&SUBPREFECTURE, request.into_inner().id).await?,
        ))
    }

    async fn save_subprefecture(&self, request: Request<pb::SubprefectureInput>) -> Answer<pb::Id> {
        self.writable()?;
        let checked = level_rules::subprefecture(&request.into_inner())?;
        let id = self.store.save::<pb::Subprefecture>(&SUBPREFECTURE, &checked).await?;
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_subprefecture(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.writable()?;
        self.store.delete(&SUBPREFECTURE, request.into_inner().id).await?;
        Ok(Response::new(Empty {}))
    }

    async fn list_localities(&self, request: Request<pb::ListRequest>) -> Answer<pb::LocalityList> {
        let r = request.into_inner();
        let (rows, total) = self
            .store
            .list::<pb::Locality>(&LOCALITY, &r.filter, r.parent_id, &page(&r, LOCALITY.sort)?)
            .await?;
        Ok(Response::new(pb::LocalityList { items: rows, total }))
    }

    async fn get_locality(&self, request: Request<pb::Id>) -> Answer<pb::Locality> {
        Ok(Response::new(self.store.get::<pb::Locality>(&LOCALITY, request.into_inner().id).await?))
    }

    async fn save_locality(&self, request: Request<pb::LocalityInput>) -> Answer<pb::Id> {
        self.writable()?;
        let checked = level_rules::locality(&request.into_inner())?;
        let id = self.store.save::<pb::Locality>(&LOCALITY, &checked).await?;
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_locality(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.writable()?;
        self.store.delete(&LOCALITY, request.into_inner().id).await?;
        Ok(Response::new(Empty {}))
    }

    async fn import_localities(
        &self,
        request: Request<pb::ImportRequest>,
    ) -> Answer<pb::ImportResult> {
        self.writable()?;
        let rows = request.into_inner().rows;
        if rows.is_empty() {
            return Err(ServiceError::invalid_field("rows", msg::IMPORT_EMPTY).into());
        }
        let max_rows = common::config::import_max_rows();
        if rows.len() > max_rows {
            return Err(
                ServiceError::invalid_field("rows", msg::import_too_many_rows(max_rows)).into()
            );
        }
        let row_errors: Vec<(usize, String)> = match import::check(&rows) {
            Err(errors) => errors.into_iter().map(|e| (e.row, e.message)).collect(),
            Ok(columns) => match self.store.import(&columns).await? {
                Ok(counts) => {
                    tracing::info!(rows = rows.len(), ?counts, "import applied");
                    return Ok(Response::new(pb::ImportResult {
                        region_added: counts.regions,
                        department_added: counts.departments,
                        subprefecture_added: counts.subprefectures,
                        locality_added: counts.localities,
                    }));
                }
                Err(clashes) => clashes
                    .into_iter()
                    .map(|(row, m)| (row as usize, import::capitalised(&m)))
                    .collect(),
            },
        };
        Err(import_refused(rows.len(), row_errors).into())
    }

    async fn changed_geography(
        &self,
        request: Request<pb::GeographyChangesRequest>,
    ) -> Answer<pb::GeographyPage> {
        let asked = request.into_inner();
        let limit = i64::from(asked.limit.clamp(1, SYNC_PAGE_MAX));
        Ok(Response::new(self.store.changed_geography(asked.after.max(0), limit).await?))
    }

    async fn apply_synced_geography(
        &self,
        request: Request<pb::GeographyBatch>,
    ) -> Answer<pb::GeographyApplied> {
        let batch = request.into_inner();
        let applied = self.store.apply_synced_geography(&batch.records).await?;
        tracing::info!(records = batch.records.len(), ?applied, "synced geography applied");
        Ok(Response::new(applied))
    }
}

/// The most geography changes a page holds.
const SYNC_PAGE_MAX: i32 = 2_000;

/// The refusal of an import of `sent` rows: how many rows are invalid (a row may break several
/// rules), and one field per faulty row (`ligne 12`), the first ones only.
fn import_refused(sent: usize, errors: Vec<(usize, String)>) -> ServiceError {
    let invalid_rows = errors.iter().map(|(row, _)| *row).collect::<BTreeSet<_>>().len();
    let fields: BTreeMap<String, String> = errors
        .iter()
        .take(MAX_REPORTED)
        .map(|(row, message)| (format!("ligne {row}"), message.clone()))
        .collect();
    ServiceError::Invalid { message: msg::import_invalid(sent, invalid_rows), fields }
}
