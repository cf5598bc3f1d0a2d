//! The gRPC face of the reports service: translation between the contract and the rules and store.

use crate::domain::messages as msg;
use crate::domain::metabase::Metabase;
use crate::domain::statistics;
use crate::domain::templates;
use crate::store::{REPORT_SORT, Store};
use common::error::ServiceError;
use common::identity::{Calls, Identity, Need};
use common::paging::Page;
use common::roles::{Access, Area};
use common::validation::Faults;
use proto::common::Empty;
use proto::reports as pb;
use proto::reports::reports_server::Reports;
use tonic::{Request, Response, Status};

type Answer<T> = Result<Response<T>, Status>;

const READ: Need = Need::Role(Area::Reports, Access::Read);
const WRITE: Need = Need::Role(Area::Reports, Access::Write);
const DELETE: Need = Need::Role(Area::Reports, Access::Delete);

/// What each call needs from its caller (the role matrix of docs/roles.md, checked again here).
pub const CALLS: Calls = &[
    ("ListReports", READ),
    ("GetReport", READ),
    ("SaveReport", WRITE),
    ("DeleteReport", DELETE),
    ("CopyReport", WRITE),
    ("SaveReportJson", WRITE),
    ("GetReportJson", READ),
    ("ListReportVersions", READ),
    // Read by the cards service with the token of whoever prints (every role that prints reads reports).
    ("GetDefaultReport", READ),
    ("EmbedDashboard", READ),
    ("Statistics", READ),
];

pub struct ReportsGrpc {
    pub store: Store,
    pub metabase: Option<Metabase>,
}

#[tonic::async_trait]
impl Reports for ReportsGrpc {
    async fn list_reports(
        &self,
        request: Request<pb::ReportListRequest>,
    ) -> Answer<pb::ReportList> {
        let r = request.into_inner();
        let page = Page::by_offset(&r.paging.unwrap_or_default(), REPORT_SORT)?;
        let report_type = r.report_type.trim();
        if !report_type.is_empty() && !templates::TYPES.contains(&report_type) {
            return Err(ServiceError::invalid_field("type", msg::TYPE_UNKNOWN).into());
        }
        let (items, total) = self.store.list_reports(report_type, &r.filter, &page).await?;
        Ok(Response::new(pb::ReportList { items, total }))
    }

    async fn get_default_report(
        &self,
        request: Request<pb::ReportTypeRequest>,
    ) -> Answer<pb::Report> {
        let report_type = request.into_inner().report_type;
        if !templates::TYPES.contains(&report_type.as_str()) {
            return Err(ServiceError::invalid_field("report_type", msg::TYPE_UNKNOWN).into());
        }
        let Some(id) = self.store.default_report(&report_type).await? else {
            return Err(ServiceError::NotFound(msg::no_default(&report_type)).into());
        };
        Ok(Response::new(self.store.get_report(id, 0).await?))
    }

    async fn get_report(&self, request: Request<pb::Id>) -> Answer<pb::Report> {
        Ok(Response::new(self.store.get_report(request.into_inner().id, 0).await?))
    }

    async fn save_report(&self, request: Request<pb::ReportInput>) -> Answer<pb::Id> {
        let caller = Identity::of(&request)?;
        let draft = templates::check_report(&request.into_inner())?;
        let id = self.store.save_report(&draft, caller.login_id).await?;
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_report(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.store.delete_report(request.into_inner().id).await?;
        Ok(Response::new(Empty {}))
    }

    async fn copy_report(&self, request: Request<pb::ReportCopy>) -> Answer<pb::Id> {
        let caller = Identity::of(&request)?;
        let copy = request.into_inner();
        let mut faults = Faults::new();
        faults.reference("report_id", copy.report_id, msg::REPORT_REQUIRED);
        let name = faults.required("report_name", &copy.report_name, 100, msg::NAME_REQUIRED);
        faults.finish()?;
        let id = self.store.copy_report(copy.report_id, &name, caller.login_id).await?;
        Ok(Response::new(pb::Id { id }))
    }

    async fn save_report_json(
        &self,
        request: Request<pb::ReportJsonInput>,
    ) -> Answer<pb::VersionSaved> {
        let caller = Identity::of(&request)?;
        let input = request.into_inner();
        let report_type = self.store.report_type(input.report_id).await?;
        let (template, notes) = templates::check_version(&input, &report_type)?;
        let version =
            self.store.save_version(input.report_id, &template, &notes, caller.login_id).await?;
        Ok(Response::new(pb::VersionSaved { report_id: input.report_id, report_version: version }))
    }

    async fn get_report_json(&self, request: Request<pb::ReportJsonRequest>) -> Answer<pb::Report> {
        let asked = request.into_inner();
        if asked.version < 0 {
            return Err(ServiceError::invalid_field("version", msg::VERSION_INVALID).into());
        }
        Ok(Response::new(self.store.get_report(asked.report_id, asked.version).await?))
    }

    async fn list_report_versions(
        &self,
        request: Request<pb::Id>,
    ) -> Answer<pb::ReportVersionList> {
        let items = self.store.list_versions(request.into_inner().id).await?;
        Ok(Response::new(pb::ReportVersionList { total: items.len() as i64, items }))
    }

    async fn embed_dashboard(
        &self,
        request: Request<pb::DashboardRequest>,
    ) -> Answer<pb::DashboardEmbed> {
        let report_name = request.into_inner().report_name.trim().to_string();
        let metabase = self
            .metabase
            .as_ref()
            .ok_or_else(|| ServiceError::NotFound(msg::dashboard_unknown(&report_name, &[])))?;
        let (url, exp) = metabase.embed(&report_name, chrono::Utc::now().timestamp())?;
        let expires_at = chrono::DateTime::from_timestamp(exp, 0).unwrap_or_default().to_rfc3339();
        Ok(Response::new(pb::DashboardEmbed { report_name, url, expires_at }))
    }

    async fn statistics(&self, request: Request<pb::StatisticsRequest>) -> Answer<pb::Dashboard> {
        let asked = request.into_inner();
        let report_name = asked.report_name.trim().to_string();
        let filter = statistics::check_filter(&asked)?;
        // A name Metabase has is its dashboard; the others are the built-in ones.
        if let Some(metabase) =
            self.metabase.as_ref().filter(|m| m.dashboards.contains_key(&report_name))
        {
            let (url, exp) = metabase.embed(&report_name, chrono::Utc::now().timestamp())?;
            let expires_at =
                chrono::DateTime::from_timestamp(exp, 0).unwrap_or_default().to_rfc3339();
            return Ok(Response::new(pb::Dashboard {
                title: report_name.clone(),
                report_name,
                url,
                expires_at,
                ..Default::default()
            }));
        }
        let Some(title) = statistics::dashboard_title(&report_name) else {
            let mut known: Vec<&str> =
                statistics::DASHBOARDS.iter().map(|(name, _)| *name).collect();
            if let Some(metabase) = &self.metabase {
                known.extend(metabase.dashboards.keys().map(String::as_str));
            }
            known.sort_unstable();
            known.dedup();
            return Err(ServiceError::NotFound(msg::dashboard_unknown(&report_name, &known)).into());
        };
        let (total, tables) = match report_name.as_str() {
            "cartes" => self.store.cards_dashboard(&filter).await?,
            _ => self.store.members_dashboard(&filter).await?,
        };
        Ok(Response::new(pb::Dashboard {
            report_name,
            title: title.to_string(),
            total,
            tables,
            ..Default::default()
        }))
    }
}
