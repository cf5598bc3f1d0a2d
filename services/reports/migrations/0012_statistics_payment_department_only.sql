-- A payment is placed by its member's department alone since 0010 and 0011 (the cube's cells, the edges'
-- index): nothing reads the locality kept beside it any more, so it goes, and with it its writes on
-- every payment and every member moved. A member moved within its department leaves its payments alone.
CREATE OR REPLACE FUNCTION reports.payment_locality() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- No member (unknown yet, or deleted): none.
    NEW.department_id := (SELECT m.department_id FROM reports.stat_member m
                          WHERE m.member_id = NEW.member_id AND NOT m.deleted);
    RETURN NEW;
END
$$;

-- A member written, moved to another department (its locality, or the geography above it) or deleted:
-- its payments follow.
CREATE OR REPLACE FUNCTION reports.member_payments_locality() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    department bigint := CASE WHEN NEW.deleted THEN NULL ELSE NEW.department_id END;
BEGIN
    UPDATE reports.stat_payment SET department_id = department
    WHERE member_id = NEW.member_id AND NOT deleted AND department_id IS DISTINCT FROM department;
    RETURN NULL;
END
$$;

-- `locality_id` stays listed: the department a member moves to is written by its BEFORE trigger, and
-- PostgreSQL fires an `UPDATE OF` trigger only for the columns the statement itself sets.
DROP TRIGGER stat_member_payments_moved ON reports.stat_member;
CREATE TRIGGER stat_member_payments_moved AFTER UPDATE OF locality_id, deleted, department_id
    ON reports.stat_member FOR EACH ROW
    WHEN (OLD.deleted IS DISTINCT FROM NEW.deleted OR OLD.department_id IS DISTINCT FROM NEW.department_id)
    EXECUTE FUNCTION reports.member_payments_locality();

ALTER TABLE reports.stat_payment DROP COLUMN locality_id;
