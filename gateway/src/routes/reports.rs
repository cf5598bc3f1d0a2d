//! `report/*`: the templates of cards, delivery slips, member sheets and list exports, drawn in the
//! designer, each save of its JSON a new version, exactly one default per type.

use crate::access::{ReportsDelete, ReportsRead, ReportsWrite};
use crate::envelope::{self, Data, List, Paging, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use proto::reports as pb;
use proto::reports::reports_client::ReportsClient;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(report_list))
        .routes(routes!(get_report))
        .routes(routes!(get_report_json))
        .routes(routes!(report_versions))
        .routes(routes!(post_report))
        .routes(routes!(post_report_copy))
        .routes(routes!(post_report_json))
        .routes(routes!(delete_report))
        .routes(routes!(metabase_dashboard))
}

fn reports(state: &AppState) -> ReportsClient<common::grpc::TracedChannel> {
    state.client()
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportFilter {
    /// `card`, `delivery_slip`, `member_sheet` or `list_export`: the templates of that type only.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub report_type: Option<String>,
    /// Free text over name and description, accent- and case-insensitive.
    pub filter: Option<String>,
}

/// The templates, without their JSON; sortable on report_name (default), report_type, report_updatedAt,
/// report_id. `report_version` is the current version.
#[utoipa::path(get, path = "/report/get.report_list", tag = "report", params(Paging, ReportFilter),
    responses((status = 200, body = List<pb::Report>), (status = 400, body = ErrorBody)))]
pub async fn report_list(
    State(state): State<AppState>,
    _caller: Authorized<ReportsRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<ReportFilter>,
) -> Result<Response, ApiError> {
    let request = pb::ReportListRequest {
        paging: Some(paging.to_pb()),
        report_type: filter.report_type.unwrap_or_default(),
        filter: filter.filter.unwrap_or_default(),
    };
    let answer = reports(&state).list_reports(request).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

/// A template with its current version's JSON.
#[utoipa::path(get, path = "/report/get.report/{report_id}", tag = "report", params(("report_id" = i64, Path)),
    responses((status = 200, body = Data<pb::Report>), (status = 404, body = ErrorBody)))]
pub async fn get_report(
    State(state): State<AppState>,
    _caller: Authorized<ReportsRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(reports(&state).get_report(pb::Id { id }).await?.into_inner()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VersionAsked {
    /// The version whose JSON to answer; the current one when absent or 0.
    pub version: Option<i32>,
}

/// A template's JSON (`report_json`) in its current version, or in `version`, with that version's number
/// and notes: an old version is restored by saving its JSON again (`post.report_json`).
#[utoipa::path(get, path = "/report/get.report_json/{report_id}", tag = "report",
    params(("report_id" = i64, Path), VersionAsked),
    responses((status = 200, body = Data<pb::Report>), (status = 404, body = ErrorBody)))]
pub async fn get_report_json(
    State(state): State<AppState>,
    _caller: Authorized<ReportsRead>,
    Path(id): Path<i64>,
    Query(asked): Query<VersionAsked>,
) -> Result<Response, ApiError> {
    let request = pb::ReportJsonRequest { report_id: id, version: asked.version.unwrap_or(0) };
    Ok(envelope::data(reports(&state).get_report_json(request).await?.into_inner()))
}

/// A template's versions, newest first, each with its notes, when and by whom it was saved.
#[utoipa::path(get, path = "/report/get.report_versions/{report_id}", tag = "report", params(("report_id" = i64, Path)),
    responses((status = 200, body = List<pb::ReportVersion>), (status = 404, body = ErrorBody)))]
pub async fn report_versions(
    State(state): State<AppState>,
    _caller: Authorized<ReportsRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    let answer = reports(&state).list_report_versions(pb::Id { id }).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

/// Creates a template when `report_id` is absent (name and type required; its first version is
/// `report_json`, or a blank page of its type), or changes its name, description, preview data or default
/// (`report_isDefault`: true makes it its type's default; the type itself is fixed).
#[utoipa::path(post, path = "/report/post.report", tag = "report", request_body = pb::ReportInput,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_report(
    State(state): State<AppState>,
    _caller: Authorized<ReportsWrite>,
    Json(body): Json<pb::ReportInput>,
) -> Result<Response, ApiError> {
    let id = reports(&state).save_report(body).await?.into_inner().id;
    Ok(envelope::written("Modèle enregistré", Some(id)))
}

/// A copy of a template under a new name: its current version becomes the copy's first, not the default.
#[utoipa::path(post, path = "/report/post.report_copy", tag = "report", request_body = pb::ReportCopy,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_report_copy(
    State(state): State<AppState>,
    _caller: Authorized<ReportsWrite>,
    Json(body): Json<pb::ReportCopy>,
) -> Result<Response, ApiError> {
    let id = reports(&state).copy_report(body).await?.into_inner().id;
    Ok(envelope::written("Modèle copié", Some(id)))
}

/// Saves the designer's JSON as the template's next version, with `report_versionNotes`; answers the
/// version (`data.report_version`).
#[utoipa::path(post, path = "/report/post.report_json", tag = "report", request_body = pb::ReportJsonInput,
    responses((status = 200, body = Data<pb::VersionSaved>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn post_report_json(
    State(state): State<AppState>,
    _caller: Authorized<ReportsWrite>,
    Json(body): Json<pb::ReportJsonInput>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(reports(&state).save_report_json(body).await?.into_inner()))
}

/// Deletes a template and its versions; if it was its type's default, the latest changed of the others of
/// its type becomes it.
#[utoipa::path(delete, path = "/report/delete.report/{report_id}", tag = "report", params(("report_id" = i64, Path)),
    responses((status = 200, body = Written), (status = 404, body = ErrorBody)))]
pub async fn delete_report(
    State(state): State<AppState>,
    _caller: Authorized<ReportsDelete>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    reports(&state).delete_report(pb::Id { id }).await?;
    Ok(envelope::written("Modèle supprimé", None))
}

/// Statistics: the Metabase dashboard `reportName` stands for (`METABASE_DASHBOARDS`), as a signed embed
/// address for a frame, which expires within minutes (`expiresAt`); 404 in French for a name no dashboard
/// has, or when Metabase is not set.
#[utoipa::path(get, path = "/metabase/{reportName}", tag = "metabase", params(("reportName" = String, Path)),
    responses((status = 200, body = Data<pb::DashboardEmbed>), (status = 404, body = ErrorBody)))]
pub async fn metabase_dashboard(
    State(state): State<AppState>,
    _caller: Authorized<ReportsRead>,
    Path(report_name): Path<String>,
) -> Result<Response, ApiError> {
    let request = pb::DashboardRequest { report_name: report_name.chars().take(100).collect() };
    Ok(envelope::data(reports(&state).embed_dashboard(request).await?.into_inner()))
}
