-- The days at a period's edges are counted through the index on their day alone, a region by the
-- department each row carries (0009, 0010): by locality, PostgreSQL read every member of a region for
-- four days of it (130 ms at a million). The indexes on the day hold what the edges count; those by
-- locality serve only to place the members again when the geography changes (0009), and the payments'
-- by locality nothing any more.
DROP INDEX reports.stat_member_registered_idx;
CREATE INDEX stat_member_registered_idx ON reports.stat_member (registered_at)
    INCLUDE (member_id, department_id, gender, birth_date, has_photo, photo_checked) WHERE NOT deleted;
DROP INDEX reports.stat_member_locality_idx;
CREATE INDEX stat_member_locality_idx ON reports.stat_member (locality_id) WHERE NOT deleted;
DROP INDEX reports.stat_payment_paid_idx;
CREATE INDEX stat_payment_paid_idx ON reports.stat_payment (paid_on)
    INCLUDE (department_id, operator, amount) WHERE NOT deleted;
DROP INDEX reports.stat_payment_locality_idx;
