-- The members waiting to be sent, found through narrow queues rather than through indexes of the member
-- row (docs/performance.md, "Synchronisation", 2026-11-28).
--
-- A member's sending marks (`member_synchronization_needed`, `photo_synchronization_needed`) stay columns
-- of its row, read and written with it; what finds the marked members is a queue each, kept by a
-- trigger in the transaction that sets or clears the mark: the members marked for sending by position
-- (`sync_unsent`), the members whose photo waits to go (`sync_unsent_photo`). With no index of the member
-- naming a mark, clearing one (a batch acknowledged, a photo the central server has) is a heap-only
-- update of the row. Before, each mark cleared wrote a new entry in every index of the member (nine, two
-- of them trigram), once for the record and again for its photo: the larger part of a laptop's share of
-- a large sending run.
CREATE TABLE members.sync_unsent (
    member_id     bigint PRIMARY KEY REFERENCES members.member ON DELETE CASCADE,
    -- The member's `sync_position`, kept equal to it while the mark stands: a sending run reads the
    -- marked members in the order of their positions.
    sync_position bigint NOT NULL
);
CREATE INDEX sync_unsent_position_idx ON members.sync_unsent (sync_position);
CREATE TABLE members.sync_unsent_photo (
    member_id bigint PRIMARY KEY REFERENCES members.member ON DELETE CASCADE
);

CREATE FUNCTION members.member_sync_queues() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.member_synchronization_needed THEN
        IF TG_OP = 'INSERT' OR NOT OLD.member_synchronization_needed
           OR OLD.sync_position <> NEW.sync_position THEN
            INSERT INTO members.sync_unsent (member_id, sync_position)
            VALUES (NEW.member_id, NEW.sync_position)
            ON CONFLICT (member_id) DO UPDATE SET sync_position = EXCLUDED.sync_position;
        END IF;
    ELSIF TG_OP = 'UPDATE' AND OLD.member_synchronization_needed THEN
        DELETE FROM members.sync_unsent WHERE member_id = NEW.member_id;
    END IF;
    IF NEW.photo_synchronization_needed THEN
        IF TG_OP = 'INSERT' OR NOT OLD.photo_synchronization_needed THEN
            INSERT INTO members.sync_unsent_photo (member_id) VALUES (NEW.member_id)
            ON CONFLICT (member_id) DO NOTHING;
        END IF;
    ELSIF TG_OP = 'UPDATE' AND OLD.photo_synchronization_needed THEN
        DELETE FROM members.sync_unsent_photo WHERE member_id = NEW.member_id;
    END IF;
    RETURN NULL;
END $$;
-- On the central server no member is ever marked: neither trigger runs its function.
CREATE TRIGGER member_sync_queues_insert AFTER INSERT ON members.member FOR EACH ROW
    WHEN (NEW.member_synchronization_needed OR NEW.photo_synchronization_needed)
    EXECUTE FUNCTION members.member_sync_queues();
CREATE TRIGGER member_sync_queues_update AFTER UPDATE ON members.member FOR EACH ROW
    WHEN (OLD.member_synchronization_needed OR NEW.member_synchronization_needed
          OR OLD.photo_synchronization_needed OR NEW.photo_synchronization_needed)
    EXECUTE FUNCTION members.member_sync_queues();

INSERT INTO members.sync_unsent (member_id, sync_position)
SELECT member_id, sync_position FROM members.member WHERE member_synchronization_needed;
INSERT INTO members.sync_unsent_photo (member_id)
SELECT member_id FROM members.member WHERE photo_synchronization_needed;

DROP INDEX members.member_sync_marked_idx;
DROP INDEX members.member_photo_sync_marked_idx;

-- Whether an update only clears marks, told by comparing the rows themselves rather than two jsonb
-- copies of them (migration 0006): a large sending run clears two marks a member.
CREATE OR REPLACE FUNCTION members.member_sync_position() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    unmarked members.member;
BEGIN
    IF TG_OP = 'UPDATE'
       AND (OLD.member_synchronization_needed OR NOT NEW.member_synchronization_needed)
       AND (OLD.photo_synchronization_needed OR NOT NEW.photo_synchronization_needed) THEN
        unmarked := NEW;
        unmarked.member_synchronization_needed := OLD.member_synchronization_needed;
        unmarked.photo_synchronization_needed := OLD.photo_synchronization_needed;
        IF unmarked IS NOT DISTINCT FROM OLD THEN
            RETURN NEW;
        END IF;
    END IF;
    PERFORM pg_advisory_xact_lock_shared(hashtext('members.sync_position'));
    NEW.sync_position := nextval('members.sync_position_seq');
    RETURN NEW;
END $$;

-- A fifth of each new page of members left free, so that a mark cleared finds room beside its row (a
-- heap-only update must stay on its page).
ALTER TABLE members.member SET (fillfactor = 80);
