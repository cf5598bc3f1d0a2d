//! `region/*`, `department/*`, `subprefecture/*`, `locality/*` (and the locality import): the four levels
//! of the geography. The four levels have the same four calls, so one macro writes each level's
//! handlers from its names; the JSON shapes and conversions are written out per level.

use crate::access::{GeographyDelete, GeographyRead, GeographyWrite};
use crate::envelope::{self, Data, List, Paging, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, State};
use axum::response::{IntoResponse, Response};
use proto::geography as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(region_list))
        .routes(routes!(get_region))
        .routes(routes!(post_region))
        .routes(routes!(delete_region))
        .routes(routes!(department_list))
        .routes(routes!(get_department))
        .routes(routes!(post_department))
        .routes(routes!(delete_department))
        .routes(routes!(subprefecture_list))
        .routes(routes!(get_subprefecture))
        .routes(routes!(post_subprefecture))
        .routes(routes!(delete_subprefecture))
        .routes(routes!(locality_list))
        .routes(routes!(get_locality))
        .routes(routes!(post_locality))
        .routes(routes!(delete_locality))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(post_locality_import))
                .layer(DefaultBodyLimit::max(IMPORT_BODY_LIMIT)),
        )
}

/// A whole country's localities (about 200 bytes a row) fit in an import; other calls keep the
/// gateway's smaller limit.
pub const IMPORT_BODY_LIMIT: usize = 64 * 1024 * 1024;

#[derive(Serialize, Deserialize, ToSchema)]
pub struct Region {
    /// Absent or null: create.
    #[serde(default)]
    pub region_id: Option<i64>,
    #[serde(default)]
    pub region_code: String,
    #[serde(default)]
    pub region_name: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct Department {
    #[serde(default)]
    pub department_id: Option<i64>,
    #[serde(default)]
    pub department_code: String,
    #[serde(default)]
    pub department_name: String,
    #[serde(rename = "department_regionId", default)]
    #[schema(rename = "department_regionId")]
    pub department_region_id: Option<i64>,
    /// In answers only.
    #[serde(default)]
    pub region_name: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct Subprefecture {
    #[serde(default)]
    pub subprefecture_id: Option<i64>,
    #[serde(default)]
    pub subprefecture_code: String,
    #[serde(default)]
    pub subprefecture_name: String,
    #[serde(rename = "subprefecture_departmentId", default)]
    #[schema(rename = "subprefecture_departmentId")]
    pub subprefecture_department_id: Option<i64>,
    /// In answers only.
    #[serde(default)]
    pub department_name: String,
    /// In answers only.
    #[serde(default)]
    pub region_id: Option<i64>,
    /// In answers only.
    #[serde(default)]
    pub region_name: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct Locality {
    #[serde(default)]
    pub locality_id: Option<i64>,
    #[serde(default)]
    pub locality_name: String,
    #[serde(rename = "locality_subprefectureId", default)]
    #[schema(rename = "locality_subprefectureId")]
    pub locality_subprefecture_id: Option<i64>,
    /// In answers only.
    #[serde(default)]
    pub subprefecture_name: String,
    /// In answers only.
    #[serde(default)]
    pub department_id: Option<i64>,
    /// In answers only.
    #[serde(default)]
    pub department_name: String,
    /// In answers only.
    #[serde(rename = "locality_regionId", default)]
    #[schema(rename = "locality_regionId")]
    pub locality_region_id: Option<i64>,
    /// In answers only.
    #[serde(default)]
    pub region_name: String,
}

impl From<pb::Region> for Region {
    fn from(r: pb::Region) -> Self {
        Region {
            region_id: Some(r.region_id),
            region_code: r.region_code,
            region_name: r.region_name,
        }
    }
}

impl From<Region> for pb::Region {
    fn from(r: Region) -> Self {
        pb::Region {
            region_id: r.region_id.unwrap_or(0),
            region_code: r.region_code,
            region_name: r.region_name,
        }
    }
}

impl From<pb::Department> for Department {
    fn from(d: pb::Department) -> Self {
        Department {
            department_id: Some(d.department_id),
            department_code: d.department_code,
            department_name: d.department_name,
            department_region_id: Some(d.department_region_id),
            region_name: d.region_name,
        }
    }
}

impl From<Department> for pb::Department {
    fn from(d: Department) -> Self {
        pb::Department {
            department_id: d.department_id.unwrap_or(0),
            department_code: d.department_code,
            department_name: d.department_name,
            department_region_id: d.department_region_id.unwrap_or(0),
            region_name: String::new(),
        }
    }
}

impl From<pb::Subprefecture> for Subprefecture {
    fn from(s: pb::Subprefecture) -> Self {
        Subprefecture {
            subprefecture_id: Some(s.subprefecture_id),
            subprefecture_code: s.subprefecture_code,
            subprefecture_name: s.subprefecture_name,
            subprefecture_department_id: Some(s.subprefecture_department_id),
            department_name: s.department_name,
            region_id: Some(s.region_id),
            region_name: s.region_name,
        }
    }
}

impl From<Subprefecture> for pb::Subprefecture {
    fn from(s: Subprefecture) -> Self {
        pb::Subprefecture {
            subprefecture_id: s.subprefecture_id.unwrap_or(0),
            subprefecture_code: s.subprefecture_code,
            subprefecture_name: s.subprefecture_name,
            subprefecture_department_id: s.subprefecture_department_id.unwrap_or(0),
            ..Default::default()
        }
    }
}

impl From<pb::Locality> for Locality {
    fn from(l: pb::Locality) -> Self {
        Locality {
            locality_id: Some(l.locality_id),
            locality_name: l.locality_name,
            locality_subprefecture_id: Some(l.locality_subprefecture_id),
            subprefecture_name: l.subprefecture_name,
            department_id: Some(l.department_id),
            department_name: l.department_name,
            locality_region_id: Some(l.locality_region_id),
            region_name: l.region_name,
        }
    }
}

impl From<Locality> for pb::Locality {
    fn from(l: Locality) -> Self {
        pb::Locality {
            locality_id: l.locality_id.unwrap_or(0),
            locality_name: l.locality_name,
            locality_subprefecture_id: l.locality_subprefecture_id.unwrap_or(0),
            ..Default::default()
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RegionFilter {
    /// Free text over code and name, accent- and case-insensitive.
    pub filter: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DepartmentFilter {
    /// Free text over code and name, accent- and case-insensitive.
    pub filter: Option<String>,
    /// Only the departments of this region.
    #[serde(rename = "regionId")]
    #[param(rename = "regionId")]
    pub parent_id: Option<i64>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubprefectureFilter {
    /// Free text over code and name, accent- and case-insensitive.
    pub filter: Option<String>,
    /// Only the sub-prefectures of this department.
    #[serde(rename = "departmentId")]
    #[param(rename = "departmentId")]
    pub parent_id: Option<i64>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LocalityFilter {
    /// Free text over the name, accent- and case-insensitive.
    pub filter: Option<String>,
    /// Only the localities of this sub-prefecture.
    #[serde(rename = "subprefectureId")]
    #[param(rename = "subprefectureId")]
    pub parent_id: Option<i64>,
}

/// The filters of a level's list: free text, and the parent level's id (regions have no parent).
trait ListFilter {
    fn text(&self) -> String;
    fn parent(&self) -> i64 {
        0
    }
}

impl ListFilter for RegionFilter {
    fn text(&self) -> String {
        self.filter.clone().unwrap_or_default()
    }
}

macro_rules! filter_with_parent {
    ($($filter:ty),*) => {$(
        impl ListFilter for $filter {
            fn text(&self) -> String {
                self.filter.clone().unwrap_or_default()
            }
            fn parent(&self) -> i64 {
                self.parent_id.unwrap_or(0)
            }
        }
    )*};
}

filter_with_parent!(DepartmentFilter, SubprefectureFilter, LocalityFilter);

/// Writes the list, get, save and delete handlers of one level.
macro_rules! level_calls {
    (
        rest: $Rest:ident, filter: $Filter:ident, tag: $tag:tt,
        list: $list:ident $list_path:tt $list_rpc:ident,
        get: $get:ident $get_path:tt $get_rpc:ident,
        save: $save:ident $save_path:tt $save_rpc:ident $saved:tt,
        delete: $delete:ident $delete_path:tt $delete_rpc:ident $deleted:tt,
    ) => {
        #[utoipa::path(get, path = $list_path, tag = $tag, params(Paging, $Filter),
            responses((status = 200, body = List<$Rest>), (status = 400, body = ErrorBody)))]
        pub async fn $list(
            State(state): State<AppState>,
            _caller: Authorized<GeographyRead>,
            Query(paging): Query<Paging>,
            Query(filter): Query<$Filter>,
        ) -> Result<Response, ApiError> {
            let request = pb::ListRequest { paging: Some(paging.to_pb()), filter: filter.text(), parent_id: filter.parent() };
            let answer = state.geography().$list_rpc(request).await?.into_inner();
            Ok(envelope::list(answer.items.into_iter().map($Rest::from).collect(), answer.total))
        }

        #[utoipa::path(get, path = $get_path, tag = $tag, params(("id" = i64, Path)),
            responses((status = 200, body = Data<$Rest>), (status = 404, body = ErrorBody)))]
        pub async fn $get(
            State(state): State<AppState>,
            _caller: Authorized<GeographyRead>,
            Path(id): Path<i64>,
        ) -> Result<Response, ApiError> {
            let item = state.geography().$get_rpc(pb::Id { id }).await?.into_inner();
            Ok(envelope::data($Rest::from(item)))
        }

        /// Creates when the id is absent or null, updates otherwise.
        #[utoipa::path(post, path = $save_path, tag = $tag, request_body = $Rest,
            responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
        pub async fn $save(
            State(state): State<AppState>,
            _caller: Authorized<GeographyWrite>,
            Json(body): Json<$Rest>,
        ) -> Result<Response, ApiError> {
            let id = state.geography().$save_rpc(pb::$Rest::from(body)).await?.into_inner().id;
            Ok(envelope::written($saved, Some(id)))
        }

        /// Refused (409) while the level still holds children.
        #[utoipa::path(delete, path = $delete_path, tag = $tag, params(("id" = i64, Path)),
            responses((status = 200, body = Written), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
        pub async fn $delete(
            State(state): State<AppState>,
            _caller: Authorized<GeographyDelete>,
            Path(id): Path<i64>,
        ) -> Result<Response, ApiError> {
            state.geography().$delete_rpc(pb::Id { id }).await?;
            Ok(envelope::written($deleted, None))
        }
    };
}

level_calls! {
    rest: Region, filter: RegionFilter, tag: "region",
    list: region_list "/region/get.region_list" list_regions,
    get: get_region "/region/get_region/{id}" get_region,
    save: post_region "/region/post_region" save_region "Région enregistrée",
    delete: delete_region "/region/delete_region/{id}" delete_region "Région supprimée",
}

level_calls! {
    rest: Department, filter: DepartmentFilter, tag: "department",
    list: department_list "/department/get.department_list" list_departments,
    get: get_department "/department/get_department/{id}" get_department,
    save: post_department "/department/post_department" save_department "Département enregistré",
    delete: delete_department "/department/delete_department/{id}" delete_department "Département supprimé",
}

level_calls! {
    rest: Subprefecture, filter: SubprefectureFilter, tag: "subprefecture",
    list: subprefecture_list "/subprefecture/get.subprefecture_list" list_subprefectures,
    get: get_subprefecture "/subprefecture/get_subprefecture/{id}" get_subprefecture,
    save: post_subprefecture "/subprefecture/post_subprefecture" save_subprefecture "Sous-préfecture enregistrée",
    delete: delete_subprefecture "/subprefecture/delete_subprefecture/{id}" delete_subprefecture "Sous-préfecture supprimée",
}

level_calls! {
    rest: Locality, filter: LocalityFilter, tag: "locality",
    list: locality_list "/locality/get.locality_list" list_localities,
    get: get_locality "/locality/get_locality/{id}" get_locality,
    save: post_locality "/locality/post_locality" save_locality "Localité enregistrée",
    delete: delete_locality "/locality/delete_locality/{id}" delete_locality "Localité supprimée",
}

/// One row of a locality import, as in the specification (point 3).
#[derive(Deserialize, ToSchema)]
pub struct ImportRow {
    #[serde(default)]
    pub region_code: String,
    #[serde(default)]
    pub region_name: String,
    #[serde(default)]
    pub department_code: String,
    #[serde(default)]
    pub department_name: String,
    #[serde(default)]
    pub subprefecture_code: String,
    #[serde(default)]
    pub subprefecture_name: String,
    #[serde(default)]
    pub locality_name: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportAnswer {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub region_added: i64,
    pub department_added: i64,
    pub subprefecture_added: i64,
    pub locality_added: i64,
}

/// Imports rows in one transaction: all or nothing. A refusal names each faulty row in `fields`
/// (`"ligne 12": "..."`, counting the rows sent from 1). Importing the same rows again adds nothing.
#[utoipa::path(post, path = "/locality/post_locality-import", tag = "locality", request_body = Vec<ImportRow>,
    responses((status = 200, body = ImportAnswer), (status = 400, body = ErrorBody)))]
pub async fn post_locality_import(
    State(state): State<AppState>,
    _caller: Authorized<GeographyWrite>,
    Json(rows): Json<Vec<ImportRow>>,
) -> Result<Response, ApiError> {
    let rows = rows
        .into_iter()
        .map(|r| pb::ImportRow {
            region_code: r.region_code,
            region_name: r.region_name,
            department_code: r.department_code,
            department_name: r.department_name,
            subprefecture_code: r.subprefecture_code,
            subprefecture_name: r.subprefecture_name,
            locality_name: r.locality_name,
        })
        .collect();
    let counts =
        state.geography().import_localities(pb::ImportRequest { rows }).await?.into_inner();
    Ok(axum::Json(ImportAnswer {
        status: "ok",
        region_added: counts.region_added,
        department_added: counts.department_added,
        subprefecture_added: counts.subprefecture_added,
        locality_added: counts.locality_added,
    })
    .into_response())
}
