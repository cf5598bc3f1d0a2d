-- On the central server, how far it has served each field laptop's pages, for each kind of record
-- (`from_server`: members, `geography`, `cards`), written before each page is answered. A laptop's
-- checkpoint is never past it, unless this server was restored from a backup (whose positions are
-- older than those it served since) or never served this laptop: the laptop then receives again from
-- what this server did serve (docs/api.md, "Synchronisation").
CREATE TABLE sync.served (
    instance_id uuid NOT NULL,
    stream      text NOT NULL,
    position    bigint NOT NULL CHECK (position >= 0),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (instance_id, stream)
);
