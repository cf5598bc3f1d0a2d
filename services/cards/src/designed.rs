//! Printing from the designer's templates: the default template of a type, asked of the reports service
//! once at the start of a print (with the token of whoever prints), and the records it is filled with: a
//! card (its JSON names, its photo as `card_photo`, its signed QR code as `card_qrcode`) or a delivery.
//! No default template of the type: the fixed layouts of `printing` and `delivery_slip` print.

use crate::domain::messages as msg;
use crate::printing::CardToPrint;
use crate::template_render::{JsonRecord, Record, Template};
use common::error::ServiceError;
use common::grpc::TracedChannel;
use krilla::image::Image;
use proto::cards as pb;
use proto::reports::reports_client::ReportsClient;
use std::sync::Arc;
use tonic::Code;

pub type Reports = Option<ReportsClient<TracedChannel>>;

/// The default template of `report_type` (`card`, `delivery_slip`), read; `None` when the type has none
/// or the reports service is not known (a service built alone).
pub async fn default_template(
    reports: &Reports,
    report_type: &str,
) -> Result<Option<Arc<Template>>, ServiceError> {
    let Some(reports) = reports else {
        return Ok(None);
    };
    let request = proto::reports::ReportTypeRequest { report_type: report_type.to_string() };
    let report = match reports.clone().get_default_report(request).await {
        Ok(report) => report.into_inner(),
        Err(status) if status.code() == Code::NotFound => {
            tracing::info!(report_type, "no default template: the fixed layout prints");
            return Ok(None);
        }
        Err(status) => {
            tracing::error!(code = ?status.code(), message = status.message(), report_type, "default template unreadable");
            return Err(ServiceError::Unavailable(msg::REPORTS_UNAVAILABLE.into()));
        }
    };
    match Template::parse(&report.report_json) {
        Ok(template) => {
            tracing::info!(
                report_type,
                report_id = report.report_id,
                version = report.report_version,
                "printing with the default template"
            );
            Ok(Some(Arc::new(template)))
        }
        Err(why) => {
            tracing::error!(
                report_id = report.report_id,
                error = why,
                "default template cannot print"
            );
            Err(ServiceError::Conflict(msg::template_unprintable(&report.report_name)))
        }
    }
}

/// A record's fields by their JSON names (the proto message as the REST API writes it).
fn values<T: serde::Serialize>(message: &T) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(message) {
        Ok(serde_json::Value::Object(values)) => values,
        _ => serde_json::Map::new(),
    }
}

/// The PDF of `cards` with `template`, each card's pages in turn.
pub fn cards_pdf(template: &Template, cards: &[CardToPrint]) -> Result<Vec<u8>, String> {
    let fields: Vec<_> = cards.iter().map(|c| values(c.card)).collect();
    let records: Vec<JsonRecord> = cards
        .iter()
        .zip(&fields)
        .map(|(card, values)| JsonRecord {
            values,
            photo: card
                .photo
                .as_ref()
                .and_then(|jpeg| Image::from_jpeg(jpeg.clone().into(), true).ok())
                .map(|image| ("card_photo", image)),
        })
        .collect();
    let records: Vec<&dyn Record> = records.iter().map(|r| r as &dyn Record).collect();
    template.pdf(&records)
}

/// The slips of `deliveries` with `template`, each delivery's pages in turn.
pub fn slips_pdf(
    template: &Template,
    deliveries: &[pb::DeliveryDetail],
) -> Result<Vec<u8>, String> {
    let fields: Vec<_> =
        deliveries.iter().map(|d| values(&d.delivery.clone().unwrap_or_default())).collect();
    let records: Vec<JsonRecord> =
        fields.iter().map(|values| JsonRecord { values, photo: None }).collect();
    let records: Vec<&dyn Record> = records.iter().map(|r| r as &dyn Record).collect();
    template.pdf(&records)
}
