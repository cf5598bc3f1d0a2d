-- The payments counted as the members are since 0009: by month paid (`-infinity` when not known) and
-- department (their member's, 0 when not known), operator and amount band, with their sum
-- (`reports.stat_payment_cube`, kept by the payments' trigger), so that the `cartes` dashboard over a
-- period reads its whole months here and only the days at its edges payment by payment. These counts
-- replace the payments' totals in `reports.stat_tally` (the deliveries' stay there).

-- A payment's department, kept beside its locality (0006) as its member's.
ALTER TABLE reports.stat_payment ADD COLUMN department_id bigint;

CREATE OR REPLACE FUNCTION reports.payment_locality() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- No member (unknown yet, or deleted): both none.
    SELECT m.locality_id, m.department_id INTO NEW.locality_id, NEW.department_id
    FROM reports.stat_member m WHERE m.member_id = NEW.member_id AND NOT m.deleted;
    RETURN NEW;
END
$$;

-- A member written, moved (its locality, or the geography above it) or deleted: its payments follow.
CREATE OR REPLACE FUNCTION reports.member_payments_locality() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    locality bigint := CASE WHEN NEW.deleted THEN NULL ELSE NEW.locality_id END;
    department bigint := CASE WHEN NEW.deleted THEN NULL ELSE NEW.department_id END;
BEGIN
    UPDATE reports.stat_payment SET locality_id = locality, department_id = department
    WHERE member_id = NEW.member_id AND NOT deleted
      AND (locality_id IS DISTINCT FROM locality OR department_id IS DISTINCT FROM department);
    RETURN NULL;
END
$$;

DROP TRIGGER stat_member_payments_moved ON reports.stat_member;
CREATE TRIGGER stat_member_payments_moved AFTER UPDATE OF locality_id, deleted, department_id
    ON reports.stat_member FOR EACH ROW
    WHEN (OLD.locality_id IS DISTINCT FROM NEW.locality_id OR OLD.deleted IS DISTINCT FROM NEW.deleted
          OR OLD.department_id IS DISTINCT FROM NEW.department_id)
    EXECUTE FUNCTION reports.member_payments_locality();

CREATE TABLE reports.stat_payment_cube (
    month         date NOT NULL,
    department_id bigint NOT NULL,
    operator      text NOT NULL,
    band          text NOT NULL,
    n             bigint NOT NULL DEFAULT 0,
    amount        bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (month, department_id, operator, band)
);

-- A payment's cell.
CREATE FUNCTION reports.payment_cell(p reports.stat_payment)
RETURNS TABLE (month date, department_id bigint, operator text, band text) LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(date_trunc('month', p.paid_on::timestamp)::date, '-infinity'),
           coalesce(p.department_id, 0), p.operator, reports.amount_band(p.amount)
$$;

-- The cell a payment left (-1 and its amount taken back) and the one it joined, in one statement.
CREATE OR REPLACE FUNCTION reports.payment_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    was_counted boolean := TG_OP <> 'INSERT' AND NOT OLD.deleted;
    now_counted boolean := TG_OP <> 'DELETE' AND NOT NEW.deleted;
BEGIN
    INSERT INTO reports.stat_payment_cube AS t (month, department_id, operator, band, n, amount)
    SELECT k.month, k.department_id, k.operator, k.band, sum(k.dn), sum(k.damount)
    FROM (SELECT o.*, -1 AS dn, -OLD.amount AS damount FROM reports.payment_cell(OLD) o WHERE was_counted
          UNION ALL
          SELECT w.*, 1, NEW.amount FROM reports.payment_cell(NEW) w WHERE now_counted) k
    GROUP BY 1, 2, 3, 4
    HAVING sum(k.dn) <> 0 OR sum(k.damount) <> 0
    ON CONFLICT (month, department_id, operator, band)
        DO UPDATE SET n = t.n + excluded.n, amount = t.amount + excluded.amount;
    RETURN NULL;
END
$$;

-- The payments already kept: placed, then counted once.
ALTER TABLE reports.stat_payment DISABLE TRIGGER stat_payment_tally;
UPDATE reports.stat_payment p SET department_id = m.department_id
FROM reports.stat_member m
WHERE m.member_id = p.member_id AND NOT m.deleted AND NOT p.deleted AND m.department_id IS NOT NULL;
ALTER TABLE reports.stat_payment ENABLE TRIGGER stat_payment_tally;

DROP TRIGGER stat_payment_tally ON reports.stat_payment;
CREATE TRIGGER stat_payment_tally AFTER INSERT OR UPDATE OF operator, amount, deleted, paid_on, department_id
    OR DELETE ON reports.stat_payment
    FOR EACH ROW EXECUTE FUNCTION reports.payment_tally();

INSERT INTO reports.stat_payment_cube (month, department_id, operator, band, n, amount)
SELECT c.month, c.department_id, c.operator, c.band, count(*), sum(p.amount)
FROM reports.stat_payment p CROSS JOIN LATERAL reports.payment_cell(p) c
WHERE NOT p.deleted
GROUP BY 1, 2, 3, 4;

DELETE FROM reports.stat_tally WHERE dimension IN ('operator', 'amount_band');
