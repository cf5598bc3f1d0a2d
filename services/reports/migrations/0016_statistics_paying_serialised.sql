-- The same race as 0015, between a payment and its member: a payment applied while its member's row was
-- in flight found no member (no department), and the member's trigger that places its payments ran
-- before the payment committed. The payment stayed counted as « Non renseignée » for good. Now a payment
-- looks its member up, and a member places its payments, under one lock: whichever commits second sees
-- the other's row. Wherever both are taken (a member's row, a geography level) the placing lock of 0015
-- comes first, and a payment takes no other: no transaction waits in a circle.

CREATE OR REPLACE FUNCTION reports.payment_department() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended('reports.paying', 0));
    -- No member (unknown yet, or deleted): none.
    NEW.department_id := (SELECT m.department_id FROM reports.stat_member m
                          WHERE m.member_id = NEW.member_id AND NOT m.deleted);
    RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION reports.member_payments_department() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    department bigint := CASE WHEN NEW.deleted THEN NULL ELSE NEW.department_id END;
BEGIN
    -- The placing lock first, as everywhere both are taken (a row without a locality took none yet).
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('reports.placing', 0));
    PERFORM pg_advisory_xact_lock(hashtextextended('reports.paying', 0));
    UPDATE reports.stat_payment SET department_id = department
    WHERE member_id = NEW.member_id AND NOT deleted AND department_id IS DISTINCT FROM department;
    RETURN NULL;
END
$$;

-- The payments the race left without a department, placed where their members now are.
UPDATE reports.stat_payment p SET department_id = m.department_id
FROM reports.stat_member m
WHERE m.member_id = p.member_id AND NOT m.deleted AND NOT p.deleted
  AND p.department_id IS NULL AND m.department_id IS NOT NULL;
