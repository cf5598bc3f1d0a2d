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
    // `card`, `delivery_slip`, `member_sheet` or `list_export`: the templates of that type only.
    /// `card`, `delivery_slip`, `member_sheet` ou `list_export` : seulement les modèles de ce type.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub report_type: Option<String>,
    // Free text over name and description, accent- and case-insensitive.
    /// Texte libre sur le nom et la description, sans tenir compte des accents ni de la casse.
    pub filter: Option<String>,
}

/// The templates, without their JSON; sortable on report_name (default), report_type, report_updatedAt,
/// report_id. `report_version` is the current version.
#[utoipa::path(get, path = "/report/get.report_list", tag = "report",
    summary = "Liste des modèles de rapport",
    description = "Les modèles, sans leur JSON ; triables sur report_name (par défaut), \
        report_type, report_updatedAt, report_id. `report_version` est la version courante.",
    params(Paging, ReportFilter),
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
#[utoipa::path(get, path = "/report/get.report/{report_id}", tag = "report",
    summary = "Détail d'un modèle de rapport",
    description = "Un modèle avec le JSON de sa version courante.",
    params(("report_id" = i64, Path, description = "Identifiant du modèle.")),
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
    // The version whose JSON to answer; the current one when absent or 0.
    /// La version dont répondre le JSON ; la version courante quand il est absent ou vaut 0.
    pub version: Option<i32>,
}

/// A template's JSON (`report_json`) in its current version, or in `version`, with that version's number
/// and notes: an old version is restored by saving its JSON again (`post.report_json`).
#[utoipa::path(get, path = "/report/get.report_json/{report_id}", tag = "report",
    summary = "JSON d'un modèle de rapport",
    description = "Le JSON d'un modèle (`report_json`) dans sa version courante, ou dans \
        `version`, avec le numéro et les notes de cette version : une ancienne version se \
        restaure en enregistrant à nouveau son JSON (`post.report_json`).",
    params(("report_id" = i64, Path, description = "Identifiant du modèle."), VersionAsked),
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
#[utoipa::path(get, path = "/report/get.report_versions/{report_id}", tag = "report",
    summary = "Versions d'un modèle de rapport",
    description = "Les versions d'un modèle, la plus récente d'abord, chacune avec ses notes, sa \
        date et son auteur.",
    params(("report_id" = i64, Path, description = "Identifiant du modèle.")),
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
#[utoipa::path(post, path = "/report/post.report", tag = "report",
    summary = "Créer ou modifier un modèle de rapport",
    description = "Crée un modèle quand `report_id` est absent (nom et type obligatoires ; sa \
        première version est `report_json`, ou une page vierge de son type), ou change son nom, \
        sa description, ses données d'aperçu ou son statut de modèle par défaut \
        (`report_isDefault` : true en fait le modèle par défaut de son type ; le type lui-même ne \
        change pas).",
    request_body = pb::ReportInput,
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
#[utoipa::path(post, path = "/report/post.report_copy", tag = "report",
    summary = "Copier un modèle de rapport",
    description = "Une copie d'un modèle sous un nouveau nom : sa version courante devient la \
        première de la copie, qui n'est pas le modèle par défaut.",
    request_body = pb::ReportCopy,
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
#[utoipa::path(post, path = "/report/post.report_json", tag = "report",
    summary = "Enregistrer le JSON d'un modèle de rapport",
    description = "Enregistre le JSON de l'éditeur de modèles comme version suivante du modèle, \
        avec `report_versionNotes` ; répond la version (`data.report_version`).",
    request_body = pb::ReportJsonInput,
    responses((status = 200, body = Data<pb::VersionSaved>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn post_report_json(
    State(state): State<AppState>,
    _caller: Authorized<ReportsWrite>,
    Json(body): Json<pb::ReportJsonInput>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(reports(&state).save_report_json(body).await?.into_inner()))
}

/// Deletes a template and its versions; if it was its type's default, the latest changed of the others of
/// its type becomes it. The last card or slip template is kept (409): they print from it.
#[utoipa::path(delete, path = "/report/delete.report/{report_id}", tag = "report",
    summary = "Supprimer un modèle de rapport",
    description = "Supprime un modèle et ses versions ; s'il était le modèle par défaut de son \
        type, le plus récemment modifié des autres modèles de ce type le devient. Le dernier \
        modèle de carte ou de bordereau reste (409) : ils s'impriment avec lui.",
    params(("report_id" = i64, Path, description = "Identifiant du modèle.")),
    responses((status = 200, body = Written), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_report(
    State(state): State<AppState>,
    _caller: Authorized<ReportsDelete>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    reports(&state).delete_report(pb::Id { id }).await?;
    Ok(envelope::written("Modèle supprimé", None))
}

/// The filters of a statistics dashboard.
#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case)]
pub struct StatisticsFilter {
    // The members (and their payments) of this region only (a region's id); absent or 0: every region.
    /// Les adhérents (et leurs paiements) de cette région seulement (l'identifiant d'une région) ;
    /// absent ou 0 : toutes les régions.
    pub regionId: Option<i64>,
    // From this day, included (`AAAA-MM-JJ` or `JJ/MM/AAAA`): the day of a member's registration, of a
    // payment, of a delivery's creation.
    /// À partir de ce jour, inclus (`AAAA-MM-JJ` ou `JJ/MM/AAAA`) : le jour de l'inscription d'un
    /// adhérent, d'un paiement, de la création d'une livraison.
    pub from: Option<String>,
    // Until this day, included (`AAAA-MM-JJ` or `JJ/MM/AAAA`).
    /// Jusqu'à ce jour, inclus (`AAAA-MM-JJ` ou `JJ/MM/AAAA`).
    pub to: Option<String>,
}

/// Refuses, in French on its field, a filter the service would refuse too (a negative region, a text
/// that is no date, a period that ends before it starts).
fn check_statistics_filter(filter: &StatisticsFilter) -> Result<(), ApiError> {
    if filter.regionId.is_some_and(|id| id < 0) {
        return Err(ApiError::field(
            "regionId",
            "La région (regionId) doit être l'identifiant d'une région, ou 0 pour toutes.",
        ));
    }
    let mut days = Vec::new();
    for (field, text, which) in [
        ("from", &filter.from, "Le début de la période"),
        ("to", &filter.to, "La fin de la période"),
    ] {
        match common::dates::parse(text.as_deref().unwrap_or_default()) {
            Ok(day) => days.push(day),
            Err(_) => {
                return Err(ApiError::field(
                    field,
                    format!(
                        "{which} ({field}) n'est pas une date : écrivez-la AAAA-MM-JJ ou JJ/MM/AAAA."
                    ),
                ));
            }
        }
    }
    if let [Some(from), Some(to)] = days.as_slice()
        && from > to
    {
        return Err(ApiError::field(
            "to",
            "La fin de la période précède son début : échangez les deux dates.",
        ));
    }
    Ok(())
}

/// Statistics: the dashboard `reportName` stands for. A name Metabase has (`METABASE_DASHBOARDS`, with
/// `METABASE_SITE_URL` and `METABASE_SECRET_KEY` set) answers a signed embed address for a frame (`url`),
/// which expires within minutes (`expiresAt`); otherwise a built-in dashboard (`membres`, `cartes`)
/// answers its tables (`tables`: each a title and its rows, a label and a count), counted from the
/// members', the cards' and the geography's events, filtered by region and period (of registration, of
/// payment, of a delivery's creation). 404 in French for a name no dashboard has.
#[utoipa::path(get, path = "/metabase/{reportName}", tag = "metabase",
    summary = "Tableau de bord statistique",
    description = "Statistiques : le tableau de bord que désigne `reportName`. Un nom que \
        Metabase connaît (`METABASE_DASHBOARDS`, avec `METABASE_SITE_URL` et \
        `METABASE_SECRET_KEY` réglés) répond une adresse d'intégration signée pour un cadre \
        (`url`), qui expire en quelques minutes (`expiresAt`) ; sinon un tableau de bord intégré \
        (`membres`, `cartes`) répond ses tableaux (`tables` : chacun un titre et ses lignes, un \
        libellé et un nombre), comptés à partir des événements des adhérents, des cartes et de la \
        géographie, filtrés par région et par période (d'inscription, de paiement, de création \
        d'une livraison). 404 en français pour un nom qu'aucun tableau de bord ne porte.",
    params(("reportName" = String, Path, description = "Nom du tableau de bord (`membres`, `cartes`, ou un nom de `METABASE_DASHBOARDS`)."), StatisticsFilter),
    responses((status = 200, body = Data<pb::Dashboard>), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn metabase_dashboard(
    State(state): State<AppState>,
    _caller: Authorized<ReportsRead>,
    Path(report_name): Path<String>,
    Query(filter): Query<StatisticsFilter>,
) -> Result<Response, ApiError> {
    check_statistics_filter(&filter)?;
    let request = pb::StatisticsRequest {
        report_name: report_name.chars().take(100).collect(),
        region_id: filter.regionId.unwrap_or_default(),
        from: filter.from.unwrap_or_default(),
        to: filter.to.unwrap_or_default(),
    };
    Ok(envelope::data(reports(&state).statistics(request).await?.into_inner()))
}
