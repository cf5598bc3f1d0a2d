//! Parcels: a piece of land a member farms, with its area in hectares, its crop and a GPS point.

use super::recorded::{self, PARCEL};
use super::{PLACE_JSON, Store, place_joins};
use crate::domain::messages as msg;
use crate::domain::registry_rules::ParcelDraft;
use crate::events;
use common::error::ServiceError;
use common::history::{self, Origin};
use common::outbox;
use common::paging::Page;
use common::text;
use common::validation::{UniqueField, unique_or};
use proto::members as pb;
use sqlx::types::Json;
use sqlx::{Postgres, QueryBuilder};

pub const PARCEL_SORT: &[(&str, &str)] = &[
    ("parcel_code", "p.parcel_code"),
    ("parcel_id", "p.parcel_id"),
    ("parcel_area", "p.parcel_area"),
    ("parcel_crop", "p.parcel_crop"),
    ("member_name", "m.member_lastname"),
];

/// The sorts on another table's column: no index of the parcel's to walk from a row, so `_offset` only.
pub const PARCEL_OFFSET_SORTS: &[&str] = &["member_name"];

/// What a parcel list is filtered on.
#[derive(Default)]
pub struct ParcelSearch {
    pub filter: String,
    pub member_id: Option<i64>,
    pub locality_id: Option<i64>,
    pub crop: String,
}

/// A parcel as the read message's JSON, with its member's name and identity number and its place.
fn select() -> String {
    format!(
        "SELECT jsonb_strip_nulls(to_jsonb(p) - 'search' || jsonb_build_object(
                'member_name', m.member_firstname || ' ' || m.member_lastname,
                'member_id_number', m.member_id_number, {PLACE_JSON}))
         FROM members.parcel p JOIN members.member m ON m.member_id = p.parcel_member_id{}",
        place_joins("p.parcel_locality_id")
    )
}

fn push_conditions(q: &mut QueryBuilder<Postgres>, s: &ParcelSearch) {
    q.push(" WHERE TRUE");
    let pattern = text::filter_pattern(&s.filter);
    if !pattern.is_empty() {
        q.push(" AND p.search LIKE ").push_bind(pattern);
    }
    if let Some(id) = s.member_id {
        q.push(" AND p.parcel_member_id = ").push_bind(id);
    }
    if let Some(id) = s.locality_id {
        q.push(" AND p.parcel_locality_id = ").push_bind(id);
    }
    if !s.crop.trim().is_empty() {
        q.push(" AND lower(p.parcel_crop) = lower(").push_bind(s.crop.trim().to_string()).push(")");
    }
}

impl Store {
    #[tracing::instrument(name = "db.members.parcel_list", skip_all)]
    pub async fn list_parcels(
        &self,
        search: &ParcelSearch,
        page: &Page,
    ) -> Result<(Vec<pb::Parcel>, i64, bool), ServiceError> {
        let mut q = QueryBuilder::<Postgres>::new(select());
        push_conditions(&mut q, search);
        // `after` walks from a row on the parcel's own columns, all NOT NULL (the member's name pages
        // by `_offset`, see `PARCEL_OFFSET_SORTS`).
        page.push_after(&mut q, "members.parcel", "parcel_id", false);
        page.push_window(&mut q, &page.order_sql_not_null("p.parcel_id"));
        // Not kept prepared, so that a search is planned for its pattern (see `common::total`).
        let rows =
            q.build_query_scalar::<Json<pb::Parcel>>().persistent(false).fetch_all(&self.pool);
        let total = common::total::bounded_total(&self.pool, |q| {
            q.push(" FROM members.parcel p");
            push_conditions(q, search);
        });
        let (rows, counted) = tokio::try_join!(rows, total)?;
        let (total, exact) = common::total::of_page(rows.len(), page, counted);
        Ok((rows.into_iter().map(|Json(p)| p).collect(), total, exact))
    }

    pub async fn get_parcel(&self, id: i64) -> Result<pb::Parcel, ServiceError> {
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("{} WHERE p.parcel_id = $1", select())))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .map(|Json(p)| p)
            .ok_or_else(|| ServiceError::NotFound(msg::parcel_not_found(id)))
    }

    #[tracing::instrument(name = "db.members.parcel_save", skip_all, fields(parcel_id = d.id))]
    pub async fn save_parcel(&self, d: &ParcelDraft, origin: &Origin) -> Result<i64, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let before: Option<pb::ParcelInput> = if d.id == 0 {
            None
        } else {
            let before = recorded::locked(&mut tx, "parcel", d.id).await?;
            Some(before.ok_or_else(|| ServiceError::NotFound(msg::parcel_not_found(d.id)))?)
        };
        let owner: Option<(String, String)> =
            sqlx::query_as("SELECT member_firstname, member_lastname FROM members.member WHERE member_id = $1 FOR KEY SHARE")
                .bind(d.member_id)
                .fetch_optional(&mut *tx)
                .await?;
        let Some((firstname, lastname)) = owner else {
            return Err(ServiceError::invalid_field(
                "parcel_memberId",
                msg::member_not_found(d.member_id),
            ));
        };
        self.locality_exists(&mut tx, "parcel_localityId", d.locality_id).await?;
        let search = text::fold(&format!("{} {} {} {}", d.code, d.crop, firstname, lastname));
        let sql = if d.id == 0 {
            "INSERT INTO members.parcel AS r (parcel_code, parcel_member_id, parcel_locality_id, parcel_area, parcel_crop,
                     parcel_latitude, parcel_longitude, search)
                 VALUES ($1, $2, $3, $4::numeric, $5, $6, $7, $8) RETURNING parcel_id, to_jsonb(r) - 'search'"
        } else {
            "UPDATE members.parcel r SET parcel_code = $1, parcel_member_id = $2, parcel_locality_id = $3,
                     parcel_area = $4::numeric, parcel_crop = $5, parcel_latitude = $6, parcel_longitude = $7, search = $8
                 WHERE parcel_id = $9 RETURNING parcel_id, to_jsonb(r) - 'search'"
        };
        let mut query = sqlx::query_as(sql)
            .bind(&d.code)
            .bind(d.member_id)
            .bind(d.locality_id)
            .bind(d.area)
            .bind(&d.crop)
            .bind(d.point.map(|p| p.0))
            .bind(d.point.map(|p| p.1))
            .bind(&search);
        if d.id != 0 {
            query = query.bind(d.id);
        }
        let saved: Option<(i64, Json<pb::ParcelInput>)> =
            query.fetch_optional(&mut *tx).await.map_err(|e| {
                let taken = msg::parcel_code_taken(&d.code);
                unique_or(
                    e,
                    [UniqueField {
                        constraint: "parcel_code_key",
                        field: "parcel_code",
                        message: taken,
                    }],
                )
            })?;
        let (id, Json(after)) =
            saved.ok_or_else(|| ServiceError::NotFound(msg::parcel_not_found(d.id)))?;
        let changes = history::changes(before.as_ref(), Some(&after));
        history::store::record(&mut tx, super::SCHEMA, origin.entry(PARCEL, id, changes)).await?;
        let parcel = pb::ParcelInput {
            parcel_id: Some(id),
            parcel_code: d.code.clone(),
            parcel_member_id: Some(d.member_id),
            parcel_locality_id: d.locality_id,
            parcel_area: Some(d.area),
            parcel_crop: d.crop.clone(),
            parcel_latitude: d.point.map(|p| p.0),
            parcel_longitude: d.point.map(|p| p.1),
        };
        let event = pb::ParcelSaved { meta: None, parcel: Some(parcel) };
        let subject = if d.id == 0 { &events::PARCEL_CREATED } else { &events::PARCEL_UPDATED };
        outbox::enqueue(&mut tx, super::SCHEMA, subject, &event).await?;
        outbox::commit(tx, super::SCHEMA).await?;
        Ok(id)
    }

    pub async fn delete_parcel(&self, id: i64, origin: &Origin) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        let found: Option<pb::ParcelInput> = recorded::locked(&mut tx, "parcel", id).await?;
        let Some(before) = found else {
            return Err(ServiceError::NotFound(msg::parcel_not_found(id)));
        };
        sqlx::query("DELETE FROM members.parcel WHERE parcel_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let changes = history::changes(Some(&before), None);
        history::store::record(&mut tx, super::SCHEMA, origin.entry(PARCEL, id, changes)).await?;
        let event = pb::ParcelDeleted { meta: None, parcel_id: id };
        outbox::enqueue(&mut tx, super::SCHEMA, &events::PARCEL_DELETED, &event).await?;
        outbox::commit(tx, super::SCHEMA).await?;
        Ok(())
    }
}
