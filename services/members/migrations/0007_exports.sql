-- Exports of long lists as background jobs (common::export; docs/api.md, "Exports"). A job is started
-- by a login (only that login sees it), claimed by one runner across replicas (FOR UPDATE SKIP LOCKED),
-- its heartbeat kept while it runs (a running job silent for 60 s is taken over), and its file kept in
-- 1 MB chunks so that any replica serves the download. Jobs and files older than a day are deleted.
CREATE TABLE members.export_job (
    id uuid PRIMARY KEY,
    login_id bigint NOT NULL,
    login_name text NOT NULL,
    list text NOT NULL,
    -- The start request, as its proto bytes: the list's filters and sort.
    filters bytea NOT NULL,
    format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
    status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'running', 'done', 'failed')),
    rows_total bigint NOT NULL DEFAULT 0,
    rows_done bigint NOT NULL DEFAULT 0,
    -- Why it failed, in French.
    error text NOT NULL DEFAULT '',
    file_name text NOT NULL,
    file_size bigint NOT NULL DEFAULT 0,
    -- The runner's claim: a runner whose claim was taken over writes nothing more.
    claim uuid,
    claimed_at timestamptz,
    heartbeat_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
CREATE INDEX export_job_to_run_idx ON members.export_job (created_at) WHERE status IN ('waiting', 'running');
CREATE INDEX export_job_created_idx ON members.export_job (created_at);

CREATE TABLE members.export_chunk (
    job_id uuid NOT NULL REFERENCES members.export_job (id) ON DELETE CASCADE,
    seq integer NOT NULL,
    bytes bytea NOT NULL,
    PRIMARY KEY (job_id, seq)
);
-- The chunks are written once and read once: kept out of line without compression (an .xlsx file is
-- compressed already; compressing a CSV here would cost more time than the disk it saves for a day).
ALTER TABLE members.export_chunk ALTER COLUMN bytes SET STORAGE EXTERNAL;
