-- A payment counted under a region's filter is the payment of a member of that region. Its member's
-- locality is kept beside it (none while the member is unknown or deleted), so that a region's payments
-- are a few ranges of one index, instead of a lookup per member of the region (234 ms at a million
-- payments, docs/performance.md). Kept here, in the transaction that writes the payment or the member.
ALTER TABLE reports.stat_payment ADD COLUMN locality_id bigint;

-- The payments' kept totals depend on their operator, amount and cancellation only: a payment following
-- its member elsewhere leaves them alone.
DROP TRIGGER stat_payment_tally ON reports.stat_payment;
CREATE TRIGGER stat_payment_tally AFTER INSERT OR UPDATE OF operator, amount, deleted OR DELETE
    ON reports.stat_payment
    FOR EACH ROW EXECUTE FUNCTION reports.payment_tally();

UPDATE reports.stat_payment p SET locality_id = m.locality_id
FROM reports.stat_member m
WHERE m.member_id = p.member_id AND NOT m.deleted AND m.locality_id IS NOT NULL;

CREATE INDEX stat_payment_locality_idx ON reports.stat_payment (locality_id)
    INCLUDE (operator, amount, paid_on) WHERE NOT deleted;

-- A payment written: its member's locality, as the members' copy has it now.
CREATE FUNCTION reports.payment_locality() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.locality_id := (SELECT m.locality_id FROM reports.stat_member m
                        WHERE m.member_id = NEW.member_id AND NOT m.deleted);
    RETURN NEW;
END
$$;

CREATE TRIGGER stat_payment_locality BEFORE INSERT OR UPDATE OF member_id ON reports.stat_payment
    FOR EACH ROW EXECUTE FUNCTION reports.payment_locality();

-- A member written, moved or deleted: its payments follow (a payment may arrive before its member).
CREATE FUNCTION reports.member_payments_locality() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    locality bigint := CASE WHEN NEW.deleted THEN NULL ELSE NEW.locality_id END;
BEGIN
    UPDATE reports.stat_payment SET locality_id = locality
    WHERE member_id = NEW.member_id AND locality_id IS DISTINCT FROM locality;
    RETURN NULL;
END
$$;

CREATE TRIGGER stat_member_payments_locality AFTER INSERT OR UPDATE OF locality_id, deleted
    ON reports.stat_member
    FOR EACH ROW EXECUTE FUNCTION reports.member_payments_locality();
