-- A member's sending marks are the rows of its queues alone (docs/performance.md, "Synchronisation",
-- 2026-11-29, 15:20 UTC).
--
-- Until now a mark was a column of the member's row (`member_synchronization_needed`,
-- `photo_synchronization_needed`), copied into its queue (`sync_unsent`, `sync_unsent_photo`, migration
-- 0011) by a trigger. Clearing a mark (a batch acknowledged, a photo the central server has) wrote the
-- member's row again, a member at a time, and a page of members cleared together found no room for
-- their new versions on their page: most of them then wrote a new entry in each of the member's
-- thirteen indexes. Now a member is marked for sending when its queue holds it, the writer of an edit
-- made on a field laptop puts it there (`store/sync_marks.rs`), and clearing a mark deletes a narrow
-- queue row: the member's row is not written again.
DROP TRIGGER member_sync_queues_insert ON members.member;
DROP TRIGGER member_sync_queues_update ON members.member;
DROP FUNCTION members.member_sync_queues();

-- While a member is marked, its queue row keeps its position, whatever statement moved it (an edit, a
-- count of dependants, a photo received): an acknowledgement clears the mark of the version sent only.
-- Once a statement, from the rows it changed (on the central server, where no member is marked, a
-- join with an empty table).
CREATE FUNCTION members.sync_unsent_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE members.sync_unsent q SET sync_position = changed.sync_position
    FROM changed
    WHERE q.member_id = changed.member_id AND q.sync_position <> changed.sync_position;
    RETURN NULL;
END $$;
CREATE TRIGGER sync_unsent_follows AFTER UPDATE ON members.member
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
    EXECUTE FUNCTION members.sync_unsent_follows();

-- A photo's mark holds the version it marks, as a record's holds its position: an acknowledgement clears
-- the version sent only, checked on the queue row it deletes (a photo taken again meanwhile has written
-- its new version there, and stays marked).
ALTER TABLE members.sync_unsent_photo ADD COLUMN photo_version integer;
UPDATE members.sync_unsent_photo q SET photo_version = m.photo_version
FROM members.member m WHERE m.member_id = q.member_id;
ALTER TABLE members.sync_unsent_photo ALTER COLUMN photo_version SET NOT NULL;

-- Every new row and every change of a row takes a new position: no update only clears a mark any more.
CREATE OR REPLACE FUNCTION members.member_sync_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock_shared(hashtext('members.sync_position'));
    NEW.sync_position := nextval('members.sync_position_seq');
    RETURN NEW;
END $$;

ALTER TABLE members.member
    DROP COLUMN member_synchronization_needed,
    DROP COLUMN photo_synchronization_needed;
