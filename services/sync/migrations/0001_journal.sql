-- The synchronisation's journal: one row a run (specification: the journal entry), its state while it runs
-- and how it ended. A run is claimed by the process that started it; one left `running` by a process that
-- stopped is closed as interrupted when the service starts again.
CREATE TABLE sync.journal (
    id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    uuid           uuid NOT NULL UNIQUE,
    type           text NOT NULL CHECK (type IN ('to_server', 'from_server')),
    state          text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done', 'failed', 'stopped')),
    message        text NOT NULL DEFAULT '',
    login_name     text NOT NULL,
    started_at     timestamptz NOT NULL DEFAULT now(),
    stopped_at     timestamptz,
    stop_requested boolean NOT NULL DEFAULT false,
    CHECK ((state = 'running') = (stopped_at IS NULL))
);
CREATE INDEX journal_started_idx ON sync.journal (started_at DESC, id DESC);
-- One run at a time on an instance.
CREATE UNIQUE INDEX journal_one_running ON sync.journal ((true)) WHERE state = 'running';
