//! The members list as an export reads it (`common::export`): the list's own filters and sort (the start
//! request's `MemberListRequest`), a keyset page of 5,000 rows at a time, each row the list's row.

use crate::store::members::MEMBER_SORT;
use crate::store::{MemberSearch, Store};
use common::error::ServiceError;
use common::export::{Cell, ExportSource, Sources};
use common::paging::Page;
use prost::Message;
use proto::members as pb;

/// The only list of this service that exports.
pub const LIST: &str = "members";
/// The file's name: `adherents-2026-11-26.csv`.
pub const FILE_STEM: &str = "adherents";

/// The column titles, in the order of `cells`.
pub const HEADERS: &[&str] = &[
    "N°",
    "N° d'identification",
    "Nom",
    "Prénoms",
    "Sexe",
    "Date de naissance",
    "Lien familial",
    "Membre principal",
    "Localité",
    "Région",
    "Carte valide",
    "Paiement non utilisé",
];

/// A member's row as exported: the list's row, its yes/no values as « Oui » and « Non ».
pub fn cells(row: pb::MemberRow) -> Vec<Cell> {
    let link = if row.member_is_spouse {
        "Conjoint"
    } else if row.member_is_child {
        "Enfant"
    } else {
        "Principal"
    };
    vec![
        Cell::opt_int(row.member_id),
        Cell::Text(row.member_id_number),
        Cell::Text(row.member_lastname),
        Cell::Text(row.member_firstname),
        Cell::Text(row.member_gender),
        Cell::opt_date(row.member_birth_date),
        Cell::Text(link.into()),
        Cell::Text(row.member_main_member_name),
        Cell::Text(row.locality_name),
        Cell::Text(row.region_name),
        Cell::Bool(row.member_has_valid_card),
        Cell::Bool(row.member_has_unused_transaction),
    ]
}

/// The checked filters and sort of a start request (a 400 in French for a bad filter or sort, at once).
pub fn checked(request: &pb::MemberListRequest) -> Result<(MemberSearch, Page), ServiceError> {
    let paging = request.paging.clone().unwrap_or_default();
    let paging =
        proto::common::Paging { limit: common::export::PAGE_ROWS, offset: 0, after: 0, ..paging };
    let page = Page::of(&paging, MEMBER_SORT)?;
    Ok((crate::grpc::search_of(request.filter.clone())?, page))
}

pub struct MemberSources {
    pub store: Store,
}

impl Sources for MemberSources {
    fn open(&self, list: &str, filters: &[u8]) -> Result<Box<dyn ExportSource>, ServiceError> {
        if list != LIST {
            return Err(ServiceError::Internal(anyhow::anyhow!("no members list {list:?}")));
        }
        let request = pb::MemberListRequest::decode(filters)
            .map_err(|e| ServiceError::Internal(anyhow::anyhow!("export filters: {e}")))?;
        let (search, page) = checked(&request)?;
        Ok(Box::new(MemberExport { store: self.store.clone(), search, page }))
    }
}

struct MemberExport {
    store: Store,
    search: MemberSearch,
    page: Page,
}

#[tonic::async_trait]
impl ExportSource for MemberExport {
    fn headers(&self) -> Vec<&'static str> {
        HEADERS.to_vec()
    }

    async fn total(&self) -> anyhow::Result<(i64, bool)> {
        Ok(self.store.member_total(&self.search).await?)
    }

    async fn page(&self, after: i64, limit: i64) -> anyhow::Result<Vec<(i64, Vec<Cell>)>> {
        let page = Page { after, limit, offset: 0, ..self.page.clone() };
        let rows = self.store.member_rows(&self.search, &page).await?;
        Ok(rows.into_iter().map(|row| (row.member_id.unwrap_or_default(), cells(row))).collect())
    }
}
