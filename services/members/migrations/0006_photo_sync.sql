-- Photos travel after their records, in their own queue (docs/api.md, "Synchronisation").
--
-- `photo_synchronization_needed`: the member's photo was changed on this field laptop and the central
-- server does not have it yet. Cleared only for the photo version the central server acknowledged, so a
-- photo taken again during a run goes next time.
ALTER TABLE members.member ADD COLUMN photo_synchronization_needed boolean NOT NULL DEFAULT false;
CREATE INDEX member_photo_sync_marked_idx ON members.member (member_id) WHERE photo_synchronization_needed;

-- Clearing a mark (of the record or of its photo) is no change of the member: it takes no new position.
CREATE OR REPLACE FUNCTION members.member_sync_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE'
       AND (OLD.member_synchronization_needed OR NOT NEW.member_synchronization_needed)
       AND (OLD.photo_synchronization_needed OR NOT NEW.photo_synchronization_needed)
       AND (to_jsonb(NEW) - 'member_synchronization_needed' - 'photo_synchronization_needed')
         = (to_jsonb(OLD) - 'member_synchronization_needed' - 'photo_synchronization_needed') THEN
        RETURN NEW;
    END IF;
    PERFORM pg_advisory_xact_lock_shared(hashtext('members.sync_position'));
    NEW.sync_position := nextval('members.sync_position_seq');
    RETURN NEW;
END $$;
