-- The geography a field laptop receives from the central server (docs/api.md, "Synchronisation"): every
-- row takes a position among this instance's geography changes when it is written, and a deleted row
-- leaves its level, id and position, so that a laptop asks for what changed after its checkpoint.
-- Positions are drawn under a shared advisory lock held to the end of the writing transaction, which the
-- reader takes exclusively (common::sync_position), so a position still being written is never passed.
CREATE SEQUENCE geography.sync_position_seq;

CREATE FUNCTION geography.sync_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock_shared(hashtext('geography.sync_position'));
    NEW.sync_position := nextval('geography.sync_position_seq');
    RETURN NEW;
END $$;

CREATE TABLE geography.sync_deleted (
    level         text NOT NULL,
    id            bigint NOT NULL,
    sync_position bigint NOT NULL,
    PRIMARY KEY (level, id)
);
CREATE INDEX sync_deleted_position_idx ON geography.sync_deleted (sync_position);

-- TG_ARGV: the level, and its id column.
CREATE FUNCTION geography.sync_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock_shared(hashtext('geography.sync_position'));
    INSERT INTO geography.sync_deleted (level, id, sync_position)
    VALUES (TG_ARGV[0], (to_jsonb(OLD) ->> TG_ARGV[1])::bigint, nextval('geography.sync_position_seq'))
    ON CONFLICT (level, id) DO UPDATE SET sync_position = excluded.sync_position;
    RETURN OLD;
END $$;

ALTER TABLE geography.region ADD COLUMN sync_position bigint NOT NULL DEFAULT 0;
ALTER TABLE geography.department ADD COLUMN sync_position bigint NOT NULL DEFAULT 0;
ALTER TABLE geography.subprefecture ADD COLUMN sync_position bigint NOT NULL DEFAULT 0;
ALTER TABLE geography.locality ADD COLUMN sync_position bigint NOT NULL DEFAULT 0;
-- The rows already there, parents first.
UPDATE geography.region SET sync_position = nextval('geography.sync_position_seq');
UPDATE geography.department SET sync_position = nextval('geography.sync_position_seq');
UPDATE geography.subprefecture SET sync_position = nextval('geography.sync_position_seq');
UPDATE geography.locality SET sync_position = nextval('geography.sync_position_seq');
CREATE INDEX region_sync_position_idx ON geography.region (sync_position);
CREATE INDEX department_sync_position_idx ON geography.department (sync_position);
CREATE INDEX subprefecture_sync_position_idx ON geography.subprefecture (sync_position);
CREATE INDEX locality_sync_position_idx ON geography.locality (sync_position);

CREATE TRIGGER region_sync_position BEFORE INSERT OR UPDATE ON geography.region
    FOR EACH ROW EXECUTE FUNCTION geography.sync_position();
CREATE TRIGGER department_sync_position BEFORE INSERT OR UPDATE ON geography.department
    FOR EACH ROW EXECUTE FUNCTION geography.sync_position();
CREATE TRIGGER subprefecture_sync_position BEFORE INSERT OR UPDATE ON geography.subprefecture
    FOR EACH ROW EXECUTE FUNCTION geography.sync_position();
CREATE TRIGGER locality_sync_position BEFORE INSERT OR UPDATE ON geography.locality
    FOR EACH ROW EXECUTE FUNCTION geography.sync_position();

CREATE TRIGGER region_sync_deleted AFTER DELETE ON geography.region
    FOR EACH ROW EXECUTE FUNCTION geography.sync_deleted('region', 'region_id');
CREATE TRIGGER department_sync_deleted AFTER DELETE ON geography.department
    FOR EACH ROW EXECUTE FUNCTION geography.sync_deleted('department', 'department_id');
CREATE TRIGGER subprefecture_sync_deleted AFTER DELETE ON geography.subprefecture
    FOR EACH ROW EXECUTE FUNCTION geography.sync_deleted('subprefecture', 'subprefecture_id');
CREATE TRIGGER locality_sync_deleted AFTER DELETE ON geography.locality
    FOR EACH ROW EXECUTE FUNCTION geography.sync_deleted('locality', 'locality_id');
