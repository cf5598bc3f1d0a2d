//! The success answers of the REST contract (docs/api.md): one record in `data`, a list in `data` with
//! `total`, a write with `message` and `id`.

use axum::Json;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
pub struct Data<T> {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub data: T,
}

#[derive(Serialize, ToSchema)]
pub struct List<T> {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub data: Vec<T>,
    // The count of all rows matching the filters.
    /// Le nombre de toutes les lignes qui répondent aux filtres.
    pub total: i64,
}

/// A list whose total may be the planner's estimate: `totalExact` is false when `total` is one (more
/// than 100,000 expected matches, or a count that takes over 40 ms: counting would cost far more than
/// the page).
#[derive(Serialize, ToSchema)]
#[schema(description = "Une liste dont le total peut être l'estimation du planificateur : \
    `totalExact` est faux quand `total` en est une (plus de 100 000 résultats attendus, ou un \
    compte qui prend plus de 40 ms : compter coûterait bien plus que la page).")]
#[serde(rename_all = "camelCase")]
pub struct CountedList<T> {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub data: Vec<T>,
    pub total: i64,
    pub total_exact: bool,
}

#[derive(Serialize, ToSchema)]
pub struct Written {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<i64>,
}

pub fn data<T: Serialize>(data: T) -> Response {
    Json(Data { status: "ok", data }).into_response()
}

pub fn list<T: Serialize>(data: Vec<T>, total: i64) -> Response {
    Json(List { status: "ok", data, total }).into_response()
}

pub fn counted_list<T: Serialize>(data: Vec<T>, total: i64, total_exact: bool) -> Response {
    Json(CountedList { status: "ok", data, total, total_exact }).into_response()
}

pub fn written(message: &str, id: Option<i64>) -> Response {
    Json(Written { status: "ok", message: message.to_string(), id }).into_response()
}

/// The paging inputs shared by every list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Paging {
    // Rows per page (default 2000).
    /// Lignes par page (2000 par défaut).
    #[serde(rename = "_limit")]
    #[param(rename = "_limit")]
    pub limit: Option<i64>,
    #[serde(rename = "_offset")]
    #[param(rename = "_offset")]
    pub offset: Option<i64>,
    // A field name of the list, from its allow-list.
    /// Un nom de champ de la liste, parmi ceux qu'elle permet.
    #[serde(rename = "_orderBy")]
    #[param(rename = "_orderBy")]
    pub order_by: Option<String>,
    #[serde(rename = "_descending")]
    #[param(rename = "_descending")]
    pub descending: Option<bool>,
    // Keyset paging, where the list offers it: the id of the last row already received. The page is
    // the rows that follow it in the same order and filters; `_offset` is then ignored.
    /// Pagination par clé, là où la liste la propose : l'identifiant de la dernière ligne déjà
    /// reçue. La page est faite des lignes qui la suivent, dans le même ordre et avec les mêmes
    /// filtres ; `_offset` est alors ignoré.
    #[param(minimum = 0)]
    pub after: Option<i64>,
}

impl Paging {
    pub fn to_pb(&self) -> proto::common::Paging {
        proto::common::Paging {
            limit: self.limit.unwrap_or(0),
            offset: self.offset.unwrap_or(0),
            order_by: self.order_by.clone().unwrap_or_default(),
            descending: self.descending.unwrap_or(false),
            after: self.after.unwrap_or(0),
        }
    }
}
