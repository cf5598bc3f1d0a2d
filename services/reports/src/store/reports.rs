//! Templates: their list, one with its JSON, their creation and changes, copies and deletion, and the one
//! default of each type (kept under a lock of the type, so concurrent saves leave exactly one).

use super::Store;
use crate::domain::messages as msg;
use crate::domain::templates::{ReportDraft, sample_data};
use common::error::ServiceError;
use common::paging::Page;
use common::text;
use common::validation::{UniqueField, unique_or};
use proto::reports as pb;
use sqlx::{PgConnection, Postgres, QueryBuilder};

pub const REPORT_SORT: &[(&str, &str)] = &[
    ("report_name", "r.report_name"),
    ("report_type", "r.report_type"),
    ("report_updatedAt", "r.report_updated_at"),
    ("report_id", "r.report_id"),
];

/// A template's columns as `pb::Report` reads them, with the version `v` (joined by the caller).
pub(super) const REPORT_COLUMNS: &str = "r.report_id, r.report_name, r.report_description,
    r.report_is_default, v.version AS report_version, v.notes AS report_version_notes, r.report_type,
    to_jsonb(r.report_updated_at) #>> '{}' AS report_updated_at, r.report_updated_by_login_id,
    r.report_current_version, r.report_preview_data::text AS report_preview_data";

fn push_conditions(q: &mut QueryBuilder<Postgres>, report_type: &str, pattern: &str) {
    q.push(" WHERE TRUE");
    if !report_type.is_empty() {
        q.push(" AND r.report_type = ").push_bind(report_type.to_string());
    }
    if !pattern.is_empty() {
        q.push(" AND r.search LIKE ").push_bind(pattern.to_string());
    }
}

impl Store {
    /// A page of templates (of one type when given), without their JSON, with the count of all that match.
    #[tracing::instrument(name = "db.reports.list", skip(self, page))]
    pub async fn list_reports(
        &self,
        report_type: &str,
        filter: &str,
        page: &Page,
    ) -> Result<(Vec<pb::Report>, i64), ServiceError> {
        let pattern = text::filter_pattern(filter);
        let mut q = QueryBuilder::<Postgres>::new(format!(
            "SELECT {REPORT_COLUMNS}, '' AS report_json FROM reports.report r
             JOIN reports.report_version v
               ON v.report_id = r.report_id AND v.version = r.report_current_version"
        ));
        push_conditions(&mut q, report_type, &pattern);
        page.push_window(&mut q, &page.order_sql_not_null("r.report_id"));
        let mut count = QueryBuilder::<Postgres>::new("SELECT count(*) FROM reports.report r");
        push_conditions(&mut count, report_type, &pattern);
        let rows = q.build_query_as::<pb::Report>().fetch_all(&self.pool);
        let total = count.build_query_scalar::<i64>().fetch_one(&self.pool);
        Ok(tokio::try_join!(rows, total)?)
    }

    /// Creates a template with its first version, or changes one; answers its id.
    #[tracing::instrument(name = "db.reports.save", skip_all, fields(report_id = d.id))]
    pub async fn save_report(&self, d: &ReportDraft, login_id: i64) -> Result<i64, ServiceError> {
        let mut tx = self.pool.begin().await?;
        lock_type(&mut tx, &d.report_type).await?;
        let search = text::search_of(&d.name, &d.description);
        let id = if d.id == 0 {
            let preview = match &d.preview_data {
                Some(data) => data.clone(),
                None => sample_data(&d.report_type).to_string(),
            };
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO reports.report (report_name, report_description, report_type,
                     report_preview_data, report_updated_by_login_id, search)
                 VALUES ($1, $2, $3, $4::json, $5, $6) RETURNING report_id",
            )
            .bind(&d.name)
            .bind(&d.description)
            .bind(&d.report_type)
            .bind(preview)
            .bind(login_id)
            .bind(&search)
            .fetch_one(&mut *tx)
            .await
            .map_err(|e| name_taken(e, &d.name))?;
            let notes = if d.notes.is_empty() { msg::FIRST_VERSION_NOTES } else { &d.notes };
            super::versions::insert(&mut tx, id, 1, &d.template, notes, login_id).await?;
            id
        } else {
            let (current_type, _) = locked(&mut tx, d.id).await?;
            if current_type != d.report_type {
                return Err(ServiceError::invalid_field("report_type", msg::TYPE_FIXED));
            }
            sqlx::query(
                "UPDATE reports.report SET report_name = $2, report_description = $3,
                     report_preview_data = coalesce($4::json, report_preview_data),
                     report_updated_at = now(), report_updated_by_login_id = $5, search = $6
                 WHERE report_id = $1",
            )
            .bind(d.id)
            .bind(&d.name)
            .bind(&d.description)
            .bind(&d.preview_data)
            .bind(login_id)
            .bind(&search)
            .execute(&mut *tx)
            .await
            .map_err(|e| name_taken(e, &d.name))?;
            d.id
        };
        settle_default(&mut tx, id, &d.report_type, d.is_default).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Deletes a template and its versions; if it was its type's default, the latest changed of the others
    /// becomes it. The last card or slip template stays (they print from it).
    #[tracing::instrument(name = "db.reports.delete", skip(self))]
    pub async fn delete_report(&self, id: i64) -> Result<(), ServiceError> {
        let mut tx = self.pool.begin().await?;
        let report_type: Option<String> =
            sqlx::query_scalar("SELECT report_type FROM reports.report WHERE report_id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        let report_type =
            report_type.ok_or_else(|| ServiceError::NotFound(msg::report_not_found(id)))?;
        lock_type(&mut tx, &report_type).await?;
        let (_, was_default) = locked(&mut tx, id).await?;
        // Cards and slips print only from a template: their type keeps one.
        if super::SHIPPED.iter().any(|(shipped, _, _)| *shipped == report_type) {
            let others: i64 = sqlx::query_scalar(
                "SELECT count(*) FROM reports.report WHERE report_type = $1 AND report_id <> $2",
            )
            .bind(&report_type)
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
            if others == 0 {
                return Err(ServiceError::Conflict(msg::last_template(&report_type)));
            }
        }
        sqlx::query("DELETE FROM reports.report WHERE report_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if was_default {
            sqlx::query(
                "UPDATE reports.report SET report_is_default = true WHERE report_id =
                     (SELECT report_id FROM reports.report WHERE report_type = $1
                      ORDER BY report_updated_at DESC, report_id DESC LIMIT 1)",
            )
            .bind(&report_type)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// A new template named `name`, its first version the current one of `source`, not the default.
    #[tracing::instrument(name = "db.reports.copy", skip(self))]
    pub async fn copy_report(
        &self,
        source: i64,
        name: &str,
        login_id: i64,
    ) -> Result<i64, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let from: Option<(String, i32, String)> = sqlx::query_as(
            "SELECT r.report_name, r.report_current_version, v.template::text
             FROM reports.report r
             JOIN reports.report_version v
               ON v.report_id = r.report_id AND v.version = r.report_current_version
             WHERE r.report_id = $1",
        )
        .bind(source)
        .fetch_optional(&mut *tx)
        .await?;
        let (source_name, version, template) =
            from.ok_or_else(|| ServiceError::NotFound(msg::report_not_found(source)))?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO reports.report (report_name, report_description, report_type,
                 report_preview_data, report_updated_by_login_id, search)
             SELECT $2, report_description, report_type, report_preview_data, $3, $4
             FROM reports.report WHERE report_id = $1 RETURNING report_id",
        )
        .bind(source)
        .bind(name)
        .bind(login_id)
        .bind(text::search_of(name, ""))
        .fetch_one(&mut *tx)
        .await
        .map_err(|e| name_taken(e, name))?;
        let notes = msg::copy_notes(&source_name, version);
        super::versions::insert(&mut tx, id, 1, &template, &notes, login_id).await?;
        tx.commit().await?;
        Ok(id)
    }
}

/// Serialises the changes of one type's default: every save and deletion of a template of that type takes
/// it to the end of its transaction.
pub(super) async fn lock_type(
    tx: &mut PgConnection,
    report_type: &str,
) -> Result<(), ServiceError> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('reports.default'), hashtext($1))")
        .bind(report_type)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// A template's type and whether it is the default, its row locked.
pub(super) async fn locked(tx: &mut PgConnection, id: i64) -> Result<(String, bool), ServiceError> {
    let row: Option<(String, bool)> = sqlx::query_as(
        "SELECT report_type, report_is_default FROM reports.report WHERE report_id = $1 FOR UPDATE",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    row.ok_or_else(|| ServiceError::NotFound(msg::report_not_found(id)))
}

/// Keeps exactly one default of `report_type` after `id` was saved: `Some(true)` makes it the default
/// (the former one no longer), `Some(false)` is refused for the default itself (another must take its
/// place), and a type with no default takes `id`.
async fn settle_default(
    tx: &mut PgConnection,
    id: i64,
    report_type: &str,
    wanted: Option<bool>,
) -> Result<(), ServiceError> {
    let current: Option<i64> = sqlx::query_scalar(
        "SELECT report_id FROM reports.report WHERE report_type = $1 AND report_is_default",
    )
    .bind(report_type)
    .fetch_optional(&mut *tx)
    .await?;
    let make_default = match (wanted, current) {
        (Some(false), Some(current)) if current == id => {
            return Err(ServiceError::invalid_field("report_isDefault", msg::LAST_DEFAULT));
        }
        (Some(true), Some(current)) => current != id,
        (_, None) => true,
        _ => false,
    };
    if make_default {
        // The former default first: the unique index is checked row by row.
        sqlx::query(
            "UPDATE reports.report SET report_is_default = false
             WHERE report_type = $1 AND report_is_default",
        )
        .bind(report_type)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE reports.report SET report_is_default = true WHERE report_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// A name already taken, said on its field.
fn name_taken(error: sqlx::Error, name: &str) -> ServiceError {
    unique_or(
        error,
        [UniqueField {
            constraint: "report_name_key",
            field: "report_name",
            message: msg::name_taken(name),
        }],
    )
}
