//! `loginparam/*`: the application's settings (card validity, prices, ...), readable by every business
//! role, written by administrators.

use crate::access::{LoginParamsRead, LoginParamsWrite};
use crate::envelope::{self, Data, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path};
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_login_param)).routes(routes!(post_login_param))
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginParam {
    #[serde(rename = "loginParam_name")]
    #[schema(rename = "loginParam_name")]
    pub name: String,
    #[serde(rename = "loginParam_stringValue", default)]
    #[schema(rename = "loginParam_stringValue")]
    pub string_value: Option<String>,
    #[serde(rename = "loginParam_intValue", default)]
    #[schema(rename = "loginParam_intValue")]
    pub int_value: Option<i64>,
    /// AAAA-MM-JJ.
    #[serde(rename = "loginParam_dateValue", default)]
    #[schema(rename = "loginParam_dateValue")]
    pub date_value: Option<String>,
    #[serde(rename = "loginParam_boolValue", default)]
    #[schema(rename = "loginParam_boolValue")]
    pub bool_value: Option<bool>,
}

#[utoipa::path(get, path = "/loginparam/get_loginParam/{loginParam_name}", tag = "loginparam",
    summary = "Valeur d'un paramètre",
    params(("loginParam_name" = String, Path, description = "Nom du paramètre (par exemple `card_price`, `card_validityMonths`).")),
    responses((status = 200, body = Data<LoginParam>), (status = 404, body = ErrorBody)))]
pub async fn get_login_param(
    State(state): State<AppState>,
    _caller: Authorized<LoginParamsRead>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    let p = state.auth().get_login_param(proto::auth::LoginParamName { name }).await?.into_inner();
    Ok(envelope::data(LoginParam {
        name: p.name,
        string_value: p.string_value,
        int_value: p.int_value,
        date_value: p.date_value,
        bool_value: p.bool_value,
    }))
}

/// Creates or replaces a parameter.
#[utoipa::path(post, path = "/loginparam/post_loginParam", tag = "loginparam",
    summary = "Créer ou remplacer un paramètre",
    request_body = LoginParam,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn post_login_param(
    State(state): State<AppState>,
    _caller: Authorized<LoginParamsWrite>,
    Json(p): Json<LoginParam>,
) -> Result<Response, ApiError> {
    if p.string_value.as_ref().is_some_and(|s| s.len() > 10_000) {
        return Err(ApiError::field(
            "loginParam_stringValue",
            "La valeur texte ne peut pas dépasser 10 000 caractères.",
        ));
    }
    state
        .auth()
        .save_login_param(proto::auth::LoginParam {
            name: p.name,
            string_value: p.string_value,
            int_value: p.int_value,
            date_value: p.date_value,
            bool_value: p.bool_value,
        })
        .await?;
    Ok(envelope::written("Paramètre enregistré", None))
}
