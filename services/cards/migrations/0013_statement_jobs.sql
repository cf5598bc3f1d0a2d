-- Operators' statements too long for one request (a national operator's month: 200,000 rows and more):
-- received in parts, kept here row by row, then checked and recorded by a background job whose progress
-- the browser reads. Only the login that started a job sees it. The rows go once the job has ended; jobs
-- older than a day are deleted when a new one starts.
CREATE TABLE cards.statement_job (
    id uuid PRIMARY KEY,
    login_id bigint NOT NULL,
    login_name text NOT NULL,
    transaction_mobile_operator text NOT NULL,
    status text NOT NULL DEFAULT 'receiving'
        CHECK (status IN ('receiving', 'checking', 'writing', 'done', 'failed')),
    rows_total bigint NOT NULL CHECK (rows_total > 0),
    rows_received bigint NOT NULL DEFAULT 0,
    -- Rows checked (status checking) or recorded (status writing).
    rows_done bigint NOT NULL DEFAULT 0,
    matched bigint NOT NULL DEFAULT 0,
    known bigint NOT NULL DEFAULT 0,
    unmatched bigint NOT NULL DEFAULT 0,
    -- Why it failed, in French (the faulty lines of the file).
    error text NOT NULL DEFAULT '',
    heartbeat_at timestamptz NOT NULL DEFAULT now(),
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
CREATE INDEX statement_job_created_idx ON cards.statement_job (created_at);

CREATE TABLE cards.statement_job_row (
    job_id uuid NOT NULL REFERENCES cards.statement_job (id) ON DELETE CASCADE,
    -- The row's rank in the statement, 0 for the first payment (line 2 of the file).
    row_index bigint NOT NULL,
    transaction_number text NOT NULL,
    transaction_date text NOT NULL,
    transaction_amount float8,
    phone_number text NOT NULL,
    PRIMARY KEY (job_id, row_index)
);
