//! A template's versions: each save of the designer's JSON is the next one, kept as it was written.

use super::Store;
use super::reports::{REPORT_COLUMNS, locked};
use crate::domain::messages as msg;
use common::error::ServiceError;
use proto::reports as pb;
use sqlx::PgConnection;

impl Store {
    /// Saves `template` as the template's next version with its notes; answers the version.
    #[tracing::instrument(name = "db.reports.save_version", skip(self, template, notes))]
    pub async fn save_version(
        &self,
        id: i64,
        template: &str,
        notes: &str,
        login_id: i64,
    ) -> Result<i32, ServiceError> {
        let mut tx = self.pool.begin().await?;
        // The row's lock orders concurrent saves: each takes the next number.
        locked(&mut tx, id).await?;
        let version: i32 = sqlx::query_scalar(
            "UPDATE reports.report SET report_current_version = report_current_version + 1,
                 report_updated_at = now(), report_updated_by_login_id = $2
             WHERE report_id = $1 RETURNING report_current_version",
        )
        .bind(id)
        .bind(login_id)
        .fetch_one(&mut *tx)
        .await?;
        insert(&mut tx, id, version, template, notes, login_id).await?;
        tx.commit().await?;
        Ok(version)
    }

    /// The template with the JSON of `version` (0: the current one).
    #[tracing::instrument(name = "db.reports.get", skip(self))]
    pub async fn get_report(&self, id: i64, version: i32) -> Result<pb::Report, ServiceError> {
        let sql = format!(
            "SELECT {REPORT_COLUMNS}, v.template::text AS report_json FROM reports.report r
             JOIN reports.report_version v ON v.report_id = r.report_id
             WHERE r.report_id = $1
               AND v.version = CASE WHEN $2 > 0 THEN $2 ELSE r.report_current_version END"
        );
        let found = sqlx::query_as::<_, pb::Report>(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .bind(version)
            .fetch_optional(&self.pool)
            .await?;
        match found {
            Some(report) => Ok(report),
            None if version > 0 && self.exists(id).await? => {
                Err(ServiceError::NotFound(msg::version_not_found(id, version)))
            }
            None => Err(ServiceError::NotFound(msg::report_not_found(id))),
        }
    }

    /// The default template of `report_type`, if the type has one.
    #[tracing::instrument(name = "db.reports.default", skip(self))]
    pub async fn default_report(&self, report_type: &str) -> Result<Option<i64>, ServiceError> {
        Ok(sqlx::query_scalar(
            "SELECT report_id FROM reports.report WHERE report_type = $1 AND report_is_default",
        )
        .bind(report_type)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The template's versions, newest first, without their JSON.
    #[tracing::instrument(name = "db.reports.versions", skip(self))]
    pub async fn list_versions(&self, id: i64) -> Result<Vec<pb::ReportVersion>, ServiceError> {
        if !self.exists(id).await? {
            return Err(ServiceError::NotFound(msg::report_not_found(id)));
        }
        Ok(sqlx::query_as(
            "SELECT v.version AS report_version, v.notes AS report_version_notes,
                    to_jsonb(v.saved_at) #>> '{}' AS report_updated_at,
                    v.saved_by_login_id AS report_updated_by_login_id,
                    v.version = r.report_current_version AS report_is_current
             FROM reports.report_version v JOIN reports.report r ON r.report_id = v.report_id
             WHERE v.report_id = $1 ORDER BY v.version DESC",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// A template's type (the rules its versions are checked by).
    pub async fn report_type(&self, id: i64) -> Result<String, ServiceError> {
        let found: Option<String> =
            sqlx::query_scalar("SELECT report_type FROM reports.report WHERE report_id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        found.ok_or_else(|| ServiceError::NotFound(msg::report_not_found(id)))
    }

    async fn exists(&self, id: i64) -> Result<bool, ServiceError> {
        Ok(sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM reports.report WHERE report_id = $1)")
            .bind(id)
            .fetch_one(&self.pool)
            .await?)
    }
}

/// Writes version `version` of template `id`.
pub(super) async fn insert(
    tx: &mut PgConnection,
    id: i64,
    version: i32,
    template: &str,
    notes: &str,
    login_id: impl Into<Option<i64>>,
) -> Result<(), ServiceError> {
    let login_id: Option<i64> = login_id.into();
    sqlx::query(
        "INSERT INTO reports.report_version (report_id, version, template, notes, saved_by_login_id)
         VALUES ($1, $2, $3::json, $4, $5)",
    )
    .bind(id)
    .bind(version)
    .bind(template)
    .bind(notes)
    .bind(login_id)
    .execute(&mut *tx)
    .await?;
    Ok(())
}
