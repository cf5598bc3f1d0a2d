-- A member's payments follow its locality (0006) through the index of its payments, and only when its
-- locality or its deletion changed. 0006's update named no condition of an index (the payments' index by
-- member holds those not cancelled only), so every member written read every payment kept, and its
-- trigger ran for every save of a member, moved or not. A cancelled payment is counted nowhere: its
-- locality no longer matters.
CREATE OR REPLACE FUNCTION reports.member_payments_locality() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    locality bigint := CASE WHEN NEW.deleted THEN NULL ELSE NEW.locality_id END;
BEGIN
    UPDATE reports.stat_payment SET locality_id = locality
    WHERE member_id = NEW.member_id AND NOT deleted AND locality_id IS DISTINCT FROM locality;
    RETURN NULL;
END
$$;

DROP TRIGGER stat_member_payments_locality ON reports.stat_member;
CREATE TRIGGER stat_member_payments_locality AFTER INSERT ON reports.stat_member
    FOR EACH ROW EXECUTE FUNCTION reports.member_payments_locality();
CREATE TRIGGER stat_member_payments_moved AFTER UPDATE OF locality_id, deleted ON reports.stat_member
    FOR EACH ROW
    WHEN (OLD.locality_id IS DISTINCT FROM NEW.locality_id OR OLD.deleted IS DISTINCT FROM NEW.deleted)
    EXECUTE FUNCTION reports.member_payments_locality();
