-- A field laptop's photos that failed to go to the central server (docs/api.md, "Synchronisation"): the
-- photo stays marked for sending in the members service; this queue says why it failed and when a run
-- tries it again (each failure doubles the wait, from a minute up to 6 hours). A photo sent is taken off.
CREATE TABLE sync.photo_failure (
    member_uuid     uuid PRIMARY KEY,
    member_id       bigint NOT NULL,
    id_number       text NOT NULL,
    member_name     text NOT NULL,
    photo_version   integer NOT NULL,
    attempts        integer NOT NULL CHECK (attempts > 0),
    last_error      text NOT NULL,
    first_failed_at timestamptz NOT NULL DEFAULT now(),
    last_failed_at  timestamptz NOT NULL DEFAULT now(),
    next_attempt_at timestamptz NOT NULL
);
CREATE INDEX photo_failure_last_failed_idx ON sync.photo_failure (last_failed_at DESC, member_uuid);
