-- A member and its locality arrive on two streams, applied by two consumers in two transactions. When
-- both ran at once, each missed the other: the member's row looked its locality up before the locality's
-- transaction committed (none: no department), and the locality's trigger placed the members of that
-- locality before the member's transaction committed (none yet). The member stayed without a department
-- for good, counted as « Non renseignée » instead of in its region (seen: 13 members counted, 12 regions named,
-- for minutes). Now placing is serialised: a member's row looks its department up under a shared lock,
-- a level of the geography places its members under the exclusive one. Whichever commits second sees
-- the other's row (each takes the lock before it reads, in a statement of its own, so with a snapshot
-- taken after the other committed).

CREATE OR REPLACE FUNCTION reports.member_department() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock_shared(hashtextextended('reports.placing', 0));
    NEW.department_id := reports.department_of(NEW.locality_id);
    RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION reports.geography_placed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    row_id bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended('reports.placing', 0));
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

-- The members the race left without a department, placed where the geography now puts them.
SELECT reports.place_members(ARRAY(
    SELECT DISTINCT m.locality_id FROM reports.stat_member m
    WHERE m.department_id IS NULL AND m.locality_id IS NOT NULL AND NOT m.deleted));
