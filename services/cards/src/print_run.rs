//! A print of many cards, streamed: the cards are read, their photos fetched and their pages drawn a part
//! at a time, each part appended to the one PDF (`pdf_merge`), whose bytes leave in chunks as they are
//! written. Memory holds one part and one chunk, whatever the number of cards.

use crate::designed::CardToPrint;
use crate::domain::messages as msg;
use crate::pdf_merge::MergedPdf;
use crate::store::Store;
use common::error::ServiceError;
use common::grpc::TracedChannel;
use futures::{StreamExt, TryStreamExt};
use proto::cards as pb;
use proto::members::members_client::MembersClient;
use std::io::{self, Write};
use tokio::sync::mpsc;
use tonic::{Code, Status};

/// Cards drawn together before their pages join the file.
const PART: usize = 200;
/// Bytes sent in one message.
const CHUNK: usize = 256 * 1024;
/// Photos asked of the members service at once.
const PHOTOS_AT_ONCE: usize = 16;

pub type Chunks = mpsc::Receiver<Result<pb::Pdf, Status>>;

/// What a print needs, owned, so that it runs beside the call that started it.
pub struct PrintRun {
    pub store: Store,
    pub members: Option<MembersClient<TracedChannel>>,
    /// The default card template (`designed`).
    pub template: std::sync::Arc<crate::template_render::Template>,
}

impl PrintRun {
    /// Starts printing `ids` (known to exist); answers the stream of the file's chunks. A failure after
    /// the first chunk ends the stream with its status (the file is then incomplete and the client
    /// sees the error).
    pub fn start(self, ids: Vec<i64>, token: Option<String>) -> Chunks {
        let (sender, receiver) = mpsc::channel(4);
        let span = tracing::info_span!("cards.print_run", cards = ids.len());
        let work = async move {
            let failed = sender.clone();
            let run = self.run(ids, sender);
            let outcome = match token {
                Some(token) => common::identity::with_token(token, run).await,
                None => run.await,
            };
            if let Err(e) = outcome {
                tracing::error!(error = %e, "card print failed");
                let _ = failed.send(Err(Status::from(e))).await;
            }
        };
        tokio::spawn(tracing::Instrument::instrument(work, span));
        receiver
    }

    async fn run(
        &self,
        ids: Vec<i64>,
        sender: mpsc::Sender<Result<pb::Pdf, Status>>,
    ) -> Result<(), ServiceError> {
        let sink = ChunkSender { sender, buffer: Vec::with_capacity(CHUNK) };
        let mut merged = Some(blocking(move || MergedPdf::start(sink).map_err(io_error)).await?);
        for part in ids.chunks(PART) {
            let cards = self.store.cards_by_ids(part).await?;
            let wanted: Vec<(Option<i64>, Option<i32>)> = cards
                .iter()
                .map(|c| (c.card_member_id, common::photos::version_in(&c.card_photo_file_path)))
                .collect();
            let photos: Vec<Option<Vec<u8>>> = futures::stream::iter(wanted)
                .map(|(member_id, version)| self.photo(member_id, version))
                .buffered(PHOTOS_AT_ONCE)
                .try_collect()
                .await?;
            let template = self.template.clone();
            let mut file = merged.take().expect("the file is there between parts");
            file = blocking(move || {
                let pages: Vec<CardToPrint> = cards
                    .iter()
                    .zip(photos)
                    .map(|(card, photo)| CardToPrint { card, photo })
                    .collect();
                let pdf = crate::designed::cards_pdf(&template, &pages)?;
                file.append(&pdf)?;
                Ok(file)
            })
            .await?;
            merged = Some(file);
        }
        let file = merged.take().expect("the file is there at the end");
        blocking(move || {
            let mut sink = file.finish().map_err(io_error)?;
            sink.flush().map_err(io_error)
        })
        .await?;
        tracing::info!(cards = ids.len(), "cards printed to PDF");
        common::metrics::printed("card", ids.len());
        Ok(())
    }

    /// The photo printed on a card: the small picture of its member's photo at the card's making (sharp
    /// enough at its printed size, and light for a print of many cards); none when the card was made
    /// without one.
    async fn photo(
        &self,
        member_id: Option<i64>,
        version: Option<i32>,
    ) -> Result<Option<Vec<u8>>, ServiceError> {
        let (Some(members), Some(member_id), Some(version)) = (&self.members, member_id, version)
        else {
            return Ok(None);
        };
        let request = proto::members::PhotoRequest { member_id, thumbnail: true, version };
        match members.clone().get_photo(request).await {
            Ok(photo) => Ok(Some(photo.into_inner().content)),
            Err(status) if status.code() == Code::NotFound => Ok(None),
            Err(status) => {
                tracing::error!(code = ?status.code(), message = status.message(), "photo for printing unreadable");
                Err(ServiceError::Unavailable(msg::MEMBERS_UNAVAILABLE.into()))
            }
        }
    }
}

/// Drawing and assembling are CPU work: they run off the async threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, ServiceError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ServiceError::Internal(anyhow::anyhow!("print task: {e}")))?
        .map_err(|e| ServiceError::Internal(anyhow::anyhow!("card PDF: {e}")))
}

fn io_error(e: io::Error) -> String {
    e.to_string()
}

/// Sends what is written in chunks of `CHUNK` bytes, waiting while the receiver is behind (so a slow
/// download slows the print instead of filling memory).
struct ChunkSender {
    sender: mpsc::Sender<Result<pb::Pdf, Status>>,
    buffer: Vec<u8>,
}

impl Write for ChunkSender {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= CHUNK {
            self.flush()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let content = std::mem::replace(&mut self.buffer, Vec::with_capacity(CHUNK));
        self.sender
            .blocking_send(Ok(pb::Pdf { content }))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the download was abandoned"))
    }
}
