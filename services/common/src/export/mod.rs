//! Exports of long lists as background jobs (long work runs as a job: a request never stays open while a
//! million rows are written; docs/decisions.md, "Exports"; docs/api.md, "Exports"), shared by every
//! service that owns a list:
//!
//! - `jobs`: the jobs and their files in the owning service's schema (`<schema>.export_job`,
//!   `<schema>.export_chunk`): started by a login and seen only by it, claimed once across replicas,
//!   their progress, their file in 1 MB chunks so that any replica serves the download;
//! - `runner`: the background part that claims waiting jobs (and running ones whose heartbeat stopped),
//!   reads the list a keyset page at a time from the service's `ExportSource` and writes the file;
//! - `writer`: CSV (UTF-8 with a BOM, `;`-separated, as a French spreadsheet opens it) and .xlsx
//!   (constant memory: rows go to disk as they come), written to a temporary file.
//!
//! No step holds the whole list: a page (5,000 rows) at a time in memory, the file on disk, then a chunk
//! at a time into the database.

pub mod jobs;
pub mod runner;
pub mod writer;

pub use jobs::{Format, Jobs, NewJob};
pub use runner::{ExportSource, Runner, Sources};

use std::time::Duration;

/// Rows read from the list at a time.
pub const PAGE_ROWS: i64 = 5_000;
/// The size of the pieces a file is kept and sent in.
pub const CHUNK_BYTES: usize = 1024 * 1024;
/// The most data rows a worksheet holds (1,048,576 rows, the header's included).
pub const XLSX_MAX_ROWS: u64 = 1_048_575;
/// A running job whose heartbeat is older than this is taken over by another runner.
pub const STALE_AFTER: Duration = Duration::from_secs(60);
/// Jobs and their files are deleted this long after they were started.
pub const KEPT_FOR: Duration = Duration::from_secs(24 * 3600);

/// One value of an exported row. Texts stay texts (an identity number is never read as a number);
/// numbers are numbers in a worksheet; a yes/no reads « Oui » or « Non ».
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Text(String),
    Int(i64),
    Number(f64),
    Bool(bool),
    /// A day (`AAAA-MM-JJ`) or a moment (RFC 3339) as the service writes it: a date cell in a worksheet
    /// (shown jj/mm/aaaa, with the time for a moment), the same text in a CSV file.
    Date(String),
    Empty,
}

impl Cell {
    /// A text, or nothing when absent.
    pub fn opt_text(value: Option<String>) -> Cell {
        value.map_or(Cell::Empty, Cell::Text)
    }

    /// A date, or nothing when absent or empty.
    pub fn opt_date(value: Option<String>) -> Cell {
        value.map_or(Cell::Empty, Cell::date)
    }

    /// A date, or nothing when empty.
    pub fn date(value: String) -> Cell {
        if value.is_empty() { Cell::Empty } else { Cell::Date(value) }
    }

    pub fn opt_int(value: Option<i64>) -> Cell {
        value.map_or(Cell::Empty, Cell::Int)
    }

    /// The value as a CSV file writes it (and as a test reads it back).
    pub fn to_text(&self) -> String {
        match self {
            Cell::Text(text) | Cell::Date(text) => text.clone(),
            Cell::Int(n) => n.to_string(),
            Cell::Number(x) => number_text(*x),
            Cell::Bool(true) => "Oui".into(),
            Cell::Bool(false) => "Non".into(),
            Cell::Empty => String::new(),
        }
    }
}

/// A number as French spreadsheets read it: whole numbers as they are, a decimal comma otherwise.
pub fn number_text(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        x.to_string().replace('.', ",")
    }
}

/// The French messages of exports.
pub mod messages {
    pub const NOT_FOUND: &str = "Cet export n'existe pas ou n'est plus disponible.";
    pub const NOT_READY: &str = "L'export n'est pas encore terminé : téléchargez le fichier quand la progression atteint 100 %.";
    pub const INTERNAL: &str =
        "L'export a échoué à cause d'une erreur interne, qui a été enregistrée. Relancez l'export.";

    pub fn unknown_format(format: &str) -> String {
        format!("Format d'export inconnu : « {format} ». Formats possibles : csv, xlsx.")
    }

    pub fn failed(error: &str) -> String {
        format!("L'export a échoué : {error}")
    }

    pub fn too_many_rows_for_xlsx(rows: u64) -> String {
        format!(
            "Un fichier .xlsx ne peut pas dépasser 1 048 575 lignes et cette liste en compte {} : \
             exportez-la en CSV ou filtrez-la.",
            thousands(rows)
        )
    }

    /// The same, found while writing (the list's count was an estimate): it has more rows than that.
    pub const XLSX_FULL: &str = "Un fichier .xlsx ne peut pas dépasser 1 048 575 lignes et cette liste en \
        compte davantage : exportez-la en CSV ou filtrez-la.";

    /// 1234567 as « 1 234 567 ».
    pub fn thousands(n: u64) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(' ');
            }
            out.push(c);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_as_a_french_spreadsheet_writes_them() {
        assert_eq!(Cell::Number(5000.0).to_text(), "5000");
        assert_eq!(Cell::Number(2.5).to_text(), "2,5");
        assert_eq!(Cell::Bool(true).to_text(), "Oui");
        assert_eq!(Cell::Empty.to_text(), "");
        assert_eq!(messages::thousands(1_048_575), "1 048 575");
        assert_eq!(messages::thousands(999), "999");
    }
}

/// What a service's gRPC calls do with exports: start a job (and wake this replica's runner), read
/// one, stream its file. Every call takes the caller's login: a job is only its own login's.
#[derive(Clone)]
pub struct Exports {
    pub jobs: Jobs,
    wake: std::sync::Arc<tokio::sync::Notify>,
}

/// The stream of a file's chunks, as a service answers `ReadExport`.
pub type FileStream =
    tokio_stream::wrappers::ReceiverStream<Result<proto::common::FileChunk, tonic::Status>>;

impl Exports {
    pub fn new(pool: sqlx::PgPool, schema: &'static str) -> Self {
        Exports { jobs: Jobs::new(pool, schema), wake: Default::default() }
    }

    /// The runner of these jobs, reading lists from `sources` (a `service::Background` part).
    pub fn runner(&self, sources: std::sync::Arc<dyn Sources>) -> Runner {
        Runner::new(self.jobs.clone(), sources, self.wake.clone())
    }

    /// Records a waiting job and wakes the runner.
    pub async fn start(&self, new: NewJob) -> Result<proto::common::ExportJob, ServiceError> {
        let job = self.jobs.create(new).await?;
        self.wake.notify_one();
        Ok(job.to_pb())
    }

    pub async fn get(
        &self,
        id: &str,
        login_id: i64,
    ) -> Result<proto::common::ExportJob, ServiceError> {
        Ok(self.jobs.get(id, login_id).await?.to_pb())
    }

    /// The file of a job that is done, a chunk at a time (two in flight at most); 409 in French while
    /// it runs, or with its error once failed.
    pub async fn read(&self, id: &str, login_id: i64) -> Result<FileStream, ServiceError> {
        let job = self.jobs.get(id, login_id).await?;
        match job.status.as_str() {
            "done" => {}
            "failed" => return Err(ServiceError::Conflict(messages::failed(&job.error))),
            _ => return Err(ServiceError::Conflict(messages::NOT_READY.into())),
        }
        let (sender, receiver) = tokio::sync::mpsc::channel(2);
        let jobs = self.jobs.clone();
        tokio::spawn(async move {
            let mut seq = 0;
            loop {
                let chunk = match jobs.chunk(job.id, seq).await {
                    Ok(Some(content)) => Ok(proto::common::FileChunk { content }),
                    Ok(None) => break,
                    Err(e) => {
                        tracing::error!(id = %job.id, error = %e, "export file not read");
                        Err(tonic::Status::internal(messages::INTERNAL))
                    }
                };
                let failed = chunk.is_err();
                if sender.send(chunk).await.is_err() || failed {
                    break;
                }
                seq += 1;
            }
        });
        Ok(tokio_stream::wrappers::ReceiverStream::new(receiver))
    }
}

use crate::error::ServiceError;
