-- The exchange of records (docs/api.md, "Synchronisation").

-- This instance's id, made once by the service when it first starts (not here: a database made from a
-- migrated template would share it) and kept: a field laptop names itself with it; a database restored
-- or copied keeps the id but not its position, which the central server notices.
CREATE TABLE sync.instance (
    one        boolean PRIMARY KEY DEFAULT true CHECK (one),
    id         uuid NOT NULL DEFAULT gen_random_uuid(),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- A field laptop's checkpoints: the last position of the central server's changes applied here, written
-- only after the page it ends is applied.
CREATE TABLE sync.checkpoint (
    name       text PRIMARY KEY,
    position   bigint NOT NULL CHECK (position >= 0),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- On the central server, the field laptops it knows and the greatest position each has said it reached.
CREATE TABLE sync.peer (
    instance_id   uuid PRIMARY KEY,
    login_name    text NOT NULL,
    high_position bigint NOT NULL,
    first_seen    timestamptz NOT NULL DEFAULT now(),
    last_seen     timestamptz NOT NULL DEFAULT now()
);

-- The conflicts of a run: two versions of one member, the one kept and the one dropped.
CREATE TABLE sync.conflict (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    run_uuid    uuid NOT NULL REFERENCES sync.journal (uuid),
    member_uuid uuid NOT NULL,
    kept        jsonb NOT NULL,
    lost        jsonb NOT NULL,
    at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conflict_run_idx ON sync.conflict (run_uuid, id);

ALTER TABLE sync.journal
    ADD COLUMN sent      bigint NOT NULL DEFAULT 0,
    ADD COLUMN received  bigint NOT NULL DEFAULT 0,
    ADD COLUMN conflicts bigint NOT NULL DEFAULT 0;
