//! The cards, deliveries and payments lists as an export reads them (`common::export`): each list's own
//! filters and sort (the start request's `CardsExportRequest`), a keyset page of 5,000 rows at a time,
//! each row the list's row.

use crate::domain::delivery_rules;
use crate::store::Store;
use crate::store::cards::{CARD_SORT, CardSearch};
use crate::store::deliveries::{DELIVERY_SORT, DeliverySearch};
use crate::store::transactions::TRANSACTION_SORT;
use common::error::ServiceError;
use common::export::{Cell, ExportSource, PAGE_ROWS, Sources};
use common::paging::Page;
use prost::Message;
use proto::cards as pb;

/// The lists this service exports, with their files' names (`cartes-2026-11-26.csv`).
pub const LISTS: &[(&str, &str)] =
    &[("cards", "cartes"), ("deliveries", "livraisons"), ("transactions", "paiements")];

pub const CARD_HEADERS: &[&str] = &[
    "N°",
    "N° de carte",
    "N° d'adhérent",
    "Nom",
    "Prénoms",
    "Statut",
    "Expire le",
    "Imprimée le",
    "Livrée le",
    "Créée le",
];

pub const DELIVERY_HEADERS: &[&str] = &[
    "N°",
    "Code",
    "Type",
    "Cartes",
    "Envoyée",
    "Créée le",
    "Envoyée le",
    "Créée par",
    "Preuve de livraison",
];

pub const TRANSACTION_HEADERS: &[&str] = &[
    "N°",
    "Date",
    "Montant (FCFA)",
    "Type",
    "N° de l'adhérent",
    "Opérateur",
    "N° d'opération",
    "Utilisé pour une carte",
    "Enregistré le",
    "Enregistré par",
    "Annulé le",
    "Motif d'annulation",
];

/// A card's status as the screens name it.
pub fn status_label(status: &str) -> String {
    match status {
        "pending" => "En attente d'impression",
        "printed" => "Imprimée",
        "in_delivery" => "En livraison",
        "delivered" => "Livrée",
        "error" => "En erreur",
        "cancelled" => "Annulée",
        "revoked" => "Révoquée",
        other => other,
    }
    .to_string()
}

pub fn card_cells(row: pb::CardRow) -> Vec<Cell> {
    vec![
        Cell::opt_int(row.card_id),
        Cell::Text(row.card_id_number),
        Cell::Text(row.card_member_id_number),
        Cell::Text(row.card_lastname),
        Cell::Text(row.card_firstname),
        Cell::Text(status_label(&row.card_status)),
        Cell::date(row.card_expiration_date),
        Cell::opt_date(row.card_printed_at),
        Cell::opt_date(row.card_delivered_at),
        Cell::date(row.card_created_at),
    ]
}

pub fn delivery_cells(row: pb::Delivery) -> Vec<Cell> {
    vec![
        Cell::opt_int(row.delivery_id),
        Cell::Text(row.delivery_code),
        Cell::Text(delivery_rules::kind_fr(row.delivery_is_error_type).into()),
        Cell::Int(row.delivery_quantity),
        Cell::Bool(row.delivery_sent),
        Cell::date(row.delivery_creation_date_time),
        Cell::opt_date(row.delivery_sent_date_time),
        Cell::Text(row.delivery_created_by_login),
        Cell::Bool(row.delivery_has_proof),
    ]
}

pub fn transaction_cells(row: pb::Transaction) -> Vec<Cell> {
    vec![
        Cell::opt_int(row.transaction_id),
        Cell::date(row.transaction_date),
        row.transaction_amount.map_or(Cell::Empty, Cell::Number),
        Cell::Text(row.transaction_type),
        Cell::opt_int(row.transaction_member_id),
        Cell::Text(row.transaction_mobile_operator),
        Cell::Text(row.transaction_number),
        Cell::Bool(row.transaction_is_used_for_card),
        Cell::date(row.transaction_created_at),
        Cell::Text(row.transaction_created_by_user),
        Cell::date(row.transaction_cancelled_at),
        Cell::Text(row.transaction_cancel_reason),
    ]
}

/// The page of an export: the list's sort, every row.
fn export_page(
    paging: Option<proto::common::Paging>,
    allowed: &[(&str, &'static str)],
) -> Result<Page, ServiceError> {
    let paging = proto::common::Paging {
        limit: PAGE_ROWS,
        offset: 0,
        after: 0,
        ..paging.unwrap_or_default()
    };
    Page::of(&paging, allowed)
}

/// The checked list of a start request: its source (a 400 in French for an unknown list, a bad filter
/// or sort, at once), and its file's name.
pub fn checked(
    store: &Store,
    request: &pb::CardsExportRequest,
) -> Result<(Box<dyn ExportSource>, &'static str), ServiceError> {
    let list = request.list.trim();
    let Some((_, stem)) = LISTS.iter().find(|(name, _)| *name == list) else {
        return Err(ServiceError::invalid_field(
            "list",
            format!(
                "Liste à exporter inconnue : « {list} ». Listes possibles : cards, deliveries, transactions."
            ),
        ));
    };
    let store = store.clone();
    let source: Box<dyn ExportSource> = match list {
        "cards" => {
            let r = request.cards.clone().unwrap_or_default();
            let page = export_page(r.paging.clone(), CARD_SORT)?;
            Box::new(CardExport { store, search: crate::grpc::card_search(&r, false), page })
        }
        "deliveries" => {
            let r = request.deliveries.clone().unwrap_or_default();
            let page = export_page(r.paging.clone(), DELIVERY_SORT)?;
            Box::new(DeliveryExport {
                store,
                code: r.delivery_code.trim().to_string(),
                id_number: r.id_number.trim().to_uppercase(),
                sent: r.delivery_sent,
                page,
            })
        }
        _ => {
            let r = request.transactions.clone().unwrap_or_default();
            let page = export_page(r.paging.clone(), TRANSACTION_SORT)?;
            Box::new(TransactionExport {
                store,
                member_id: r.member_id.filter(|id| *id > 0),
                spendable: r.spendable,
                page,
            })
        }
    };
    Ok((source, stem))
}

pub struct CardSources {
    pub store: Store,
}

impl Sources for CardSources {
    fn open(&self, _list: &str, filters: &[u8]) -> Result<Box<dyn ExportSource>, ServiceError> {
        let request = pb::CardsExportRequest::decode(filters)
            .map_err(|e| ServiceError::Internal(anyhow::anyhow!("export filters: {e}")))?;
        Ok(checked(&self.store, &request)?.0)
    }
}

struct CardExport {
    store: Store,
    search: CardSearch,
    page: Page,
}

#[tonic::async_trait]
impl ExportSource for CardExport {
    fn headers(&self) -> Vec<&'static str> {
        CARD_HEADERS.to_vec()
    }

    async fn total(&self) -> anyhow::Result<(i64, bool)> {
        Ok(self.store.card_total(&self.search).await?)
    }

    async fn page(&self, after: i64, limit: i64) -> anyhow::Result<Vec<(i64, Vec<Cell>)>> {
        let page = Page { after, limit, offset: 0, ..self.page.clone() };
        let rows = self.store.card_rows(&self.search, &page).await?;
        Ok(rows.into_iter().map(|row| (row.card_id.unwrap_or_default(), card_cells(row))).collect())
    }
}

struct DeliveryExport {
    store: Store,
    code: String,
    id_number: String,
    sent: Option<bool>,
    page: Page,
}

impl DeliveryExport {
    fn search(&self) -> DeliverySearch<'_> {
        DeliverySearch { code: &self.code, id_number: &self.id_number, sent: self.sent }
    }
}

#[tonic::async_trait]
impl ExportSource for DeliveryExport {
    fn headers(&self) -> Vec<&'static str> {
        DELIVERY_HEADERS.to_vec()
    }

    async fn total(&self) -> anyhow::Result<(i64, bool)> {
        Ok((self.store.delivery_total(&self.search()).await?, true))
    }

    async fn page(&self, after: i64, limit: i64) -> anyhow::Result<Vec<(i64, Vec<Cell>)>> {
        let page = Page { after, limit, offset: 0, ..self.page.clone() };
        let rows = self.store.delivery_rows(&self.search(), &page).await?;
        Ok(rows
            .into_iter()
            .map(|row| (row.delivery_id.unwrap_or_default(), delivery_cells(row)))
            .collect())
    }
}

struct TransactionExport {
    store: Store,
    member_id: Option<i64>,
    spendable: bool,
    page: Page,
}

#[tonic::async_trait]
impl ExportSource for TransactionExport {
    fn headers(&self) -> Vec<&'static str> {
        TRANSACTION_HEADERS.to_vec()
    }

    async fn total(&self) -> anyhow::Result<(i64, bool)> {
        Ok(self.store.transaction_total(self.member_id, self.spendable).await?)
    }

    async fn page(&self, after: i64, limit: i64) -> anyhow::Result<Vec<(i64, Vec<Cell>)>> {
        let page = Page { after, limit, offset: 0, ..self.page.clone() };
        let rows = self.store.transaction_rows(self.member_id, self.spendable, &page).await?;
        Ok(rows
            .into_iter()
            .map(|row| (row.transaction_id.unwrap_or_default(), transaction_cells(row)))
            .collect())
    }
}
