//! `region/*`, `department/*`, `subprefecture/*`, `locality/*` (and the locality import): the four levels
//! of the geography. The four levels have the same four calls, so one macro writes each level's
//! handlers from its names; the JSON shapes are the proto messages (`proto/geography`).

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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RegionFilter {
    // Free text over code and name, accent- and case-insensitive.
    /// Texte libre sur le code et le nom, sans tenir compte des accents ni de la casse.
    pub filter: Option<String>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DepartmentFilter {
    // Free text over code and name, accent- and case-insensitive.
    /// Texte libre sur le code et le nom, sans tenir compte des accents ni de la casse.
    pub filter: Option<String>,
    // Only the departments of this region.
    /// Seulement les départements de cette région.
    #[serde(rename = "regionId")]
    #[param(rename = "regionId")]
    pub parent_id: Option<i64>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubprefectureFilter {
    // Free text over code and name, accent- and case-insensitive.
    /// Texte libre sur le code et le nom, sans tenir compte des accents ni de la casse.
    pub filter: Option<String>,
    // Only the sub-prefectures of this department.
    /// Seulement les sous-préfectures de ce département.
    #[serde(rename = "departmentId")]
    #[param(rename = "departmentId")]
    pub parent_id: Option<i64>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LocalityFilter {
    // Free text over the name, accent- and case-insensitive.
    /// Texte libre sur le nom, sans tenir compte des accents ni de la casse.
    pub filter: Option<String>,
    // Only the localities of this sub-prefecture.
    /// Seulement les localités de cette sous-préfecture.
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
        rest: $Rest:ident $Input:ident, filter: $Filter:ident, tag: $tag:tt,
        list: $list:ident $list_path:tt $list_rpc:ident $list_summary:tt,
        get: $get:ident $get_path:tt $get_rpc:ident $get_summary:tt,
        save: $save:ident $save_path:tt $save_rpc:ident $saved:tt $save_summary:tt,
        delete: $delete:ident $delete_path:tt $delete_rpc:ident $deleted:tt $delete_summary:tt,
        id: $id_description:tt,
    ) => {
        #[utoipa::path(get, path = $list_path, tag = $tag, summary = $list_summary, params(Paging, $Filter),
            responses((status = 200, body = List<pb::$Rest>), (status = 400, body = ErrorBody)))]
        pub async fn $list(
            State(state): State<AppState>,
            _caller: Authorized<GeographyRead>,
            Query(paging): Query<Paging>,
            Query(filter): Query<$Filter>,
        ) -> Result<Response, ApiError> {
            let request = pb::ListRequest { paging: Some(paging.to_pb()), filter: filter.text(), parent_id: filter.parent() };
            let answer = state.geography().$list_rpc(request).await?.into_inner();
            Ok(envelope::list(answer.items, answer.total))
        }

        #[utoipa::path(get, path = $get_path, tag = $tag, summary = $get_summary,
            params(("id" = i64, Path, description = $id_description)),
            responses((status = 200, body = Data<pb::$Rest>), (status = 404, body = ErrorBody)))]
        pub async fn $get(
            State(state): State<AppState>,
            _caller: Authorized<GeographyRead>,
            Path(id): Path<i64>,
        ) -> Result<Response, ApiError> {
            let item = state.geography().$get_rpc(pb::Id { id }).await?.into_inner();
            Ok(envelope::data(item))
        }

        /// Creates when the id is absent or null, updates otherwise.
        #[utoipa::path(post, path = $save_path, tag = $tag, summary = $save_summary,
            description = "Crée quand l'identifiant est absent ou null, modifie sinon.",
            request_body = pb::$Input,
            responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
        pub async fn $save(
            State(state): State<AppState>,
            _caller: Authorized<GeographyWrite>,
            Json(body): Json<pb::$Input>,
        ) -> Result<Response, ApiError> {
            let id = state.geography().$save_rpc(body).await?.into_inner().id;
            Ok(envelope::written($saved, Some(id)))
        }

        /// Refused (409) while the level still holds children.
        #[utoipa::path(delete, path = $delete_path, tag = $tag, summary = $delete_summary,
            description = "Refusée (409) tant que des éléments du niveau inférieur y sont rattachés.",
            params(("id" = i64, Path, description = $id_description)),
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
    rest: Region Region, filter: RegionFilter, tag: "region",
    list: region_list "/region/get.region_list" list_regions "Liste des régions",
    get: get_region "/region/get_region/{id}" get_region "Détail d'une région",
    save: post_region "/region/post_region" save_region "Région enregistrée" "Créer ou modifier une région",
    delete: delete_region "/region/delete_region/{id}" delete_region "Région supprimée" "Supprimer une région",
    id: "Identifiant de la région.",
}

level_calls! {
    rest: Department DepartmentInput, filter: DepartmentFilter, tag: "department",
    list: department_list "/department/get.department_list" list_departments "Liste des départements",
    get: get_department "/department/get_department/{id}" get_department "Détail d'un département",
    save: post_department "/department/post_department" save_department "Département enregistré"
        "Créer ou modifier un département",
    delete: delete_department "/department/delete_department/{id}" delete_department "Département supprimé"
        "Supprimer un département",
    id: "Identifiant du département.",
}

level_calls! {
    rest: Subprefecture SubprefectureInput, filter: SubprefectureFilter, tag: "subprefecture",
    list: subprefecture_list "/subprefecture/get.subprefecture_list" list_subprefectures
        "Liste des sous-préfectures",
    get: get_subprefecture "/subprefecture/get_subprefecture/{id}" get_subprefecture
        "Détail d'une sous-préfecture",
    save: post_subprefecture "/subprefecture/post_subprefecture" save_subprefecture "Sous-préfecture enregistrée"
        "Créer ou modifier une sous-préfecture",
    delete: delete_subprefecture "/subprefecture/delete_subprefecture/{id}" delete_subprefecture "Sous-préfecture supprimée"
        "Supprimer une sous-préfecture",
    id: "Identifiant de la sous-préfecture.",
}

level_calls! {
    rest: Locality LocalityInput, filter: LocalityFilter, tag: "locality",
    list: locality_list "/locality/get.locality_list" list_localities "Liste des localités",
    get: get_locality "/locality/get_locality/{id}" get_locality "Détail d'une localité",
    save: post_locality "/locality/post_locality" save_locality "Localité enregistrée" "Créer ou modifier une localité",
    delete: delete_locality "/locality/delete_locality/{id}" delete_locality "Localité supprimée" "Supprimer une localité",
    id: "Identifiant de la localité.",
}

/// The rows of an import, read only up to `common::config::import_max_rows()`: a request of millions of
/// tiny rows is refused while it is read, before it fills the memory.
pub struct ImportRows(Vec<pb::ImportRow>);

impl<'de> Deserialize<'de> for ImportRows {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Bounded;
        impl<'de> serde::de::Visitor<'de> for Bounded {
            type Value = Vec<pb::ImportRow>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("une liste de lignes")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                let max = common::config::import_max_rows();
                let mut rows = Vec::new();
                while let Some(row) = seq.next_element()? {
                    if rows.len() == max {
                        return Err(serde::de::Error::custom(format!(
                            "un import contient au plus {max} lignes : découpez le fichier en plusieurs imports"
                        )));
                    }
                    rows.push(row);
                }
                Ok(rows)
            }
        }
        deserializer.deserialize_seq(Bounded).map(ImportRows)
    }
}

/// What an import added, level by level.
#[derive(Serialize, ToSchema)]
#[schema(description = "Ce qu'un import a ajouté, niveau par niveau.")]
pub struct ImportAnswer {
    #[schema(example = "ok")]
    pub status: &'static str,
    #[serde(flatten)]
    pub added: pb::ImportResult,
}

/// Imports rows in one transaction: all or nothing. A refusal names each faulty row in `fields`
/// (`"ligne 12": "..."`, counting the rows sent from 1). Importing the same rows again adds nothing.
#[utoipa::path(post, path = "/locality/post_locality-import", tag = "locality",
    summary = "Importer des localités",
    description = "Importe les lignes en une seule transaction : tout ou rien. Un refus nomme \
        chaque ligne fautive dans `fields` (`\"ligne 12\": \"...\"`, en comptant les lignes \
        envoyées à partir de 1). Importer à nouveau les mêmes lignes n'ajoute rien.",
    request_body = Vec<pb::ImportRow>,
    responses((status = 200, body = ImportAnswer), (status = 400, body = ErrorBody)))]
pub async fn post_locality_import(
    State(state): State<AppState>,
    _caller: Authorized<GeographyWrite>,
    Json(ImportRows(rows)): Json<ImportRows>,
) -> Result<Response, ApiError> {
    let added = state.geography().import_localities(pb::ImportRequest { rows }).await?.into_inner();
    Ok(axum::Json(ImportAnswer { status: "ok", added }).into_response())
}
