-- Run once on the central server's database restored from a backup, before any service starts on it:
--   psql "$DATABASE_URL" -f deploy/after-restore.sql
-- The lost server gave out numbers after the backup was taken (identity numbers printed on cards, card
-- numbers, delivery codes, ids, synchronisation positions field laptops have applied); the backup's
-- counters would give them out again to other members and cards. Every counter of every schema is moved
-- 1,000,000 steps past where the backup left it, so that none of them is ever given out twice. Running it
-- twice only moves them further. (docs/reliability.md, "The central server restored from a backup".)
DO $$
DECLARE
    counter record;
BEGIN
    FOR counter IN
        SELECT schemaname, sequencename, coalesce(last_value, start_value) AS reached, increment_by
        FROM pg_sequences
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
    LOOP
        PERFORM setval(format('%I.%I', counter.schemaname, counter.sequencename),
                       counter.reached + 1000000 * counter.increment_by);
    END LOOP;
END $$;
