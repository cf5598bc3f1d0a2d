//! Cooperatives: a code, a name, a locality and a contact; members belong to one.

use super::recorded::{self, COOPERATIVE};
use super::{PLACE_JSON, Store, place_joins};
use crate::domain::messages as msg;
use crate::domain::registry_rules::CooperativeDraft;
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

pub const COOPERATIVE_SORT: &[(&str, &str)] = &[
    ("cooperative_name", "c.cooperative_name"),
    ("cooperative_code", "c.cooperative_code"),
    ("cooperative_id", "c.cooperative_id"),
    ("cooperative_memberCount", "cooperative_member_count"),
];

/// The sorts on a computed column: no index to walk from a row, so `_offset` only.
pub const COOPERATIVE_OFFSET_SORTS: &[&str] = &["cooperative_memberCount"];

/// A cooperative as the read message's JSON, with its member count and its place.
fn select() -> String {
    format!(
        "SELECT jsonb_strip_nulls(to_jsonb(c) - 'search' || jsonb_build_object(
                'cooperative_member_count', n.cooperative_member_count, {PLACE_JSON}))
         FROM members.cooperative c
         CROSS JOIN LATERAL (SELECT count(*) AS cooperative_member_count FROM members.member m
                             WHERE m.member_cooperative_id = c.cooperative_id) n{}",
        place_joins("c.cooperative_locality_id")
    )
}

fn push_conditions(q: &mut QueryBuilder<Postgres>, pattern: &str, locality_id: Option<i64>) {
    q.push(" WHERE TRUE");
    if !pattern.is_empty() {
        q.push(" AND c.search LIKE ").push_bind(pattern.to_string());
    }
    if let Some(id) = locality_id {
        q.push(" AND c.cooperative_locality_id = ").push_bind(id);
    }
}

impl Store {
    #[tracing::instrument(name = "db.members.cooperative_list", skip_all)]
    pub async fn list_cooperatives(
        &self,
        filter: &str,
        locality_id: Option<i64>,
        page: &Page,
    ) -> Result<(Vec<pb::Cooperative>, i64), ServiceError> {
        let pattern = text::filter_pattern(filter);
        let mut q = QueryBuilder::<Postgres>::new(select());
        push_conditions(&mut q, &pattern, locality_id);
        // `after` walks from a row on the cooperative's own columns, all NOT NULL (the member count
        // pages by `_offset`, see `COOPERATIVE_OFFSET_SORTS`).
        page.push_after(&mut q, "members.cooperative", "cooperative_id", false);
        page.push_window(&mut q, &page.order_sql_not_null("c.cooperative_id"));
        let rows = q.build_query_scalar::<Json<pb::Cooperative>>().fetch_all(&self.pool);
        let mut count = QueryBuilder::<Postgres>::new("SELECT count(*) FROM members.cooperative c");
        push_conditions(&mut count, &pattern, locality_id);
        let (rows, total) =
            tokio::try_join!(rows, count.build_query_scalar::<i64>().fetch_one(&self.pool))?;
        Ok((rows.into_iter().map(|Json(c)| c).collect(), total))
    }

    pub async fn get_cooperative(&self, id: i64) -> Result<pb::Cooperative, ServiceError> {
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("{} WHERE c.cooperative_id = $1", select())))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .map(|Json(c)| c)
            .ok_or_else(|| ServiceError::NotFound(msg::cooperative_not_found(id)))
    }

    #[tracing::instrument(name = "db.members.cooperative_save", skip_all, fields(cooperative_id = d.id))]
    pub async fn save_cooperative(
        &self,
        d: &CooperativeDraft,
        origin: &Origin,
    ) -> Result<i64, ServiceError> {
        let mut tx = self.pool.begin().await?;
        self.locality_exists(&mut tx, "cooperative_localityId", d.locality_id).await?;
        let before: Option<pb::CooperativeInput> = if d.id == 0 {
            None
        } else {
            let before = recorded::locked(&mut tx, "cooperative", d.id).await?;
            Some(before.ok_or_else(|| ServiceError::NotFound(msg::cooperative_not_found(d.id)))?)
        };
        let search = text::search_of(&d.code, &d.name);
        let sql = if d.id == 0 {
            "INSERT INTO members.cooperative AS r (cooperative_code, cooperative_name, cooperative_locality_id, cooperative_contact, search)
                 VALUES ($1, $2, $3, $4, $5) RETURNING cooperative_id, to_jsonb(r) - 'search'"
        } else {
            "UPDATE members.cooperative r SET cooperative_code = $1, cooperative_name = $2, cooperative_locality_id = $3,
                     cooperative_contact = $4, search = $5 WHERE cooperative_id = $6
                 RETURNING cooperative_id, to_jsonb(r) - 'search'"
        };
        let mut query = sqlx::query_as(sql)
            .bind(&d.code)
            .bind(&d.name)
            .bind(d.locality_id)
            .bind(&d.contact)
            .bind(&search);
        if d.id != 0 {
            query = query.bind(d.id);
        }
        let saved: Option<(i64, Json<pb::CooperativeInput>)> =
            query.fetch_optional(&mut *tx).await.map_err(|e| {
                let taken = msg::cooperative_code_taken(&d.code);
                unique_or(
                    e,
                    [UniqueField {
                        constraint: "cooperative_code_key",
                        field: "cooperative_code",
                        message: taken,
                    }],
                )
            })?;
        let (id, Json(after)) =
            saved.ok_or_else(|| ServiceError::NotFound(msg::cooperative_not_found(d.id)))?;
        let changes = history::changes(before.as_ref(), Some(&after));
        history::store::record(&mut tx, super::SCHEMA, origin.entry(COOPERATIVE, id, changes))
            .await?;
        let cooperative = pb::CooperativeInput {
            cooperative_id: Some(id),
            cooperative_code: d.code.clone(),
            cooperative_name: d.name.clone(),
            cooperative_locality_id: d.locality_id,
            cooperative_contact: d.contact.clone(),
        };
        let event = pb::CooperativeSaved { meta: None, cooperative: Some(cooperative) };
        let subject =
            if d.id == 0 { &events::COOPERATIVE_CREATED } else { &events::COOPERATIVE_UPDATED };
        outbox::enqueue(&mut tx, super::SCHEMA, subject, &event).await?;
        outbox::commit(tx, super::SCHEMA).await?;
        Ok(id)
    }

    /// Refused while members still belong to the cooperative.
    pub async fn delete_cooperative(&self, id: i64, origin: &Origin) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        let found: Option<pb::CooperativeInput> =
            recorded::locked(&mut tx, "cooperative", id).await?;
        let Some(before) = found else {
            return Err(ServiceError::NotFound(msg::cooperative_not_found(id)));
        };
        let members: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM members.member WHERE member_cooperative_id = $1",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        if members > 0 {
            return Err(ServiceError::Conflict(msg::cooperative_has_members(members)));
        }
        sqlx::query("DELETE FROM members.cooperative WHERE cooperative_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let changes = history::changes(Some(&before), None);
        history::store::record(&mut tx, super::SCHEMA, origin.entry(COOPERATIVE, id, changes))
            .await?;
        let deleted = pb::CooperativeDeleted { meta: None, cooperative_id: id };
        outbox::enqueue(&mut tx, super::SCHEMA, &events::COOPERATIVE_DELETED, &deleted).await?;
        outbox::commit(tx, super::SCHEMA).await?;
        Ok(())
    }
}
