//! The background part that runs export jobs: it claims a waiting job (or a running one whose runner
//! stopped beating: it starts again), reads the list a keyset page at a time from the service's
//! `ExportSource`, hands each page to a blocking thread that writes the file, writes the progress once a
//! page, then keeps the file in chunks and marks the job done (or failed, with a French message). It
//! runs at most `WORKERS` jobs at once and deletes the jobs older than a day.

use super::jobs::{Claimed, Jobs, Lost};
use super::writer::{SheetWriter, WriteError};
use super::{Cell, Format, PAGE_ROWS, XLSX_MAX_ROWS, messages};
use crate::error::ServiceError;
use crate::shutdown::Stopped;
use anyhow::Context;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Notify, Semaphore};

/// Jobs one runner (one replica of a service) runs at once.
const WORKERS: usize = 2;
/// How often a runner looks for jobs when nobody woke it (a job started through another replica).
const POLL: Duration = Duration::from_secs(2);
/// How often a running job's heartbeat is written besides its progress.
const HEARTBEAT: Duration = Duration::from_secs(10);
/// How often old jobs are deleted.
const PURGE_EVERY: Duration = Duration::from_secs(600);

/// One list, with its filters and sort, as an export reads it.
#[tonic::async_trait]
pub trait ExportSource: Send + Sync {
    /// The column titles (French), in the order of each row's cells.
    fn headers(&self) -> Vec<&'static str>;

    /// The number of rows the filters match, and whether it is exact (beyond what counting costs little,
    /// the planner's estimate, `common::total`).
    async fn total(&self) -> anyhow::Result<(i64, bool)>;

    /// Up to `limit` rows after the row whose id is `after` (0: from the first), in the list's order;
    /// each row with its id, so that the next page follows the last.
    async fn page(&self, after: i64, limit: i64) -> anyhow::Result<Vec<(i64, Vec<Cell>)>>;
}

/// What a service exports: the source of a job's list from its list name and its filters (the start
/// request's proto bytes). A refusal (`ServiceError::Invalid`, ...) ends the job with its message.
pub trait Sources: Send + Sync + 'static {
    fn open(&self, list: &str, filters: &[u8]) -> Result<Box<dyn ExportSource>, ServiceError>;
}

/// The runner of one service's export jobs (a `service::Background` part).
pub struct Runner {
    jobs: Jobs,
    sources: Arc<dyn Sources>,
    wake: Arc<Notify>,
}

impl Runner {
    /// A runner of `jobs` reading lists from `sources`; `wake` is notified when a job is started here.
    pub fn new(jobs: Jobs, sources: Arc<dyn Sources>, wake: Arc<Notify>) -> Self {
        Runner { jobs, sources, wake }
    }

    pub async fn run(self, mut stopped: Stopped) -> anyhow::Result<()> {
        let workers = Arc::new(Semaphore::new(WORKERS));
        let mut running = tokio::task::JoinSet::new();
        let mut last_purge: Option<Instant> = None;
        loop {
            if last_purge.is_none_or(|at| at.elapsed() > PURGE_EVERY) {
                match self.jobs.purge().await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(jobs = n, "old exports deleted"),
                    Err(e) => tracing::warn!(error = %e, "old exports not deleted"),
                }
                last_purge = Some(Instant::now());
            }
            while let Ok(permit) = workers.clone().try_acquire_owned() {
                match self.jobs.claim().await {
                    Ok(Some(job)) => {
                        let (jobs, sources) = (self.jobs.clone(), self.sources.clone());
                        running.spawn(async move {
                            execute(&jobs, sources.as_ref(), job).await;
                            drop(permit);
                        });
                    }
                    Ok(None) => break,
                    Err(e) => {
                        tracing::warn!(error = %e, "export jobs not claimed");
                        break;
                    }
                }
            }
            while running.try_join_next().is_some() {}
            tokio::select! {
                _ = &mut stopped => break,
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(POLL) => {}
                Some(_) = running.join_next(), if !running.is_empty() => {}
            }
        }
        // A job cut short here is taken over (from its first row) once its heartbeat is stale.
        running.abort_all();
        Ok(())
    }
}

/// Runs one claimed job to its end: done, failed (its French message), or given up when taken over.
async fn execute(jobs: &Jobs, sources: &dyn Sources, job: Claimed) {
    let started = Instant::now();
    let id = job.job.id;
    tracing::info!(%id, list = job.job.list, format = job.job.format, "export started");
    let beating = {
        let (jobs, job) = (jobs.clone(), job.clone());
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(HEARTBEAT).await;
                if !matches!(jobs.heartbeat(&job).await, Ok(true)) {
                    break;
                }
            }
        })
    };
    let outcome = produce(jobs, sources, &job).await;
    beating.abort();
    let ended = match &outcome {
        Ok(_) => Some("done"),
        Err(Failure::Lost) => None,
        Err(Failure::User(_)) => Some("refused"),
        Err(Failure::Internal(_)) => Some("failed"),
    };
    if let Some(ended) = ended {
        crate::metrics::export_ended(jobs.schema(), ended);
    }
    match outcome {
        Ok(rows) => {
            tracing::info!(%id, rows, seconds = started.elapsed().as_secs_f64(), "export done");
        }
        Err(Failure::Lost) => tracing::warn!(%id, "export taken over by another runner"),
        Err(Failure::User(message)) => {
            tracing::info!(%id, message, "export refused");
            if let Err(e) = jobs.failed(&job, &message).await {
                tracing::error!(%id, error = %e, "export failure not recorded");
            }
        }
        Err(Failure::Internal(e)) => {
            tracing::error!(%id, error = format!("{e:#}"), "export failed");
            if let Err(e) = jobs.failed(&job, messages::INTERNAL).await {
                tracing::error!(%id, error = %e, "export failure not recorded");
            }
        }
    }
}

enum Failure {
    Lost,
    /// A message for the user (French).
    User(String),
    Internal(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Self {
        if e.is::<Lost>() { Failure::Lost } else { Failure::Internal(e) }
    }
}

impl From<sqlx::Error> for Failure {
    fn from(e: sqlx::Error) -> Self {
        Failure::Internal(e.into())
    }
}

/// Writes the job's file and keeps it; answers the rows written.
async fn produce(jobs: &Jobs, sources: &dyn Sources, job: &Claimed) -> Result<i64, Failure> {
    let source = match sources.open(&job.job.list, &job.job.filters) {
        Ok(source) => source,
        Err(ServiceError::Internal(e)) => return Err(Failure::Internal(e)),
        Err(refused) => return Err(Failure::User(refused.to_string())),
    };
    let format = job.job.format();
    let (total, exact) = source.total().await?;
    if format == Format::Xlsx && exact && total as u64 > XLSX_MAX_ROWS {
        return Err(Failure::User(messages::too_many_rows_for_xlsx(total as u64)));
    }
    jobs.progress(job, 0, total).await?;

    // The file is written on a blocking thread, a page behind the reading: both go on at once.
    let headers = source.headers();
    let (pages, mut to_write) = tokio::sync::mpsc::channel::<Vec<Vec<Cell>>>(2);
    let writing = tokio::task::spawn_blocking(move || -> Result<_, WriteError> {
        let mut writer = SheetWriter::create(format, &headers)?;
        while let Some(rows) = to_write.blocking_recv() {
            writer.rows(&rows)?;
        }
        Ok(writer.finish()?)
    });

    let mut after = 0;
    let mut done = 0i64;
    let read = async {
        loop {
            let page = source.page(after, PAGE_ROWS).await?;
            let Some((last, _)) = page.last() else { break };
            after = *last;
            let count = page.len() as i64;
            let rows: Vec<Vec<Cell>> = page.into_iter().map(|(_, cells)| cells).collect();
            if pages.send(rows).await.is_err() {
                // The writer stopped: its own error says why.
                break;
            }
            done += count;
            jobs.progress(job, done, total).await?;
            if count < PAGE_ROWS {
                break;
            }
        }
        drop(pages);
        Ok::<_, anyhow::Error>(())
    };
    let read = read.await;
    let written = writing.await.context("the export's writer")?;
    let (file, size) = match written {
        Ok(file) => file,
        Err(WriteError::User(message)) => return Err(Failure::User(message)),
        Err(WriteError::Internal(e)) => return Err(Failure::Internal(e)),
    };
    read?;
    jobs.store(job, file.path(), done, size as i64).await?;
    Ok(done)
}
