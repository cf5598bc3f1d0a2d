//! `home/*`: the home page's figures, the day's work of the signed-in login: each asked of the service that
//! owns it, at once, and only those of the areas its role reads.

use crate::envelope::{self, Data};
use crate::error::{ApiError, ErrorBody};
use crate::session::Caller;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use common::grpc::TracedChannel;
use common::roles::{Access, Area, may};
use proto::common::{Empty, Paging};
use serde::Serialize;
use tonic::Status;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(day_figures))
}

/// The day's figures; a figure of an area the role does not read is absent.
#[derive(Serialize, ToSchema, Default)]
#[schema(description = "Les chiffres du jour ; un chiffre d'un domaine que le rôle ne lit pas \
    est absent.")]
#[serde(rename_all = "camelCase")]
pub struct DayFigures {
    // Members registered since the start of today, and of this month.
    /// Les adhérents inscrits depuis le début de la journée, et depuis le début du mois.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub members: Option<proto::members::Registered>,
    // Cards waiting to be printed, deliveries under way, payments without a card.
    /// Les cartes en attente d'impression, les livraisons en cours, les paiements sans carte.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<proto::cards::CardFigures>,
    // The latest synchronisation run of this instance (a field laptop's), if any.
    /// La dernière synchronisation de cette instance (un poste de terrain), s'il y en a une.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_synchronization: Option<proto::sync::JournalEntry>,
}

/// The home page's figures for the signed-in login: the members registered today and this month, the
/// cards waiting to be printed, the deliveries under way, the payments without a card, and the latest
/// synchronisation with its result, each only when the role reads its area.
#[utoipa::path(get, path = "/home/get.day_figures", tag = "home",
    summary = "Chiffres du jour de la page d'accueil",
    description = "Les chiffres de la page d'accueil pour l'utilisateur connecté : les adhérents \
        inscrits aujourd'hui et ce mois-ci, les cartes en attente d'impression, les livraisons en \
        cours, les paiements sans carte, et la dernière synchronisation avec son résultat, chacun \
        seulement quand le rôle lit son domaine.",
    responses((status = 200, body = Data<DayFigures>), (status = 401, body = ErrorBody)))]
pub async fn day_figures(
    State(state): State<AppState>,
    caller: Caller,
) -> Result<Response, ApiError> {
    let reads = |area| may(caller.role, area, Access::Read);
    let members = async {
        if !reads(Area::Members) {
            return Ok(None);
        }
        Ok::<_, Status>(Some(state.members().count_registered(Empty {}).await?.into_inner()))
    };
    let cards = async {
        if !reads(Area::Cards) {
            return Ok(None);
        }
        let mut client: proto::cards::cards_client::CardsClient<TracedChannel> = state.client();
        Ok::<_, Status>(Some(client.day_figures(Empty {}).await?.into_inner()))
    };
    let last_synchronization = async {
        if !reads(Area::Sync) {
            return Ok(None);
        }
        let mut client: proto::sync::sync_client::SyncClient<TracedChannel> = state.client();
        let newest = proto::sync::JournalListRequest {
            paging: Some(Paging {
                limit: 1,
                order_by: "synchronizationJournal_startedAt".into(),
                descending: true,
                ..Default::default()
            }),
            ..Default::default()
        };
        Ok::<_, Status>(client.list_journal(newest).await?.into_inner().entries.into_iter().next())
    };
    let (members, cards, last_synchronization) =
        tokio::try_join!(members, cards, last_synchronization)?;
    Ok(envelope::data(DayFigures { members, cards, last_synchronization }))
}
