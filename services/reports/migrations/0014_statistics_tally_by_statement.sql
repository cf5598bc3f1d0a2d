-- The members' counts were kept by a trigger run for each row (`member_tally`): a consumer's batch of 64
-- members ran its statements 64 times, about two thirds of what keeping the members cost the database
-- (docs/performance.md, 2026-11-28 15:13). One trigger run for each statement now counts the rows it wrote
-- together, from PostgreSQL's transition tables. A trigger with transition tables answers one event only,
-- so there are three, each handing the rows before and after the statement to `members_moved`.

-- The member rows `was` (before the statement) and `now` (after it; the same member in both when it was
-- updated): the counts of the cells they left and joined move, and the cards of those whose month or
-- department changed, or who stopped or started counting, move with them. What `member_tally` did for one
-- row, for all of them at once.
CREATE FUNCTION reports.members_moved(was reports.stat_member[], now reports.stat_member[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    age_day date;
    moved_ids bigint[];
    moved_months date[];
    moved_departments bigint[];
    moved_by bigint[];
BEGIN
    IF cardinality(was) + cardinality(now) = 0 THEN
        RETURN;
    END IF;
    -- The bands' day cannot move before this transaction ends (reports.reband waits for it).
    PERFORM reports.age_day_lock(false);
    SELECT a.day INTO age_day FROM reports.stat_age_day a;
    -- The cells they left (-1) and joined (+1); a cell a member stays in sums to 0 and is not written.
    INSERT INTO reports.stat_cube AS c (month, department_id, dimension, key, n)
    SELECT k.month, k.department_id, k.dimension, k.key, sum(k.dn)
    FROM (SELECT cell.*, -1 AS dn
          FROM unnest(was) o CROSS JOIN LATERAL reports.member_cells(o, age_day) cell
          WHERE NOT o.deleted
          UNION ALL
          SELECT cell.*, 1
          FROM unnest(now) w CROSS JOIN LATERAL reports.member_cells(w, age_day) cell
          WHERE NOT w.deleted) k
    GROUP BY 1, 2, 3, 4
    HAVING sum(k.dn) <> 0
    ON CONFLICT (month, department_id, dimension, key) DO UPDATE SET n = c.n + excluded.n;
    -- The places (month and department) members left and joined; a member staying in its place sums
    -- to 0 there.
    SELECT array_agg(p.member_id), array_agg(p.month), array_agg(p.department_id), array_agg(p.dn)
    INTO moved_ids, moved_months, moved_departments, moved_by
    FROM (SELECT k.member_id, k.month, k.department_id, sum(k.dn) AS dn
          FROM (SELECT o.member_id, reports.member_month(o) AS month,
                       coalesce(o.department_id, 0) AS department_id, -1 AS dn
                FROM unnest(was) o WHERE NOT o.deleted
                UNION ALL
                SELECT w.member_id, reports.member_month(w), coalesce(w.department_id, 0), 1
                FROM unnest(now) w WHERE NOT w.deleted) k
          GROUP BY 1, 2, 3
          HAVING sum(k.dn) <> 0) p;
    IF moved_ids IS NULL THEN
        RETURN;
    END IF;
    -- Their cards are counted in their month and department: they follow them (the lock: see 0003).
    PERFORM reports.lock_card_tally();
    INSERT INTO reports.stat_cube AS t (month, department_id, dimension, key, n)
    SELECT p.month, p.department_id, 'card', c.status, sum(p.dn)
    FROM unnest(moved_ids, moved_months, moved_departments, moved_by)
        AS p(member_id, month, department_id, dn)
    JOIN reports.stat_card c ON c.member_id = p.member_id
    GROUP BY 1, 2, 4
    HAVING sum(p.dn) <> 0
    ON CONFLICT (month, department_id, dimension, key) DO UPDATE SET n = t.n + excluded.n;
END
$$;

-- A statement's rows, handed to `members_moved` (a statement that wrote none moves nothing).
CREATE FUNCTION reports.members_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM reports.members_moved('{}', ARRAY(SELECT w::reports.stat_member FROM now_members w));
    ELSIF TG_OP = 'UPDATE' THEN
        PERFORM reports.members_moved(ARRAY(SELECT o::reports.stat_member FROM was_members o),
                                      ARRAY(SELECT w::reports.stat_member FROM now_members w));
    ELSE
        PERFORM reports.members_moved(ARRAY(SELECT o::reports.stat_member FROM was_members o), '{}');
    END IF;
    RETURN NULL;
END
$$;

DROP TRIGGER stat_member_tally ON reports.stat_member;
DROP FUNCTION reports.member_tally();
CREATE TRIGGER stat_member_tally_inserted AFTER INSERT ON reports.stat_member
    REFERENCING NEW TABLE AS now_members
    FOR EACH STATEMENT EXECUTE FUNCTION reports.members_tally();
CREATE TRIGGER stat_member_tally_updated AFTER UPDATE ON reports.stat_member
    REFERENCING OLD TABLE AS was_members NEW TABLE AS now_members
    FOR EACH STATEMENT EXECUTE FUNCTION reports.members_tally();
CREATE TRIGGER stat_member_tally_deleted AFTER DELETE ON reports.stat_member
    REFERENCING OLD TABLE AS was_members
    FOR EACH STATEMENT EXECUTE FUNCTION reports.members_tally();

-- A member's department is looked up when its locality is written (`stat_member_department`, 0009); an
-- upsert of a photo (no locality) or of a member that stays where it was has none to look up. A BEFORE
-- INSERT trigger runs for every row an upsert proposes, even the rows that update: most of a batch's.
DROP TRIGGER stat_member_department ON reports.stat_member;
CREATE TRIGGER stat_member_department BEFORE INSERT ON reports.stat_member
    FOR EACH ROW WHEN (NEW.locality_id IS NOT NULL) EXECUTE FUNCTION reports.member_department();
CREATE TRIGGER stat_member_moved_department BEFORE UPDATE OF locality_id ON reports.stat_member
    FOR EACH ROW WHEN (OLD.locality_id IS DISTINCT FROM NEW.locality_id)
    EXECUTE FUNCTION reports.member_department();
