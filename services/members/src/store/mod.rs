//! The members schema's queries, those of the consumers of other services' events too. Inputs are always
//! bound; only allow-listed sort columns are written into SQL text.

pub mod cards;
pub mod cooperatives;
mod geography;
pub mod members;
pub mod parcels;
pub mod recorded;
mod replay;
pub mod sync;
mod sync_marks;
mod sync_photos;

pub use geography::{GeographyEvent, Level as GeographyLevel, SavedRow, apply_geography};
pub use members::MemberSearch;

use crate::domain::messages;
use common::error::ServiceError;
use common::sequence::SequenceBlocks;
use sqlx::PgPool;
use std::sync::Arc;

pub const SCHEMA: &str = "members";

/// The names of a locality's levels, as `jsonb_build_object` arguments (the read messages' place fields),
/// for a query that joins `place_joins`.
pub const PLACE_JSON: &str = "'locality_name', gl.locality_name, 'subprefecture_id', gs.subprefecture_id,
    'subprefecture_name', gs.subprefecture_name, 'department_id', gd.department_id,
    'department_name', gd.department_name, 'region_id', gr.region_id, 'region_name', gr.region_name";

/// Joins the projection's four levels on the locality column `locality`.
pub fn place_joins(locality: &str) -> String {
    format!(
        " LEFT JOIN members.geo_locality gl ON gl.locality_id = {locality}
          LEFT JOIN members.geo_subprefecture gs ON gs.subprefecture_id = gl.subprefecture_id
          LEFT JOIN members.geo_department gd ON gd.department_id = gs.department_id
          LEFT JOIN members.geo_region gr ON gr.region_id = gd.region_id"
    )
}

/// The geography service, asked for a locality the projection does not know yet.
pub type GeographyClient =
    proto::geography::geography_client::GeographyClient<common::grpc::TracedChannel>;

#[derive(Clone)]
pub struct Store {
    pool: PgPool,
    geography: Option<GeographyClient>,
    /// The sequence of identity numbers, drawn a block at a time for new members.
    id_numbers: Arc<SequenceBlocks>,
    /// The members' ids, drawn a block at a time for new main members (their history's entry is
    /// sealed before they are written).
    member_ids: Arc<SequenceBlocks>,
}

/// Identity numbers drawn in one round trip: the next 32 members created here need none.
const ID_NUMBER_BLOCK: i64 = 32;
/// The same for the members' ids.
const MEMBER_ID_BLOCK: i64 = 32;

impl Store {
    pub fn new(pool: PgPool) -> Self {
        Store {
            pool,
            geography: None,
            id_numbers: Arc::new(SequenceBlocks::new("members.id_number_seq", ID_NUMBER_BLOCK)),
            member_ids: Arc::new(SequenceBlocks::new(
                "members.member_member_id_seq",
                MEMBER_ID_BLOCK,
            )),
        }
    }

    /// A store that reads a locality through to the geography service when its projection misses it.
    pub fn with_geography(self, geography: GeographyClient) -> Self {
        Store { geography: Some(geography), ..self }
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Refuses a locality that does not exist. The projection answers first; on a miss, the geography
    /// itself is asked, so that a locality created or imported a moment ago (its event not yet applied)
    /// is accepted at once, and the projection learns it in the same transaction.
    async fn locality_exists(
        &self,
        tx: &mut sqlx::PgConnection,
        field: &str,
        id: Option<i64>,
    ) -> Result<(), ServiceError> {
        let Some(id) = id else { return Ok(()) };
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT locality_id FROM members.geo_locality WHERE locality_id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        if found.is_some() {
            return Ok(());
        }
        let not_found = || ServiceError::invalid_field(field, messages::locality_not_found(id));
        let Some(geography) = &self.geography else { return Err(not_found()) };
        let locality = match geography.clone().get_locality(proto::geography::Id { id }).await {
            Ok(answer) => answer.into_inner(),
            Err(status) if status.code() == tonic::Code::NotFound => return Err(not_found()),
            Err(status) => {
                tracing::error!(code = ?status.code(), message = status.message(), "geography read-through failed");
                return Err(ServiceError::Unavailable(messages::GEOGRAPHY_UNAVAILABLE.into()));
            }
        };
        geography::project_locality(tx, &locality).await
    }
}
