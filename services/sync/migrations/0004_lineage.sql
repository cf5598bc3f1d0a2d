-- A field laptop's lineage: a token the laptop proposes at each sending run and the central server
-- confirms, so that of two databases with the same instance id (a laptop copied onto another, or
-- restored from a backup) only the one that synchronised last goes on, whichever is further ahead.
-- The laptop keeps its proposal until the central server confirmed it, so that a run killed between the
-- two is taken up again with the same proposal (docs/api.md, "Synchronisation").
ALTER TABLE sync.instance
    ADD COLUMN lineage          uuid,
    ADD COLUMN proposed_lineage uuid;

-- On the central server: the lineage each laptop was last confirmed (none for a laptop that has not
-- sent since this column exists).
ALTER TABLE sync.peer ADD COLUMN lineage uuid;
