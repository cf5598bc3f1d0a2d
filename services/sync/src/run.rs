//! One run, in the background: it writes where it is in its journal entry (message and counts), stops
//! as soon as it is asked to, and ends `done`, `stopped` or `failed` with a French message.
//!
//! `to_server` sends the members marked for sending, in batches, each acknowledged version cleared of
//! its mark; `from_server` applies the central server's changes page by page, its checkpoint written
//! after each page is applied. A run killed anywhere and started again converges: a batch or a page
//! sent again changes nothing, a mark is cleared only for the version the other side has, and the
//! checkpoint never passes what is applied (the rules: docs/api.md, "Synchronisation").

pub use crate::central::Session;
use crate::domain::messages as msg;
use crate::store::{CARDS, Counts, FROM_SERVER, GEOGRAPHY, RunClaim, Store};
use crate::{CardsClient, CentralServer, Clients, GeographyClient, MembersClient};
use common::photos::{SYNC_PHOTO_CALL_BYTES, SYNC_PHOTOS_A_CALL};
use common::service_identity::ServiceIdentity;
use futures::StreamExt;
use proto::cards as cpb;
use proto::geography as gpb;
use proto::members as mpb;
use proto::sync as pb;
use std::future::Future;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::sync::mpsc;

/// How often a run looks whether it was asked to stop.
const STOP_POLL: Duration = Duration::from_millis(100);
/// Members a batch or a page holds: about 300 KB of JSON, well under the gateway's body limit.
pub const BATCH: i32 = 250;
/// Geography rows a page holds (a row is a few hundred bytes).
pub const GEOGRAPHY_PAGE: i32 = 500;
/// Payments and cards a page holds (a card, with its signed QR code, is about a kilobyte).
pub const CARDS_PAGE: i32 = 500;
/// Calls' worth of photos read here and sent at once: the central server checks a call's photos while
/// the next travels and the one after is read. Four left a third of both cores idle once the records
/// were sent (docs/performance.md, 2026-11-29, 22:20 UTC).
const PHOTO_CALLS_AT_ONCE: usize = 6;
/// Photos listed at a time: read here, sent in one round of calls all in flight together, and
/// acknowledged together.
const PHOTO_PAGE: i32 = (SYNC_PHOTOS_A_CALL * PHOTO_CALLS_AT_ONCE) as i32;
/// The central server's photos asked in one call (its answer carries them in base64: a few MB).
const CENTRAL_PHOTOS_A_CALL: usize = 20;

/// Whether everything here is still to be marked for sending before the checkpoints are taken back
/// (a sending run answered `sendEverything` has marked it already).
#[derive(Clone, Copy)]
enum Marking {
    Needed,
    Done,
}

/// What a run needs: its journal, the central server, this instance's members service.
pub struct Work {
    pub store: Store,
    pub central: Option<CentralServer>,
    pub http: reqwest::Client,
    pub clients: Clients,
    /// The sync service's own identity, which the run's calls to the members service carry.
    pub identity: Option<ServiceIdentity>,
}

/// How a run ended, short of a failure (whose message says why).
enum Ended {
    Done(String),
    Stopped,
}

/// Runs `uuid` to its end and journals how it ended; never fails itself (a failure is its journal's).
#[tracing::instrument(name = "sync.run", skip(work, claim))]
pub async fn run(work: Work, uuid: uuid::Uuid, direction: &'static str, mut claim: RunClaim) {
    // A stop asked while a step waits (on the central server, say) ends the run at once; so does the
    // loss of its claim, after which another replica may start a run.
    let outcome = tokio::select! {
        outcome = as_service(&work, steps(&work, uuid, direction)) => outcome,
        () = stop_asked(&work.store, uuid) => Ok(Ended::Stopped),
        () = claim.lost() => Err(msg::CLAIM_LOST.to_string()),
    };
    let (state, message) = match outcome {
        Ok(Ended::Done(message)) => ("done", message),
        Ok(Ended::Stopped) => ("stopped", msg::STOPPED.to_string()),
        Err(message) => {
            tracing::warn!(%uuid, direction, message, "sync run failed");
            ("failed", message)
        }
    };
    common::metrics::sync_run_ended(direction, state);
    if let Err(error) = work.store.end_run(uuid, state, &message).await {
        tracing::error!(%uuid, %error, "the end of a sync run could not be journaled");
    }
    claim.release().await;
}

/// Resolves once the run is asked to stop (its journal row says so; any replica may have been asked).
async fn stop_asked(store: &Store, uuid: uuid::Uuid) {
    loop {
        tokio::time::sleep(STOP_POLL).await;
        match store.stop_requested(uuid).await {
            Ok(true) => return,
            Ok(false) => {}
            Err(error) => {
                tracing::warn!(%uuid, %error, "whether a sync run was asked to stop is unknown")
            }
        }
    }
}

/// Runs `steps` as the sync service: its calls carry the service's token, renewed however long it lasts.
async fn as_service(
    work: &Work,
    steps: impl Future<Output = Result<Ended, String>>,
) -> Result<Ended, String> {
    let identity = work.identity.as_ref().ok_or_else(|| msg::NO_SERVICE_IDENTITY.to_string())?;
    identity.run(steps).await.map_err(|status| {
        tracing::warn!(error = %status.message(), "the sync service has no token of its own");
        msg::NO_SERVICE_IDENTITY.to_string()
    })?
}

async fn steps(work: &Work, uuid: uuid::Uuid, direction: &str) -> Result<Ended, String> {
    let central = work.central.as_ref().ok_or_else(|| msg::NOT_PAIRED.to_string())?;
    let members =
        work.clients.members.clone().ok_or_else(|| msg::NO_MEMBERS_SERVICE.to_string())?;
    let geography =
        work.clients.geography.clone().ok_or_else(|| msg::NO_GEOGRAPHY_SERVICE.to_string())?;
    let cards = work.clients.cards.clone().ok_or_else(|| msg::NO_CARDS_SERVICE.to_string())?;
    if work.store.stop_requested(uuid).await.map_err(|e| e.to_string())? {
        return Ok(Ended::Stopped);
    }
    let session = Session::open(central, &work.http).await?;
    let instance = work.store.instance_id().await.map_err(|e| e.to_string())?.to_string();
    let run = Run {
        store: &work.store,
        session,
        members,
        geography,
        cards,
        instance,
        uuid,
        counts: Mutex::new(Counts::default()),
        photos: Mutex::new(msg::Photos::default()),
        records_done: AtomicBool::new(false),
    };
    let message = match direction {
        "to_server" => run.send().await?,
        _ => run.receive().await?,
    };
    Ok(Ended::Done(message))
}

/// A run under way: where it sends and reads, and what it has done.
struct Run<'a> {
    store: &'a Store,
    session: Session<'a>,
    members: MembersClient,
    geography: GeographyClient,
    cards: CardsClient,
    instance: String,
    uuid: uuid::Uuid,
    /// What the run has done so far; the records and the photos sent alongside them both count.
    counts: Mutex<Counts>,
    photos: Mutex<msg::Photos>,
    /// Every record of a sending run is acknowledged: what is left to send is photos.
    records_done: AtomicBool,
}

/// A batch the central server applied, whose acknowledgement here is still to be written.
struct Applied {
    applied: mpb::SyncApplied,
    records: i64,
}

/// A page of photos sent, whose acknowledgement here is still to be written.
struct PhotoPage {
    last_member_id: i64,
    sent: Vec<mpb::PendingPhoto>,
    /// Gone to the failed photos.
    failed: i64,
    /// Left to their wait after a failure.
    waiting: i64,
}

/// What the other side did with the records of a run.
#[derive(Default)]
struct Totals {
    /// The central server asked for everything made here (restored from a backup).
    everything: bool,
    created: i64,
    updated: i64,
    deleted: i64,
    unchanged: i64,
}

impl Totals {
    fn add(&mut self, applied: &mpb::SyncApplied) {
        self.created += applied.created;
        self.updated += applied.updated;
        self.deleted += applied.deleted;
        self.unchanged += applied.unchanged;
    }

    fn outcome<'a>(&self, login: &'a str, members: i64, conflicts: i64) -> msg::Outcome<'a> {
        msg::Outcome {
            login,
            members,
            created: self.created,
            updated: self.updated,
            deleted: self.deleted,
            unchanged: self.unchanged,
            conflicts,
        }
    }
}

impl Run<'_> {
    /// `to_server`: the members marked for sending when the run started, batch by batch, and their
    /// photos. The central server keeps a photo only for a member it has: the photos of members
    /// already acknowledged travel alongside the records that follow, the others after the last record.
    async fn send(self) -> Result<String, String> {
        let (acknowledged, followed) = mpsc::unbounded_channel();
        let (totals, ()) =
            tokio::try_join!(self.send_records(acknowledged), self.photos_alongside(followed))?;
        self.send_photos().await?;
        // Housekeeping of the failed photos' list: its failure leaves the run's outcome as it is.
        match forget_settled_failures(&self.members, self.store).await {
            Ok(0) => {}
            Ok(forgotten) => {
                tracing::info!(
                    forgotten,
                    "failed photos no longer waiting to go taken off the list"
                )
            }
            Err(error) => tracing::warn!(%error, "failed photos not tidied: tried again next run"),
        }
        let (counts, photos) = (self.counts(), self.photos());
        let outcome = totals.outcome(&self.session.login, counts.sent, counts.conflicts);
        let sent = msg::sent(&outcome, &photos);
        Ok(if totals.everything { format!("{} {sent}", msg::SENT_EVERYTHING) } else { sent })
    }

    /// The records: the central server applies a batch while the next page is read here and the batch
    /// before is acknowledged (its marks cleared, its conflicts journaled).
    async fn send_records(
        &self,
        acknowledged: mpsc::UnboundedSender<Vec<i64>>,
    ) -> Result<Totals, String> {
        let mut totals = Totals::default();
        let mut page = marked_after(&self.members, &self.instance, 0, 0).await?;
        // The first page: say who this laptop is and where it stands, before anything is sent.
        let up_to = page.high_position.max(1);
        let (lineage, proposed) = self.store.lineage_proposal().await.map_err(|e| e.to_string())?;
        let hello = pb::HandshakeRequest {
            instance_id: self.instance.clone(),
            position: page.high_position,
            lineage: lineage.map(|l| l.to_string()).unwrap_or_default(),
            proposed_lineage: proposed.to_string(),
        };
        let answer = self.session.handshake(&hello).await?;
        if answer.send_everything {
            // Marked before the lineage is confirmed: a run cut in between is asked again.
            page = self.mark_everything().await?;
            totals.everything = true;
        }
        self.store.confirm_lineage(proposed).await.map_err(|e| e.to_string())?;
        let up_to = page.high_position.max(up_to);
        // What this laptop has of the central server's changes: an edit made there after it is one
        // this laptop's records never saw (as far as the central server served it: restored from a
        // backup, it may have served less than the checkpoint says). When everything here goes again
        // the checkpoints are taken back now, so that the receiving run has nothing to mark again.
        let seen = if totals.everything {
            self.align_checkpoints(Marking::Done).await?;
            self.store.checkpoint(FROM_SERVER).await.map_err(|e| e.to_string())?
        } else {
            self.served_checkpoints().await?.1.members
        };
        let mut after = 0;
        let mut unsettled = None;
        while !page.records.is_empty() {
            let last = page.last_position;
            let batch = pb::ReceivedBatch {
                instance_id: self.instance.clone(),
                batch_id: batch_id(&self.instance, "to_server", &page.records).to_string(),
                records: page.records,
                seen_position: Some(seen),
            };
            let next = async {
                if last <= after {
                    return Ok(mpb::SyncedMemberPage::default());
                }
                marked_after(&self.members, &self.instance, last, up_to).await
            };
            let settled = self.settle_records(unsettled.take(), &acknowledged);
            let (applied, next, settled) =
                tokio::join!(self.session.send_batch(&batch), next, settled);
            settled?;
            let applied = applied?;
            totals.add(&applied);
            unsettled = Some(Applied { applied, records: batch.records.len() as i64 });
            (page, after) = (next?, last);
        }
        self.settle_records(unsettled, &acknowledged).await?;
        self.records_done.store(true, Ordering::Relaxed);
        Ok(totals)
    }

    /// The central server, restored from a backup, lost what this laptop sent: everything here is
    /// marked for sending again (what it still has is answered unchanged). Answers the first page then.
    async fn mark_everything(&self) -> Result<mpb::SyncedMemberPage, String> {
        let marked = self.mark_all().await?;
        self.progress(&msg::sending_everything(marked.members, marked.photos)).await?;
        marked_after(&self.members, &self.instance, 0, 0).await
    }

    /// Marks for sending every member and deletion held here, whoever made them, and the photos made
    /// here: the central server was restored from a backup, and lost what it made or received after
    /// it as well as what this laptop sent.
    async fn mark_all(&self) -> Result<mpb::MarkedForSending, String> {
        let marked = self
            .members
            .clone()
            .mark_all_for_sending(proto::common::Empty {})
            .await
            .map_err(|s| msg::local_failed(&s))?
            .into_inner();
        tracing::warn!(
            members = marked.members,
            photos = marked.photos,
            "the central server was restored from a backup: everything here marked for sending"
        );
        Ok(marked)
    }

    /// Acknowledges here a batch the central server applied: the marks of the versions it has
    /// cleared, its conflicts journaled, the photos of its members free to go.
    async fn settle_records(
        &self,
        batch: Option<Applied>,
        acknowledged: &mpsc::UnboundedSender<Vec<i64>>,
    ) -> Result<(), String> {
        let Some(Applied { applied, records }) = batch else { return Ok(()) };
        self.journal(&applied).await?;
        let acks = mpb::SyncAcks { acks: applied.acks };
        let cleared = self
            .members
            .clone()
            .acknowledge_synced(acks)
            .await
            .map_err(|s| msg::local_failed(&s))?
            .into_inner();
        // Their photos go alongside the next records (gone if the photos ended first: the last pass
        // sends them).
        let _ = acknowledged.send(cleared.member_ids);
        let sent = self.count(|c| c.sent += records).sent;
        self.progress(&msg::sending(sent, self.photos().sent)).await
    }

    /// The photos of the members each batch acknowledged, a page at a time, while the run sends the
    /// records after them; ends once the records are all sent and their members' photos with them.
    async fn photos_alongside(
        &self,
        mut acknowledged: mpsc::UnboundedReceiver<Vec<i64>>,
    ) -> Result<(), String> {
        let (mut members, mut unsettled) = (Vec::new(), None);
        while let Some(ids) = acknowledged.recv().await {
            members.extend(ids);
            // What was acknowledged meanwhile goes in the same page.
            while members.len() < PHOTO_PAGE as usize
                && let Ok(ids) = acknowledged.try_recv()
            {
                members.extend(ids);
            }
            while !members.is_empty() {
                let page: Vec<i64> =
                    members.drain(..members.len().min(PHOTO_PAGE as usize)).collect();
                unsettled = self.photo_page_pipelined(0, page, unsettled).await?;
                let (sent, photos) = (self.counts().sent, self.photos().sent);
                let message = if self.records_done.load(Ordering::Relaxed) {
                    msg::sending_photos(photos)
                } else {
                    msg::sending(sent, photos)
                };
                self.progress(&message).await?;
            }
        }
        self.settle_photo_page(unsettled).await
    }

    /// The photos still marked for sending once the records are, a page at a time.
    async fn send_photos(&self) -> Result<(), String> {
        let (mut after_member_id, mut unsettled) = (0, None);
        loop {
            unsettled = self.photo_page_pipelined(after_member_id, Vec::new(), unsettled).await?;
            let Some(page) = &unsettled else { return Ok(()) };
            after_member_id = page.last_member_id;
            self.progress(&msg::sending_photos(self.photos().sent)).await?;
        }
    }

    /// Sends a page of photos (`send_photo_page`) while the page before is acknowledged here: the
    /// central server checks the next photos instead of waiting for this laptop's bookkeeping. Answers
    /// the page sent, to be acknowledged with the next (`None`: no photo was listed).
    async fn photo_page_pipelined(
        &self,
        after_member_id: i64,
        member_ids: Vec<i64>,
        before: Option<PhotoPage>,
    ) -> Result<Option<PhotoPage>, String> {
        let (sent, settled) = tokio::join!(
            self.send_photo_page(after_member_id, member_ids),
            self.settle_photo_page(before)
        );
        settled?;
        sent
    }

    /// A page of the photos marked for sending after `after_member_id` (or of the members `member_ids`
    /// when it names some, whose records the central server has just acknowledged), sent in a few calls:
    /// a photo that fails goes to the failed photos and is tried again by a later run once its wait is
    /// over; the run goes on with the others. A run killed before a page is acknowledged
    /// (`settle_photo_page`) sends its photos again, which the central server keeps again. `None` when
    /// no photo was listed.
    async fn send_photo_page(
        &self,
        after_member_id: i64,
        member_ids: Vec<i64>,
    ) -> Result<Option<PhotoPage>, String> {
        let asked = mpb::PhotosToSendRequest { after_member_id, limit: PHOTO_PAGE, member_ids };
        let page = self
            .members
            .clone()
            .photos_to_send(asked)
            .await
            .map_err(|s| msg::local_failed(&s))?
            .into_inner();
        let Some(last_member_id) = page.items.last().map(|p| p.member_id) else { return Ok(None) };
        let waiting = self.store.photos_waiting(&page.items).await.map_err(|e| e.to_string())?;
        let (waits, to_send): (Vec<_>, Vec<_>) =
            page.items.into_iter().partition(|p| waiting.contains(&p.member_uuid));
        let delivered =
            deliver_photos(&self.session, &self.members, self.store, &self.instance, to_send)
                .await?;
        let mut sent = Vec::new();
        let mut failed = 0;
        for photo in delivered {
            match photo {
                PhotoSent::Sent(photo) => sent.push(photo),
                PhotoSent::Failed(_) => failed += 1,
            }
        }
        Ok(Some(PhotoPage { last_member_id, sent, failed, waiting: waits.len() as i64 }))
    }

    /// Acknowledges here a page of photos sent: their marks cleared (each for the version sent), and
    /// counted.
    async fn settle_photo_page(&self, page: Option<PhotoPage>) -> Result<(), String> {
        let Some(PhotoPage { sent, failed, waiting, .. }) = page else { return Ok(()) };
        let sent_here = sent.len() as i64;
        settle_photos(&mut self.members.clone(), self.store, sent).await?;
        if let Ok(mut photos) = self.photos.lock() {
            photos.waiting += waiting;
            photos.failed += failed;
            photos.sent += sent_here;
        }
        Ok(())
    }

    /// `from_server`: the central server's geography, then its members, then its payments and cards,
    /// each after this laptop's checkpoint, page by page.
    async fn receive(mut self) -> Result<String, String> {
        let again = self.align_checkpoints(Marking::Needed).await?;
        if again.is_some() {
            self.progress(msg::RECEIVING_AGAIN).await?;
        }
        let places = self.receive_geography().await?;
        let mut after = self.store.checkpoint(FROM_SERVER).await.map_err(|e| e.to_string())?;
        let mut totals = Totals::default();
        loop {
            let asked =
                pb::ChangesAfter { instance_id: self.instance.clone(), after, limit: BATCH };
            let page = self.session.changes(&asked).await?;
            let (records, last_position) = (page.records, page.last_position);
            let empty = records.is_empty();
            if !empty {
                let received = records.len() as i64;
                let batch = mpb::SyncBatch {
                    batch_id: batch_id(&self.instance, "from_server", &records).to_string(),
                    records,
                    instance_id: self.instance.clone(),
                    // The central server's versions are the ones received: only an edit made here
                    // and not sent yet is an unseen one.
                    seen_position: None,
                };
                let applied = self
                    .members
                    .apply_synced_members(batch)
                    .await
                    .map_err(|s| msg::local_failed(&s))?
                    .into_inner();
                self.count(|c| c.received += received);
                self.journal(&applied).await?;
                totals.add(&applied);
            }
            let more = self.pass_checkpoint(FROM_SERVER, after, last_position).await?;
            self.progress(&msg::receiving(self.counts().received)).await?;
            if empty || !more {
                break;
            }
            after = last_position;
        }
        // Payments and cards name members: they come once the members are here.
        let cards = self.receive_cards().await?;
        // Photos after their records.
        let photos = self.receive_photos().await?;
        let counts = self.counts();
        let outcome = totals.outcome(&self.session.login, counts.received, counts.conflicts);
        let received = msg::received(&outcome, places, cards, &photos);
        Ok(match again {
            Some(marked) => format!("{} {received}", msg::received_again(marked)),
            None => received,
        })
    }

    /// The central server's photos of the members received here whose photo there is newer than the
    /// last received, a page at a time, each kept here at the central server's version (`PhotosWanted`,
    /// then `ApplySyncedPhotos` of the laptop's members service). A photo that does not arrive (its
    /// file lost or unreadable on the central server) or cannot be kept here is logged and asked again by the
    /// next run; one whose member had a photo taken here since is left (this laptop's is newer, and
    /// goes to the central server). Answers how many were kept and how many were not.
    async fn receive_photos(&self) -> Result<msg::PhotosReceived, String> {
        use base64::Engine;
        let (mut after_member_id, mut kept, mut superseded, mut asked_in_all) = (0, 0, 0, 0);
        loop {
            let asked = mpb::PhotosToSendRequest {
                after_member_id,
                limit: PHOTO_PAGE,
                member_ids: Vec::new(),
            };
            let page = self
                .members
                .clone()
                .photos_wanted(asked)
                .await
                .map_err(|s| msg::local_failed(&s))?
                .into_inner();
            let Some(last) = page.items.last().map(|p| p.member_id) else {
                return Ok(msg::PhotosReceived { kept, missed: asked_in_all - kept - superseded });
            };
            self.progress(&msg::receiving_photos(kept)).await?;
            let uuids: Vec<String> = page.items.into_iter().map(|p| p.member_uuid).collect();
            asked_in_all += uuids.len() as i64;
            let calls: Vec<_> = uuids
                .chunks(CENTRAL_PHOTOS_A_CALL)
                .map(|chunk| self.session.photos(&self.instance, chunk))
                .collect();
            // Each answer kept here as it arrives, while the calls after it travel.
            let mut answers = futures::stream::iter(calls).buffered(PHOTO_CALLS_AT_ONCE);
            while let Some(answer) = answers.next().await {
                let mut photos = Vec::new();
                for photo in answer?.photos {
                    match base64::engine::general_purpose::STANDARD.decode(&photo.content) {
                        Ok(content) => photos.push(mpb::SyncedPhoto {
                            member_uuid: photo.member_uuid,
                            content,
                            file_name: String::new(),
                            version: photo.version,
                        }),
                        Err(error) => tracing::warn!(member_uuid = photo.member_uuid, %error,
                            "a photo of the central server arrived unreadable: asked again next run"),
                    }
                }
                if photos.is_empty() {
                    continue;
                }
                let outcomes = self
                    .members
                    .clone()
                    .apply_synced_photos(mpb::SyncedPhotoBatch { photos })
                    .await
                    .map_err(|s| msg::local_failed(&s))?
                    .into_inner();
                for outcome in &outcomes.items {
                    if outcome.saved.is_some() {
                        kept += 1;
                    } else if outcome.superseded {
                        // A photo taken here since it was asked for: this laptop's goes instead.
                        superseded += 1;
                    } else {
                        tracing::warn!(
                            member_uuid = outcome.member_uuid,
                            refused = outcome.refused,
                            "a photo of the central server was refused here: asked again next run"
                        );
                    }
                }
            }
            after_member_id = last;
        }
    }

    /// Takes back each checkpoint the central server says it never served this far (it was restored
    /// from a backup, whose positions it gives out again): what it changed since comes again.
    /// The central server was then restored from a backup, and what it made or received after the
    /// backup may be here only: everything here is marked for sending first, so that a run cut before
    /// the checkpoints are taken back marks it again. Answers how many members were marked then
    /// (`None`: the checkpoints were all served; 0 when `marking` says it was done already).
    async fn align_checkpoints(&self, marking: Marking) -> Result<Option<i64>, String> {
        let (mine, served) = self.served_checkpoints().await?;
        let behind = served.members < mine.members
            || served.geography < mine.geography
            || served.cards < mine.cards;
        if !behind {
            return Ok(None);
        }
        let marked = match marking {
            Marking::Needed => self.mark_all().await?.members,
            Marking::Done => 0,
        };
        for (name, position) in
            [(FROM_SERVER, served.members), (GEOGRAPHY, served.geography), (CARDS, served.cards)]
        {
            self.store.rewind_checkpoint(name, position).await.map_err(|e| e.to_string())?;
        }
        tracing::warn!(?mine, ?served, "checkpoints past what the central server served: rewound");
        Ok(Some(marked))
    }

    /// This laptop's three checkpoints, and each as far as the central server served it.
    async fn served_checkpoints(&self) -> Result<(pb::Checkpoints, pb::Checkpoints), String> {
        let checkpoint = |name| async move { self.store.checkpoint(name).await };
        let (members, geography, cards) =
            tokio::try_join!(checkpoint(FROM_SERVER), checkpoint(GEOGRAPHY), checkpoint(CARDS))
                .map_err(|e| e.to_string())?;
        let mine =
            pb::Checkpoints { instance_id: self.instance.clone(), members, geography, cards };
        let served = self.session.served_checkpoints(&mine).await?;
        Ok((mine, served))
    }

    /// The central server's geography changes, applied here page by page under the central server's
    /// ids (the members received next name their localities by them); answers how many rows came.
    async fn receive_geography(&mut self) -> Result<i64, String> {
        self.receive_pages(Kind::Geography).await
    }

    /// The central server's payments and cards, applied here page by page under the central server's
    /// ids, read-only on the laptop (after the members, whom they name); answers how many came.
    async fn receive_cards(&mut self) -> Result<i64, String> {
        self.receive_pages(Kind::Cards).await
    }

    /// Pages of one kind of the central server's records after its checkpoint, each applied here
    /// before the checkpoint passes it (a page applied again changes nothing); answers how many changes
    /// came (a record sent again in front of another, at position 0, is none).
    async fn receive_pages(&mut self, kind: Kind) -> Result<i64, String> {
        let name = kind.checkpoint();
        let mut after = self.store.checkpoint(name).await.map_err(|e| e.to_string())?;
        let mut received = 0;
        loop {
            let asked =
                pb::ChangesAfter { instance_id: self.instance.clone(), after, limit: kind.limit() };
            let (changes, last_position, applied) = match kind {
                Kind::Geography => {
                    let page = self.session.geography(&asked).await?;
                    let changes = page.records.iter().filter(|r| r.position > 0).count();
                    let batch = gpb::GeographyBatch { records: page.records };
                    let applied = if batch.records.is_empty() {
                        Ok(())
                    } else {
                        self.geography.apply_synced_geography(batch).await.map(drop)
                    };
                    (changes, page.last_position, applied)
                }
                Kind::Cards => {
                    let page = self.session.cards(&asked).await?;
                    let changes = page.records.iter().filter(|r| r.position > 0).count();
                    let batch = cpb::CardBatch { records: page.records, card_key: page.card_key };
                    let applied = if batch.records.is_empty() {
                        Ok(())
                    } else {
                        self.cards.apply_synced_cards(batch).await.map(drop)
                    };
                    (changes, page.last_position, applied)
                }
            };
            applied.map_err(|s| msg::local_failed(&s))?;
            received += changes as i64;
            let more = self.pass_checkpoint(name, after, last_position).await?;
            self.progress(&kind.progress(received)).await?;
            if changes == 0 || !more {
                return Ok(received);
            }
            after = last_position;
        }
    }

    /// Moves checkpoint `name` from `after` to a page's `last_position`, only now that the page is
    /// applied here; answers whether it moved (a page that did not move it was the last).
    async fn pass_checkpoint(
        &self,
        name: &str,
        after: i64,
        last_position: i64,
    ) -> Result<bool, String> {
        if last_position <= after {
            return Ok(false);
        }
        self.store.save_checkpoint(name, last_position).await.map_err(|e| e.to_string())?;
        Ok(true)
    }

    /// Journals a batch's conflicts under the run.
    async fn journal(&self, applied: &mpb::SyncApplied) -> Result<(), String> {
        self.store
            .save_conflicts(self.uuid, &applied.conflicts)
            .await
            .map_err(|e| e.to_string())?;
        self.count(|c| c.conflicts += applied.conflicts.len() as i64);
        Ok(())
    }

    async fn progress(&self, message: &str) -> Result<(), String> {
        self.store.run_progress(self.uuid, message, self.counts()).await.map_err(|e| e.to_string())
    }

    /// Counts something done; answers the counts then.
    fn count(&self, done: impl FnOnce(&mut Counts)) -> Counts {
        let mut counts = self.counts.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        done(&mut counts);
        *counts
    }

    fn counts(&self) -> Counts {
        self.count(|_| {})
    }

    fn photos(&self) -> msg::Photos {
        *self.photos.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A kind of record the central server sends page by page after a checkpoint of its own.
#[derive(Clone, Copy)]
enum Kind {
    Geography,
    Cards,
}

impl Kind {
    fn checkpoint(self) -> &'static str {
        match self {
            Kind::Geography => GEOGRAPHY,
            Kind::Cards => CARDS,
        }
    }

    fn limit(self) -> i32 {
        match self {
            Kind::Geography => GEOGRAPHY_PAGE,
            Kind::Cards => CARDS_PAGE,
        }
    }

    fn progress(self, received: i64) -> String {
        match self {
            Kind::Geography => msg::receiving_geography(received),
            Kind::Cards => msg::receiving_cards(received),
        }
    }
}

/// A page of this laptop's members marked for sending, after the position `after` and up to `up_to`
/// (the highest position when the run started; 0 for the first page, which says it).
async fn marked_after(
    members: &MembersClient,
    instance: &str,
    after: i64,
    up_to: i64,
) -> Result<mpb::SyncedMemberPage, String> {
    let asked = mpb::ChangesRequest {
        after,
        marked: true,
        up_to,
        limit: BATCH,
        instance_id: instance.to_string(),
        except_origin: String::new(),
    };
    let page = members.clone().changed_members(asked).await.map_err(|s| msg::local_failed(&s))?;
    Ok(page.into_inner())
}

/// What became of one photo sent.
pub enum PhotoSent {
    /// Kept by the central server, at the version that went (not yet acknowledged here).
    Sent(mpb::PendingPhoto),
    /// Unreadable here or refused by the central server: in the failed photos, as it now stands.
    Failed(pb::PhotoFailure),
}

/// Sends photos of this laptop to the central server, a call's worth at a time: read here in one call
/// to this laptop's members service, then sent (split further only by their bytes), several such calls
/// in flight at once; a photo unreadable here or refused there goes to the failed photos. Sent photos
/// are acknowledged by `settle_photos`. `Err`: the run cannot go on.
pub async fn deliver_photos(
    session: &Session<'_>,
    members: &MembersClient,
    store: &Store,
    instance: &str,
    photos: Vec<mpb::PendingPhoto>,
) -> Result<Vec<PhotoSent>, String> {
    let mut chunks = Vec::new();
    let mut photos = photos.into_iter().peekable();
    while photos.peek().is_some() {
        chunks.push(photos.by_ref().take(SYNC_PHOTOS_A_CALL).collect::<Vec<_>>());
    }
    // Owned chunks and a named closure: a spawned run's future must be `Send` for any lifetime.
    let deliver_one = move |chunk: Vec<mpb::PendingPhoto>| async move {
        let (read, mut refused) = read_photos(members, chunk).await?;
        let mut delivered = Vec::new();
        for call in calls_by_bytes(read) {
            let (pending, contents): (Vec<_>, Vec<_>) = call.into_iter().unzip();
            let photos: Vec<(String, Vec<u8>)> =
                pending.iter().map(|p| p.member_uuid.clone()).zip(contents).collect();
            match session.send_photos(instance, &photos).await? {
                Ok(outcomes) => {
                    sort_outcomes(pending, outcomes.items, &mut delivered, &mut refused)
                }
                Err(why) => refused.extend(pending.into_iter().map(|p| (p, why.clone()))),
            }
        }
        Ok::<_, String>((delivered, refused))
    };
    let mut sending =
        futures::stream::iter(chunks).map(deliver_one).buffer_unordered(PHOTO_CALLS_AT_ONCE);
    let (mut delivered, mut refused) = (Vec::new(), Vec::new());
    while let Some(answered) = sending.next().await {
        let (sent, failed) = answered?;
        delivered.extend(sent);
        refused.extend(failed);
    }
    drop(sending);
    for (photo, why) in refused {
        tracing::warn!(member_uuid = photo.member_uuid, why, "a photo could not be sent");
        let failure = store.photo_failed(&photo, &why).await.map_err(|e| e.to_string())?;
        delivered.push(PhotoSent::Failed(failure));
    }
    Ok(delivered)
}

/// A photo listed for sending with its content, as read here.
type ReadPhoto = (mpb::PendingPhoto, Vec<u8>);
/// A photo that cannot go, and why (French).
type Refused = (mpb::PendingPhoto, String);

/// Reads a call's worth of photos in one call to this laptop's members service, each at the version
/// read (which may be newer than the one listed: that one is what goes); a photo whose file is missing
/// or unreadable (left out of the answer) is refused as such. The call failing (this laptop's members
/// service or its database) fails the run: no photo is blamed for it.
async fn read_photos(
    members: &MembersClient,
    chunk: Vec<mpb::PendingPhoto>,
) -> Result<(Vec<ReadPhoto>, Vec<Refused>), String> {
    let asked =
        mpb::PhotoUuids { member_uuids: chunk.iter().map(|p| p.member_uuid.clone()).collect() };
    let batch =
        members.clone().read_photos(asked).await.map_err(|s| msg::local_failed(&s))?.into_inner();
    let mut contents: std::collections::HashMap<String, mpb::SyncedPhoto> =
        batch.photos.into_iter().map(|p| (p.member_uuid.clone(), p)).collect();
    let (mut read, mut refused) = (Vec::new(), Vec::new());
    for photo in chunk {
        match contents.remove(&photo.member_uuid) {
            Some(held) => read
                .push((mpb::PendingPhoto { photo_version: held.version, ..photo }, held.content)),
            None => refused.push((photo, msg::PHOTO_FILE_MISSING.to_string())),
        }
    }
    Ok((read, refused))
}

/// Splits photos read into calls the central server takes: at most `SYNC_PHOTO_CALL_BYTES` each, a
/// photo larger than that alone.
fn calls_by_bytes(read: Vec<ReadPhoto>) -> Vec<Vec<ReadPhoto>> {
    let mut calls: Vec<Vec<ReadPhoto>> = Vec::new();
    let mut call_bytes = 0;
    for (photo, content) in read {
        match calls.last_mut() {
            Some(call) if call_bytes + content.len() <= SYNC_PHOTO_CALL_BYTES => {
                call_bytes += content.len();
                call.push((photo, content));
            }
            _ => {
                call_bytes = content.len();
                calls.push(vec![(photo, content)]);
            }
        }
    }
    calls
}

/// Sorts the central server's answers to a call's photos into the sent and the refused.
fn sort_outcomes(
    pending: Vec<mpb::PendingPhoto>,
    outcomes: Vec<mpb::SyncedPhotoOutcome>,
    delivered: &mut Vec<PhotoSent>,
    refused: &mut Vec<Refused>,
) {
    let mut outcomes: std::collections::HashMap<String, mpb::SyncedPhotoOutcome> =
        outcomes.into_iter().map(|o| (o.member_uuid.clone(), o)).collect();
    for photo in pending {
        match outcomes.remove(&photo.member_uuid) {
            Some(outcome) if outcome.saved.is_some() => delivered.push(PhotoSent::Sent(photo)),
            Some(outcome) => refused.push((photo, msg::photo_refused(&outcome.refused))),
            None => refused.push((photo, msg::photo_refused("photo sans réponse"))),
        }
    }
}

/// Acknowledges photos the central server kept: their marks cleared (each only if no newer photo was
/// taken meanwhile) and taken off the failed photos.
pub async fn settle_photos(
    members: &mut MembersClient,
    store: &Store,
    sent: Vec<mpb::PendingPhoto>,
) -> Result<(), String> {
    if sent.is_empty() {
        return Ok(());
    }
    store.forget_photos(&sent).await.map_err(|e| e.to_string())?;
    let acks = mpb::PendingPhotoList { items: sent };
    members.acknowledge_photos(acks).await.map_err(|s| msg::local_failed(&s))?;
    Ok(())
}

/// Takes off the failed photos those no longer marked for sending here (their member deleted, or their
/// photo sent by another way meanwhile): the failed photos list only what still waits to go. Answers
/// how many were taken off.
pub async fn forget_settled_failures(
    members: &MembersClient,
    store: &Store,
) -> Result<u64, String> {
    let mut forgotten = 0;
    let mut after_member_id = 0;
    loop {
        let failed = store
            .photo_failures_after(after_member_id, i64::from(PHOTO_PAGE))
            .await
            .map_err(|e| e.to_string())?;
        let Some(&(last, _)) = failed.last() else { return Ok(forgotten) };
        let waiting = still_waiting(members, failed.iter().map(|&(id, _)| id).collect()).await?;
        let settled: Vec<uuid::Uuid> = failed
            .into_iter()
            .filter(|(member_id, _)| !waiting.contains(member_id))
            .map(|(_, member_uuid)| member_uuid)
            .collect();
        forgotten += store.forget_photo_failures(&settled).await.map_err(|e| e.to_string())?;
        after_member_id = last;
    }
}

/// Which of the members `member_ids` (at most `PHOTO_PAGE`) have a photo still marked for sending here.
pub async fn still_waiting(
    members: &MembersClient,
    member_ids: Vec<i64>,
) -> Result<std::collections::HashSet<i64>, String> {
    let asked = mpb::PhotosToSendRequest { after_member_id: 0, limit: PHOTO_PAGE, member_ids };
    let page = members.clone().photos_to_send(asked).await.map_err(|s| msg::local_failed(&s))?;
    Ok(page.into_inner().items.into_iter().map(|p| p.member_id).collect())
}

/// A batch's idempotency key, made from what it holds (each record's uuid and position): the same batch
/// sent again after a kill or a retry carries the same key.
fn batch_id(instance: &str, direction: &str, records: &[mpb::SyncedMember]) -> uuid::Uuid {
    let mut name = format!("{instance}/{direction}");
    for record in records {
        let uuid = record.record.as_ref().map_or("", |r| r.member_uuid.as_str());
        name.push_str(&format!("/{uuid}@{}", record.position));
    }
    uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_OID, name.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(uuid: &str, bytes: usize) -> ReadPhoto {
        let photo = mpb::PendingPhoto { member_uuid: uuid.into(), ..Default::default() };
        (photo, vec![0; bytes])
    }

    fn uuids(calls: &[Vec<ReadPhoto>]) -> Vec<Vec<&str>> {
        calls.iter().map(|c| c.iter().map(|(p, _)| p.member_uuid.as_str()).collect()).collect()
    }

    #[test]
    fn photos_go_in_calls_under_the_central_servers_bytes_a_large_one_alone() {
        let half = SYNC_PHOTO_CALL_BYTES / 2;
        let photos = vec![
            read("a", half),
            read("b", half),
            read("c", 10),
            read("d", SYNC_PHOTO_CALL_BYTES + 1),
            read("e", 10),
        ];
        let calls = calls_by_bytes(photos);
        assert_eq!(uuids(&calls), vec![vec!["a", "b"], vec!["c"], vec!["d"], vec!["e"]]);
        assert!(calls_by_bytes(Vec::new()).is_empty());
    }
}
