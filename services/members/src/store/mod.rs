//! The members schema's queries. Inputs are always bound; only allow-listed sort columns are written
//! into SQL text.

pub mod cooperatives;
mod geography;
pub mod members;
pub mod parcels;

pub use geography::GeographyEvent;
pub use members::{MemberRow, MemberSearch};

use common::error::ServiceError;
use sqlx::PgPool;

pub const SCHEMA: &str = "members";

/// The names of a locality's levels, as the projection knows them.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct PlaceRow {
    pub locality_name: Option<String>,
    pub subprefecture_id: Option<i64>,
    pub subprefecture_name: Option<String>,
    pub department_id: Option<i64>,
    pub department_name: Option<String>,
    pub region_id: Option<i64>,
    pub region_name: Option<String>,
}

impl From<PlaceRow> for proto::members::Place {
    fn from(p: PlaceRow) -> Self {
        proto::members::Place {
            locality_name: p.locality_name.unwrap_or_default(),
            subprefecture_name: p.subprefecture_name.unwrap_or_default(),
            department_name: p.department_name.unwrap_or_default(),
            region_name: p.region_name.unwrap_or_default(),
            subprefecture_id: p.subprefecture_id.unwrap_or_default(),
            department_id: p.department_id.unwrap_or_default(),
            region_id: p.region_id.unwrap_or_default(),
        }
    }
}

/// The columns of `PlaceRow`, for a query that joins `PLACE_JOINS` on `<alias>_locality_id`.
pub const PLACE_COLUMNS: &str = "gl.locality_name, gs.subprefecture_id, gs.subprefecture_name, gd.department_id, \
     gd.department_name, gr.region_id, gr.region_name";

/// Joins the projection's four levels on the locality column `locality`.
pub fn place_joins(locality: &str) -> String {
    format!(
        " LEFT JOIN members.geo_locality gl ON gl.locality_id = {locality}
          LEFT JOIN members.geo_subprefecture gs ON gs.subprefecture_id = gl.subprefecture_id
          LEFT JOIN members.geo_department gd ON gd.department_id = gs.department_id
          LEFT JOIN members.geo_region gr ON gr.region_id = gd.region_id"
    )
}

#[derive(Clone)]
pub struct Store {
    pool: PgPool,
}

impl Store {
    pub fn new(pool: PgPool) -> Self {
        Store { pool }
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }
}

/// Refuses a locality the projection does not know.
async fn locality_exists(tx: &mut sqlx::PgConnection, field: &str, id: Option<i64>) -> Result<(), ServiceError> {
    let Some(id) = id else { return Ok(()) };
    let found: Option<i64> = sqlx::query_scalar("SELECT locality_id FROM members.geo_locality WHERE locality_id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
    match found {
        Some(_) => Ok(()),
        None => Err(ServiceError::invalid_field(field, crate::domain::messages::locality_not_found(id))),
    }
}
