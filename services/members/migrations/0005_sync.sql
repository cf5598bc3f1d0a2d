-- The synchronisation of field laptops (docs/api.md, "Synchronisation").
--
-- `sync_position`: where a member's latest version stands in this instance's changes, from one sequence
-- that never goes back. A pull asks for the changes after a position; a sent version is acknowledged by
-- its position, so `member_synchronization_needed` is cleared only if the row did not change since.
-- `origin_instance`: the instance whose edit the row holds (NULL: an edit made here). With `updated_at`
-- it decides which of two versions wins (the later, ties broken by the instance id).
CREATE SEQUENCE members.sync_position_seq;
ALTER TABLE members.member
    ADD COLUMN sync_position bigint NOT NULL DEFAULT nextval('members.sync_position_seq'),
    ADD COLUMN origin_instance uuid;
CREATE INDEX member_sync_position_idx ON members.member (sync_position);
CREATE INDEX member_sync_marked_idx ON members.member (sync_position) WHERE member_synchronization_needed;
DROP INDEX members.member_sync_needed_idx;

-- Every new row and every change of a row takes a new position, whatever statement made it, except
-- clearing the mark of a version the other side acknowledged (that is no change of the member).
-- A position is drawn under a shared advisory lock held to the end of the writing transaction, so that
-- a reader taking the lock exclusively (`sync_horizon`) knows every position up to the sequence's value is
-- committed: positions are drawn in one order and committed in another, and a reader that went past a
-- position still being written would never see it (the classic way a sync loses a record).
CREATE FUNCTION members.member_sync_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.member_synchronization_needed AND NOT NEW.member_synchronization_needed
       AND (to_jsonb(NEW) - 'member_synchronization_needed') = (to_jsonb(OLD) - 'member_synchronization_needed') THEN
        RETURN NEW;
    END IF;
    PERFORM pg_advisory_xact_lock_shared(hashtext('members.sync_position'));
    NEW.sync_position := nextval('members.sync_position_seq');
    RETURN NEW;
END $$;
CREATE TRIGGER member_sync_position_insert BEFORE INSERT ON members.member
    FOR EACH ROW EXECUTE FUNCTION members.member_sync_position();
CREATE TRIGGER member_sync_position_update BEFORE UPDATE ON members.member
    FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION members.member_sync_position();

-- The batches received from the other side, by their idempotency key: a batch sent again (a retry, a run
-- started again after a kill) is answered as the first time and changes nothing.
CREATE TABLE members.sync_batch (
    batch_id    uuid PRIMARY KEY,
    answer      jsonb NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
