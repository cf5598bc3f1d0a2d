//! Printing from the designer's templates: the default template of a type, asked of the reports service
//! once at the start of a print (with the token of whoever prints), and the records it is filled with: a
//! card (its JSON names, its photo as `card_photo`, its signed QR code as `card_qrcode`) or a delivery.
//! Cards and slips print only from a template: a fresh install has the ones Sésame ships, and the last
//! one of a type is never deleted.

use crate::domain::messages as msg;
use crate::template_render::{JsonRecord, Record, Template};
use common::error::ServiceError;
use common::grpc::TracedChannel;
use common::printed::{SLIP_CARDS, SLIP_KIND};
use krilla::image::Image;
use proto::cards as pb;
use proto::reports::reports_client::ReportsClient;
use std::sync::Arc;
use tonic::Code;

pub type Reports = Option<ReportsClient<TracedChannel>>;

/// A card to print, with its photo (JPEG) when it has one.
pub struct CardToPrint<'a> {
    pub card: &'a pb::Card,
    pub photo: Option<Vec<u8>>,
}

/// The default template of `report_type` (`card`, `delivery_slip`), read: its documents print with
/// nothing else. Refused in French when the reports service cannot say which it is.
pub async fn required_template(
    reports: &Reports,
    report_type: &str,
) -> Result<Arc<Template>, ServiceError> {
    default_template(reports, report_type)
        .await?
        .ok_or_else(|| ServiceError::Unavailable(msg::no_template(report_type)))
}

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
            tracing::warn!(report_type, "no default template: nothing prints");
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
    let fields: Vec<_> = deliveries.iter().map(slip_values).collect();
    let records: Vec<JsonRecord> =
        fields.iter().map(|values| JsonRecord { values, photo: None }).collect();
    let records: Vec<&dyn Record> = records.iter().map(|r| r as &dyn Record).collect();
    template.pdf(&records)
}

/// A delivery's fields by their JSON names, with its cards' table and its kind.
fn slip_values(detail: &pb::DeliveryDetail) -> serde_json::Map<String, serde_json::Value> {
    let delivery = detail.delivery.clone().unwrap_or_default();
    let mut fields = values(&delivery);
    // The holder's last name in capitals, dates as jj/mm/aaaa, in the six columns the shipped slip's
    // head names.
    let day = |date: Option<&str>| {
        let date = date.unwrap_or_default();
        crate::template_render::french_date_or(date.get(..10).unwrap_or(date))
    };
    let rows: Vec<serde_json::Value> = detail
        .cards
        .iter()
        .enumerate()
        .map(|(i, c)| {
            serde_json::json!([
                (i + 1).to_string(),
                c.card_id_number,
                c.card_member_id_number,
                format!("{} {}", c.card_lastname.to_uppercase(), c.card_firstname),
                day(c.card_birth_date.as_deref()),
                day(Some(&c.card_expiration_date)),
            ])
        })
        .collect();
    fields.insert(
        SLIP_CARDS.into(),
        serde_json::Value::String(serde_json::Value::from(rows).to_string()),
    );
    let kind = crate::domain::delivery_rules::kind_fr(delivery.delivery_is_error_type);
    fields.insert(SLIP_KIND.into(), kind.into());
    fields
}
