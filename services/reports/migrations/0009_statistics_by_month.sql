-- The members' dashboard filtered by a period counted every member registered within it (591 ms for a
-- year at a million members, docs/performance.md). The members are now also counted by month of
-- registration and department (`reports.stat_cube`), kept by the triggers in the transaction that applies
-- the event, so that a period reads the few counts of its whole months and only the days at its edges
-- member by member (store::statistics). These counts replace the members' totals of 0003/0004 in
-- `reports.stat_tally` (unfiltered is every month of the cube); the payments' and deliveries' stay there.

-- A member's department, as the geography kept here names its locality (none while a level is unknown):
-- written with the member, and again when the geography above its locality changes (below).
ALTER TABLE reports.stat_member ADD COLUMN department_id bigint;

CREATE FUNCTION reports.department_of(locality bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
    SELECT d.department_id FROM reports.geo_locality l
    JOIN reports.geo_subprefecture s ON s.subprefecture_id = l.subprefecture_id
    JOIN reports.geo_department d ON d.department_id = s.department_id
    WHERE l.locality_id = locality
$$;

CREATE FUNCTION reports.member_department() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.department_id := reports.department_of(NEW.locality_id);
    RETURN NEW;
END
$$;
CREATE TRIGGER stat_member_department BEFORE INSERT OR UPDATE OF locality_id ON reports.stat_member
    FOR EACH ROW EXECUTE FUNCTION reports.member_department();

-- The members of `localities` placed again (their counts follow, by the members' trigger).
CREATE FUNCTION reports.place_members(localities bigint[]) RETURNS void LANGUAGE sql AS $$
    UPDATE reports.stat_member m SET department_id = reports.department_of(m.locality_id)
    WHERE m.locality_id = ANY(localities) AND NOT m.deleted
      AND m.department_id IS DISTINCT FROM reports.department_of(m.locality_id)
$$;

-- A level saved, moved or deleted: the members of the localities below it placed again.
CREATE FUNCTION reports.geography_placed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    row_id bigint;
BEGIN
    IF TG_TABLE_NAME = 'geo_locality' THEN
        PERFORM reports.place_members(ARRAY[coalesce(NEW.locality_id, OLD.locality_id)]);
    ELSIF TG_TABLE_NAME = 'geo_subprefecture' THEN
        row_id := coalesce(NEW.subprefecture_id, OLD.subprefecture_id);
        PERFORM reports.place_members(ARRAY(
            SELECT l.locality_id FROM reports.geo_locality l WHERE l.subprefecture_id = row_id));
    ELSE
        row_id := coalesce(NEW.department_id, OLD.department_id);
        PERFORM reports.place_members(ARRAY(
            SELECT l.locality_id FROM reports.geo_locality l
            JOIN reports.geo_subprefecture s ON s.subprefecture_id = l.subprefecture_id
            WHERE s.department_id = row_id));
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER geo_locality_placed AFTER INSERT OR DELETE ON reports.geo_locality
    FOR EACH ROW EXECUTE FUNCTION reports.geography_placed();
CREATE TRIGGER geo_locality_moved AFTER UPDATE ON reports.geo_locality FOR EACH ROW
    WHEN (OLD.subprefecture_id IS DISTINCT FROM NEW.subprefecture_id)
    EXECUTE FUNCTION reports.geography_placed();
CREATE TRIGGER geo_subprefecture_placed AFTER INSERT OR DELETE ON reports.geo_subprefecture
    FOR EACH ROW EXECUTE FUNCTION reports.geography_placed();
CREATE TRIGGER geo_subprefecture_moved AFTER UPDATE ON reports.geo_subprefecture FOR EACH ROW
    WHEN (OLD.department_id IS DISTINCT FROM NEW.department_id)
    EXECUTE FUNCTION reports.geography_placed();
-- A department's region is read when a dashboard is asked: only its being known places members.
CREATE TRIGGER geo_department_placed AFTER INSERT OR DELETE ON reports.geo_department
    FOR EACH ROW EXECUTE FUNCTION reports.geography_placed();

-- The age band of a birth date on `day`, as `domain::statistics::AGE_BANDS` names them (whole years, as
-- `age(day, birth)` counts them: 18 to 25 is born on or before this day 18 years ago and after this day
-- 26 years ago). The edges of a period are counted with the same days (store::statistics::band_days).
CREATE FUNCTION reports.age_band(birth date, day date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN birth IS NULL THEN 'unknown'
                WHEN birth > (day - interval '18 years')::date THEN 'under_18'
                WHEN birth > (day - interval '26 years')::date THEN '18_25'
                WHEN birth > (day - interval '36 years')::date THEN '26_35'
                WHEN birth > (day - interval '51 years')::date THEN '36_50'
                WHEN birth > (day - interval '66 years')::date THEN '51_65'
                ELSE 'over_65' END
$$;

-- The day the kept age bands are of: `reports.reband` moves it to today before a dashboard is read,
-- moving the few members whose band changed since.
CREATE TABLE reports.stat_age_day (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    day date NOT NULL
);
INSERT INTO reports.stat_age_day (day) VALUES (current_date);

-- The members counted (not deleted) by month of registration (`-infinity` when not known) and
-- department (0 when not known), in each dimension: `gender`, `photo` (none, unchecked, checked), `age`
-- (the band on `stat_age_day`), and `card` (the status of each card of theirs).
CREATE TABLE reports.stat_cube (
    month         date NOT NULL,
    department_id bigint NOT NULL,
    dimension     text NOT NULL,
    key           text NOT NULL,
    n             bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (month, department_id, dimension, key)
);

-- A member's month of registration (session time zone, as the edges' days).
CREATE FUNCTION reports.member_month(m reports.stat_member) RETURNS date LANGUAGE sql STABLE AS $$
    SELECT coalesce(date_trunc('month', m.registered_at)::date, '-infinity')
$$;

-- A member's cells, its age band on `day`.
CREATE FUNCTION reports.member_cells(m reports.stat_member, day date)
RETURNS TABLE (month date, department_id bigint, dimension text, key text) LANGUAGE sql STABLE AS $$
    SELECT reports.member_month(m), coalesce(m.department_id, 0), k.dimension, k.key
    FROM (VALUES ('gender', m.gender),
                 ('photo', CASE WHEN NOT m.has_photo THEN 'none' WHEN m.photo_checked THEN 'checked'
                                ELSE 'unchecked' END),
                 ('age', reports.age_band(m.birth_date, day))) k(dimension, key)
$$;

-- The lock that keeps the age bands' day while a transaction counts members with it.
CREATE FUNCTION reports.age_day_lock(exclusive boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF exclusive THEN
        PERFORM pg_advisory_xact_lock(hashtext('reports.stat_age_day'));
    ELSE
        PERFORM pg_advisory_xact_lock_shared(hashtext('reports.stat_age_day'));
    END IF;
END
$$;

CREATE OR REPLACE FUNCTION reports.member_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    was_counted boolean := TG_OP <> 'INSERT' AND NOT OLD.deleted;
    now_counted boolean := TG_OP <> 'DELETE' AND NOT NEW.deleted;
    age_day date;
    was_month date;
    now_month date;
BEGIN
    IF NOT (was_counted OR now_counted) THEN
        RETURN NULL;
    END IF;
    -- The bands' day cannot move before this transaction ends (reports.reband waits for it).
    PERFORM reports.age_day_lock(false);
    SELECT a.day INTO age_day FROM reports.stat_age_day a;
    -- The cells it left (-1) and joined (+1); a cell it stays in sums to 0 and is not written.
    INSERT INTO reports.stat_cube AS c (month, department_id, dimension, key, n)
    SELECT k.month, k.department_id, k.dimension, k.key, sum(k.dn)
    FROM (SELECT o.*, -1 AS dn FROM reports.member_cells(OLD, age_day) o WHERE was_counted
          UNION ALL
          SELECT w.*, 1 FROM reports.member_cells(NEW, age_day) w WHERE now_counted) k
    GROUP BY 1, 2, 3, 4
    HAVING sum(k.dn) <> 0
    ON CONFLICT (month, department_id, dimension, key) DO UPDATE SET n = c.n + excluded.n;
    -- Its cards are counted in its month and department: they follow it into and out of them.
    IF was_counted THEN
        was_month := reports.member_month(OLD);
    END IF;
    IF now_counted THEN
        now_month := reports.member_month(NEW);
    END IF;
    IF was_counted IS DISTINCT FROM now_counted OR was_month IS DISTINCT FROM now_month
       OR (was_counted AND now_counted AND OLD.department_id IS DISTINCT FROM NEW.department_id) THEN
        PERFORM reports.lock_card_tally();
        INSERT INTO reports.stat_cube AS t (month, department_id, dimension, key, n)
        SELECT k.month, k.department_id, 'card', c.status, sum(k.dn)
        FROM reports.stat_card c
        CROSS JOIN (SELECT was_month, coalesce(OLD.department_id, 0), -1 WHERE was_counted
                    UNION ALL
                    SELECT now_month, coalesce(NEW.department_id, 0), 1 WHERE now_counted)
            AS k(month, department_id, dn)
        WHERE c.member_id = coalesce(NEW.member_id, OLD.member_id)
        GROUP BY 1, 2, 4
        HAVING sum(k.dn) <> 0
        ON CONFLICT (month, department_id, dimension, key) DO UPDATE SET n = t.n + excluded.n;
    END IF;
    RETURN NULL;
END
$$;

-- A card counts in its member's cells while that member does (the lock: see 0003).
CREATE OR REPLACE FUNCTION reports.card_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports.lock_card_tally();
    INSERT INTO reports.stat_cube AS t (month, department_id, dimension, key, n)
    SELECT reports.member_month(m), coalesce(m.department_id, 0), 'card', k.status, sum(k.dn)
    FROM (SELECT OLD.member_id, OLD.status, -1 WHERE TG_OP <> 'INSERT'
          UNION ALL
          SELECT NEW.member_id, NEW.status, 1 WHERE TG_OP <> 'DELETE') AS k(member_id, status, dn)
    JOIN reports.stat_member m ON m.member_id = k.member_id AND NOT m.deleted
    GROUP BY 1, 2, 4
    HAVING sum(k.dn) <> 0
    ON CONFLICT (month, department_id, dimension, key) DO UPDATE SET n = t.n + excluded.n;
    RETURN NULL;
END
$$;

-- Moves the kept age bands to `today`: only the members born within a band's edge between the two days
-- change band (some 280 a day at a million members), read through this index.
CREATE INDEX stat_member_birth_idx ON reports.stat_member (birth_date) WHERE NOT deleted;

CREATE FUNCTION reports.reband(today date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    was date;
    first date;
    last date;
BEGIN
    PERFORM reports.age_day_lock(true);
    SELECT a.day INTO was FROM reports.stat_age_day a;
    IF was = today THEN
        RETURN;
    END IF;
    first := least(was, today);
    last := greatest(was, today);
    INSERT INTO reports.stat_cube AS c (month, department_id, dimension, key, n)
    SELECT reports.member_month(m), coalesce(m.department_id, 0), 'age', k.band, sum(k.dn)
    FROM reports.stat_member m
    CROSS JOIN LATERAL (VALUES (reports.age_band(m.birth_date, was), -1),
                               (reports.age_band(m.birth_date, today), 1)) AS k(band, dn)
    WHERE NOT m.deleted
      AND ((m.birth_date > (first - interval '18 years')::date AND m.birth_date <= (last - interval '18 years')::date)
        OR (m.birth_date > (first - interval '26 years')::date AND m.birth_date <= (last - interval '26 years')::date)
        OR (m.birth_date > (first - interval '36 years')::date AND m.birth_date <= (last - interval '36 years')::date)
        OR (m.birth_date > (first - interval '51 years')::date AND m.birth_date <= (last - interval '51 years')::date)
        OR (m.birth_date > (first - interval '66 years')::date AND m.birth_date <= (last - interval '66 years')::date))
    GROUP BY 1, 2, 4
    HAVING sum(k.dn) <> 0
    ON CONFLICT (month, department_id, dimension, key) DO UPDATE SET n = c.n + excluded.n;
    UPDATE reports.stat_age_day SET day = today;
END
$$;

-- The members already kept: placed (their counts are made below, once), then counted.
ALTER TABLE reports.stat_member DISABLE TRIGGER stat_member_tally;
UPDATE reports.stat_member m SET department_id = reports.department_of(m.locality_id)
WHERE m.locality_id IS NOT NULL;
ALTER TABLE reports.stat_member ENABLE TRIGGER stat_member_tally;

INSERT INTO reports.stat_cube (month, department_id, dimension, key, n)
SELECT k.month, k.department_id, k.dimension, k.key, count(*)
FROM reports.stat_member m CROSS JOIN LATERAL reports.member_cells(m, current_date) k
WHERE NOT m.deleted
GROUP BY 1, 2, 3, 4;
INSERT INTO reports.stat_cube (month, department_id, dimension, key, n)
SELECT reports.member_month(m), coalesce(m.department_id, 0), 'card', c.status, count(*)
FROM reports.stat_card c JOIN reports.stat_member m ON m.member_id = c.member_id AND NOT m.deleted
GROUP BY 1, 2, 4;

-- The members' totals are the cube's now.
DELETE FROM reports.stat_tally
WHERE dimension IN ('member', 'locality', 'gender', 'birth', 'month', 'photo', 'card');
DROP FUNCTION reports.member_keys(reports.stat_member);
