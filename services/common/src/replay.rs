//! A service's records told again, for a consumer that must rebuild its projection. A stream keeps its
//! events only so long (`nats::StreamLimits`): a consumer that fell further behind than that, or that
//! first runs after the stream's first events were dropped, has missed events for good
//! (`consumer::rebuild`). It then asks the owning service for every record it holds, told as the events
//! that give each record's current state, a page at a time, over NATS request-reply on
//! `<prefix>.replay.<service>` (`Naming::replay_subject`: outside every stream, so nothing of it is kept).
//! Each owning service answers from its `Source` (`Service::replay`), one replica a request (a queue
//! group).
//!
//! A page holds the records of one entity (`member`, `locality`) in a range of ids, every record the
//! owner holds in that range: so the consumer also forgets what it keeps in the range and the owner no
//! longer holds (a record deleted while the consumer was behind: `Handler::forget_others`).

use crate::error::ServiceError;
use crate::nats::Naming;
use crate::outbox::Subject;
use anyhow::{Context, Result};
pub use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::sync::Arc;
use tokio_stream::StreamExt;
use tracing::Instrument;

/// The entities the owning services replay, named once for the owners and their consumers.
pub mod entities {
    pub const REGION: &str = "region";
    pub const DEPARTMENT: &str = "department";
    pub const SUBPREFECTURE: &str = "subprefecture";
    pub const LOCALITY: &str = "locality";
    /// The geography's four levels, from the top (the order the geography tells them in).
    pub const GEOGRAPHY: [&str; 4] = [REGION, DEPARTMENT, SUBPREFECTURE, LOCALITY];
    pub const MEMBER: &str = "member";
    pub const COOPERATIVE: &str = "cooperative";
    pub const PARCEL: &str = "parcel";
    pub const TRANSACTION: &str = "transaction";
    pub const CARD: &str = "card";
    pub const DELIVERY: &str = "delivery";
}

/// The most records a page asks for: the page is halved until it fits in a NATS message.
const PAGE: i64 = 500;

/// One event of a record told again: the record's id, its subject (without the instance prefix) and its
/// payload as the outbox publishes it (`meta` with an id, the schema version and a time).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Replayed {
    pub id: i64,
    pub subject: String,
    pub payload: serde_json::Value,
}

impl Replayed {
    /// Record `id` told by `event` under `subject`; `occurred_at` is the time the event tells of (a
    /// member's `created` event carries its registration), now when `None`.
    pub fn of<E: proto::Event>(
        id: i64,
        subject: &Subject<E>,
        event: &E,
        occurred_at: Option<chrono::DateTime<chrono::Utc>>,
    ) -> Result<Replayed, ServiceError> {
        let mut payload = serde_json::to_value(event)
            .map_err(|e| ServiceError::Internal(anyhow::anyhow!("an event told again: {e}")))?;
        payload["meta"] = serde_json::to_value(proto::common::EventMeta {
            event_id: uuid::Uuid::now_v7().to_string(),
            schema_version: E::SCHEMA_VERSION,
            occurred_at: occurred_at.unwrap_or_else(chrono::Utc::now).to_rfc3339(),
        })
        .unwrap_or_default();
        Ok(Replayed { id, subject: subject.name().to_string(), payload })
    }
}

/// What an owning service tells again.
pub trait Source: Send + Sync + 'static {
    /// Its entities, in the order a consumer applies them (a department after its region, a dependant
    /// member's after its main member's: the records of one entity go in the order of their ids).
    fn entities(&self) -> &'static [&'static str];

    /// Up to `limit` records of `entity` with an id above `after`, in the order of their ids, each told
    /// by the events that give its current state (a member and its photo).
    fn page<'a>(
        &'a self,
        entity: &'a str,
        after: i64,
        limit: i64,
    ) -> BoxFuture<'a, Result<Vec<Replayed>, ServiceError>>;
}

/// Where a replay goes on: an entity (`None`: the first) and the last id already told.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct PageRequest {
    pub entity: Option<String>,
    pub after: i64,
}

/// The ids of one entity a page covers: above `after`, up to `upto` included (`None`: every id after).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq)]
pub struct IdRange {
    pub after: i64,
    pub upto: Option<i64>,
}

/// A page of records told again.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Page {
    pub entity: String,
    pub range: IdRange,
    /// Every record the owner holds in the range.
    pub ids: Vec<i64>,
    pub events: Vec<Replayed>,
    /// The next page to ask for; `None` after the last entity's last page.
    pub next: Option<PageRequest>,
}

/// The answer to a request: a page, or why there is none.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    Page(Page),
    Refused(String),
}

/// The page `request` asks of `source`, of at most `limit` records.
pub async fn page_of(
    source: &dyn Source,
    request: &PageRequest,
    limit: i64,
) -> Result<Page, ServiceError> {
    let entities = source.entities();
    let index = match &request.entity {
        None => 0,
        Some(entity) => entities.iter().position(|e| e == entity).ok_or_else(|| {
            ServiceError::NotFound(format!("« {entity} » n'est pas une entité rejouée."))
        })?,
    };
    let entity = entities[index];
    let events = source.page(entity, request.after, limit).await?;
    let mut ids: Vec<i64> = events.iter().map(|e| e.id).collect();
    ids.dedup();
    let full = ids.len() as i64 >= limit;
    let upto = if full { ids.last().copied() } else { None };
    let next = match upto {
        Some(last) => Some(PageRequest { entity: Some(entity.to_string()), after: last }),
        None => entities
            .get(index + 1)
            .map(|next| PageRequest { entity: Some(next.to_string()), after: 0 }),
    };
    Ok(Page {
        entity: entity.to_string(),
        range: IdRange { after: request.after, upto },
        ids,
        events,
        next,
    })
}

/// The replay requests of one service, subscribed to (so that a consumer asking from now on is
/// answered), answered by `run`.
pub struct Replays {
    service: &'static str,
    source: Arc<dyn Source>,
    nats: async_nats::Client,
    requests: async_nats::Subscriber,
}

impl Replays {
    /// Subscribes to the replay requests of `service`, to be answered from `source`.
    pub async fn subscribe(
        service: &'static str,
        source: Arc<dyn Source>,
        naming: &Naming,
        nats: async_nats::Client,
    ) -> Result<Replays> {
        let requests = nats
            .queue_subscribe(naming.replay_subject(service), format!("{service}-replay"))
            .await
            .with_context(|| format!("cannot answer the replays of {service}"))?;
        Ok(Replays { service, source, nats, requests })
    }

    /// Answers each request, one at a time, until `shutdown` resolves.
    pub async fn run(mut self, shutdown: impl Future<Output = ()> + Send) -> Result<()> {
        let service = self.service;
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                _ = &mut shutdown => return Ok(()),
                request = self.requests.next() => {
                    let Some(request) = request else {
                        anyhow::bail!("the replay requests of {service} ended");
                    };
                    let Some(reply) = request.reply.clone() else { continue };
                    let span = tracing::info_span!("replay.page", sesame.service = service);
                    let max_payload = self.nats.server_info().max_payload;
                    let answer = answer(&*self.source, &request.payload, max_payload)
                        .instrument(span)
                        .await;
                    if let Err(e) = self.nats.publish(reply, answer.into()).await {
                        tracing::warn!(error = %e, service, "a replay page could not be sent");
                    }
                }
            }
        }
    }
}

/// The answer to one request, as sent: the page halved until it fits in `max_payload` bytes.
async fn answer(source: &dyn Source, request: &[u8], max_payload: usize) -> Vec<u8> {
    let refused =
        |message: String| serde_json::to_vec(&Answer::Refused(message)).unwrap_or_default();
    let request: PageRequest = match serde_json::from_slice(request) {
        Ok(request) => request,
        Err(e) => return refused(format!("Demande de pages illisible : {e}")),
    };
    let mut limit = PAGE;
    loop {
        let page = match page_of(source, &request, limit).await {
            Ok(page) => page,
            Err(e) => {
                tracing::error!(error = %e, ?request, "a replay page could not be read");
                return refused(e.to_string());
            }
        };
        let (entity, records) = (page.entity.clone(), page.ids.len());
        let body = serde_json::to_vec(&Answer::Page(page)).unwrap_or_default();
        if body.len() < max_payload || limit == 1 {
            metrics::counter!("sesame_replay_records_total", "entity" => entity)
                .increment(records as u64);
            return body;
        }
        limit = (limit / 2).max(1);
    }
}

/// Asks `service` for the page `request` (the consumer's side); `None` while nobody answers (the
/// owning service not started yet, or its answer lost): ask again.
pub async fn ask(
    nats: &async_nats::Client,
    naming: &Naming,
    service: &str,
    request: &PageRequest,
) -> Result<Option<Page>> {
    let body = serde_json::to_vec(request)?;
    let asked = async_nats::Request::new()
        .payload(body.into())
        .timeout(Some(std::time::Duration::from_secs(30)));
    let reply = match nats.send_request(naming.replay_subject(service), asked).await {
        Ok(reply) => reply,
        Err(e) => {
            tracing::warn!(error = %e, service, "the owning service did not answer a replay page");
            return Ok(None);
        }
    };
    match serde_json::from_slice::<Answer>(&reply.payload)
        .with_context(|| format!("an unreadable replay page of {service}"))?
    {
        Answer::Page(page) => Ok(Some(page)),
        Answer::Refused(message) => anyhow::bail!("{service} refused a replay page: {message}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three members (the second with its photo) and no cooperative.
    struct Owner;

    impl Source for Owner {
        fn entities(&self) -> &'static [&'static str] {
            &[entities::MEMBER, entities::COOPERATIVE]
        }

        fn page<'a>(
            &'a self,
            entity: &'a str,
            after: i64,
            limit: i64,
        ) -> BoxFuture<'a, Result<Vec<Replayed>, ServiceError>> {
            let told = |id: i64, subject: &str| Replayed {
                id,
                subject: subject.into(),
                payload: serde_json::json!({"id": id}),
            };
            let mut events = Vec::new();
            if entity == entities::MEMBER {
                for id in [3, 5, 9].into_iter().filter(|id| *id > after).take(limit as usize) {
                    events.push(told(id, "members.member.created"));
                    if id == 5 {
                        events.push(told(id, "members.member.photos_changed"));
                    }
                }
            }
            Box::pin(async move { Ok(events) })
        }
    }

    #[tokio::test]
    async fn pages_cover_every_id_of_each_entity_in_turn() {
        let first = page_of(&Owner, &PageRequest::default(), 2).await.unwrap();
        assert_eq!(first.entity, "member");
        assert_eq!(first.range, IdRange { after: 0, upto: Some(5) });
        assert_eq!(first.ids, [3, 5], "a record told by two events counts once");
        assert_eq!(first.events.len(), 3);
        let second = page_of(&Owner, first.next.as_ref().unwrap(), 2).await.unwrap();
        assert_eq!(
            (second.range, second.ids.as_slice()),
            (IdRange { after: 5, upto: None }, &[9][..])
        );
        let last = page_of(&Owner, second.next.as_ref().unwrap(), 2).await.unwrap();
        assert_eq!(last.entity, "cooperative");
        assert_eq!((last.range, last.ids.len()), (IdRange { after: 0, upto: None }, 0));
        assert_eq!(last.next, None, "after the last entity");

        let unknown = PageRequest { entity: Some("parcelle".into()), after: 0 };
        assert!(page_of(&Owner, &unknown, 2).await.is_err());
    }

    #[tokio::test]
    async fn a_page_too_large_for_a_message_is_halved() {
        let whole: Answer =
            serde_json::from_slice(&answer(&Owner, b"{\"after\":0}", 1 << 20).await).unwrap();
        let Answer::Page(whole) = whole else { panic!("a page") };
        assert_eq!(whole.ids, [3, 5, 9]);
        let small: Answer =
            serde_json::from_slice(&answer(&Owner, b"{\"after\":0}", 250).await).unwrap();
        let Answer::Page(small) = small else { panic!("a page") };
        assert!(small.ids.len() < 3, "{small:?}");
        assert_eq!(small.range.upto, small.ids.last().copied());
        let refused: Answer = serde_json::from_slice(&answer(&Owner, b"{", 1 << 20).await).unwrap();
        assert!(
            matches!(refused, Answer::Refused(m) if m.starts_with("Demande de pages illisible"))
        );
    }
}
