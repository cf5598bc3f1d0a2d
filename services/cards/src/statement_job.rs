//! The background part of a long statement's import: once its last row has arrived, the rows are read
//! back a page at a time and checked (every fault found, as for a statement sent in one call), then, when
//! none is faulty, read again and recorded in one transaction, all or none. The job's row shows each
//! phase's progress. A job whose service stopped halfway is seen as failed (nothing was recorded: the
//! transaction never committed) once its heartbeat is older than `STALE_AFTER`.

use crate::domain::statement_rules::StatementChecker;
use crate::store::Store;
use crate::store::statement_jobs::StatementJob;
use crate::store::statements::PAGE_ROWS;
use common::error::ServiceError;
use proto::cards as pb;
use std::time::Duration;

/// A job in a running phase whose heartbeat is older than this has stopped with its service.
pub const STALE_AFTER: Duration = Duration::from_secs(60);

/// Runs the job to its end in the background; a failure is the job's, in French, and logged.
pub fn spawn(store: Store, job: StatementJob, operators: Vec<String>) {
    let span = tracing::info_span!("cards.statement_job", job = %job.id, rows = job.rows_total);
    tokio::spawn(tracing::Instrument::instrument(
        async move {
            let today = chrono::Local::now().date_naive();
            match run(&store, &job, &operators, today).await {
                Ok(result) => tracing::info!(
                    matched = result.matched,
                    known = result.known,
                    unmatched = result.unmatched,
                    "statement imported"
                ),
                Err(ServiceError::Invalid { message, fields }) => {
                    let error = fields.get("rows").cloned().unwrap_or(message);
                    tracing::info!("statement refused: {error}");
                    fail(&store, &job, &error).await;
                }
                Err(error) => {
                    tracing::error!(error = %error, "statement import failed");
                    fail(&store, &job, &error.to_string()).await;
                }
            }
        },
        span,
    ));
}

async fn fail(store: &Store, job: &StatementJob, error: &str) {
    if let Err(e) = store.statement_job_failed(job.id, error).await {
        tracing::error!(error = %e, "a failed statement import could not be marked failed");
    }
}

async fn run(
    store: &Store,
    job: &StatementJob,
    operators: &[String],
    today: chrono::NaiveDate,
) -> Result<pb::StatementResult, ServiceError> {
    // Checking: every row, every fault (the refusal lists the first ones).
    let mut checker = StatementChecker::new(&job.transaction_mobile_operator, today, operators);
    let mut from = 0;
    loop {
        let page = store.statement_job_rows(job.id, from, PAGE_ROWS as i64).await?;
        let Some((last, _)) = page.last() else { break };
        from = last + 1;
        for (rank, row) in &page {
            checker.check(*rank as usize, row);
        }
        store.statement_job_progress(job.id, "checking", from).await?;
    }
    checker.verdict()?;

    // Writing: the same rows again, checked again (each page's payments), in one transaction.
    let mut checker = StatementChecker::new(&job.transaction_mobile_operator, today, operators);
    let mut result = pb::StatementResult::default();
    let mut tx = store.statement_job_writing().await?;
    let mut from = 0;
    store.statement_job_progress(job.id, "writing", 0).await?;
    loop {
        let page = store.statement_job_rows(job.id, from, PAGE_ROWS as i64).await?;
        let Some((last, _)) = page.last() else { break };
        from = last + 1;
        let payments: Vec<_> =
            page.iter().filter_map(|(rank, row)| checker.check(*rank as usize, row)).collect();
        store.record_statement_page(&mut tx, &payments, &job.login_name, &mut result).await?;
        store.statement_job_progress(job.id, "writing", from).await?;
    }
    store.statement_job_done(tx, job.id, &result).await?;
    Ok(result)
}

/// The job as its owner reads it: a running phase silent for too long has stopped with its service.
pub fn as_read(job: &StatementJob) -> pb::StatementJob {
    let running = matches!(job.status.as_str(), "checking" | "writing");
    if running && job.silent_for > STALE_AFTER.as_secs_f64() {
        return pb::StatementJob {
            status: "failed".into(),
            error: crate::domain::messages::STATEMENT_JOB_INTERRUPTED.into(),
            ..job.to_pb()
        };
    }
    job.to_pb()
}
