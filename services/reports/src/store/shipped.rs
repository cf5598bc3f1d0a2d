//! The templates Sésame ships (`services/reports/templates/*.json`, the designer's JSON): a fresh install
//! prints its cards and delivery slips with them, and the designer opens on a real layout. Each is saved once, as version 1
//! and its type's default, when its type has no template at all; the last template of a printed type is
//! never deleted (`Store::delete_report`), so it is not saved again behind an administrator's back.

use super::Store;
use super::reports::lock_type;
use crate::domain::messages as msg;
use crate::domain::templates::sample_data;
use common::error::ServiceError;
use common::{printed, text};

/// The types shipped with a template, its name and its JSON.
pub const SHIPPED: [(&str, &str, &str); 2] = [
    (printed::CARD, "Carte de membre", include_str!("../../templates/card.json")),
    (
        printed::DELIVERY_SLIP,
        "Bordereau de livraison",
        include_str!("../../templates/delivery_slip.json"),
    ),
];

impl Store {
    /// Saves each shipped template whose type has none yet; replicas starting together save it once.
    #[tracing::instrument(name = "db.reports.ship_templates", skip(self))]
    pub async fn ship_templates(&self) -> Result<(), ServiceError> {
        for (report_type, name, template) in SHIPPED {
            let mut tx = self.pool.begin().await?;
            lock_type(&mut tx, report_type).await?;
            let id: Option<i64> = sqlx::query_scalar(
                "INSERT INTO reports.report (report_name, report_description, report_type,
                     report_is_default, report_preview_data, search)
                 SELECT $1, $2, $3, true, $4::json, $5
                 WHERE NOT EXISTS (SELECT 1 FROM reports.report WHERE report_type = $3)
                 ON CONFLICT DO NOTHING
                 RETURNING report_id",
            )
            .bind(name)
            .bind(msg::SHIPPED_DESCRIPTION)
            .bind(report_type)
            .bind(sample_data(report_type).to_string())
            .bind(text::search_of(name, msg::SHIPPED_DESCRIPTION))
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(id) = id {
                super::versions::insert(&mut tx, id, 1, template, msg::SHIPPED_NOTES, None).await?;
                tracing::info!(report_type, report_id = id, "shipped template saved");
            }
            tx.commit().await?;
        }
        Ok(())
    }
}
