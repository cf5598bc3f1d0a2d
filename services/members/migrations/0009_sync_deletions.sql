-- Deletions travel between field laptops and the central server (docs/api.md, "Synchronisation").
--
-- A deleted member leaves a tombstone: its uuid, when and by whom it was deleted, the instance whose
-- deletion it is (NULL: made here), and a position from the members' own sequence, so that a page of
-- changes carries deletions in their place among the edits. A uuid is either a member or a tombstone,
-- never both: a later version of the member that arrives takes the tombstone away. The tombstone
-- decides against a version of the member as a version would (the later wins, ties to the greater
-- instance id), so a laptop that sends again an older version does not bring the member back.
-- `synchronization_needed`: a deletion made on this field laptop that the central server has not
-- acknowledged yet (cleared only for the position acknowledged).
CREATE TABLE members.member_tombstone (
    member_uuid            uuid PRIMARY KEY,
    -- Who the member was, for the journal of a deletion that meets an edit.
    member_id_number       text NOT NULL DEFAULT '',
    member_firstname       text NOT NULL DEFAULT '',
    member_lastname        text NOT NULL DEFAULT '',
    deleted_at             timestamptz NOT NULL DEFAULT now(),
    deleted_by_user        text NOT NULL DEFAULT '',
    origin_instance        uuid,
    synchronization_needed boolean NOT NULL DEFAULT false,
    sync_position          bigint NOT NULL DEFAULT nextval('members.sync_position_seq')
);
CREATE INDEX member_tombstone_position_idx ON members.member_tombstone (sync_position);
CREATE INDEX member_tombstone_marked_idx ON members.member_tombstone (sync_position)
    WHERE synchronization_needed;

-- Positions are drawn as the members' are (migration 0005): under the shared advisory lock, so that a
-- page never goes past a deletion still being written; clearing the mark takes none.
CREATE FUNCTION members.tombstone_sync_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.synchronization_needed AND NOT NEW.synchronization_needed
       AND (to_jsonb(NEW) - 'synchronization_needed') = (to_jsonb(OLD) - 'synchronization_needed') THEN
        RETURN NEW;
    END IF;
    PERFORM pg_advisory_xact_lock_shared(hashtext('members.sync_position'));
    NEW.sync_position := nextval('members.sync_position_seq');
    RETURN NEW;
END $$;
CREATE TRIGGER tombstone_sync_position_insert BEFORE INSERT ON members.member_tombstone
    FOR EACH ROW EXECUTE FUNCTION members.tombstone_sync_position();
CREATE TRIGGER tombstone_sync_position_update BEFORE UPDATE ON members.member_tombstone
    FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION members.tombstone_sync_position();
