//! The names of a locality's levels, as member, cooperative and parcel answers carry them.

use proto::members as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, Deserialize, ToSchema, Default)]
#[serde(default)]
pub struct Place {
    /// In answers only.
    pub locality_name: String,
    pub subprefecture_name: String,
    pub department_name: String,
    pub region_name: String,
    pub subprefecture_id: Option<i64>,
    pub department_id: Option<i64>,
    pub region_id: Option<i64>,
}

impl From<pb::Place> for Place {
    fn from(p: pb::Place) -> Self {
        let id = |v: i64| (v > 0).then_some(v);
        Place {
            locality_name: p.locality_name,
            subprefecture_name: p.subprefecture_name,
            department_name: p.department_name,
            region_name: p.region_name,
            subprefecture_id: id(p.subprefecture_id),
            department_id: id(p.department_id),
            region_id: id(p.region_id),
        }
    }
}
