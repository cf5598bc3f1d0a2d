-- A filtered dashboard (a region, a period) counts the members within the filter: each of its tables
-- reads only the columns below, so these indexes hold them and the counts are index-only scans of the
-- members within the filter, instead of reading each member's row. They replace 0002's indexes on the
-- same keys.
DROP INDEX reports.stat_member_locality_idx;
DROP INDEX reports.stat_member_registered_idx;
CREATE INDEX stat_member_locality_idx ON reports.stat_member (locality_id)
    INCLUDE (member_id, gender, birth_date, registered_at, has_photo, photo_checked) WHERE NOT deleted;
CREATE INDEX stat_member_registered_idx ON reports.stat_member (registered_at)
    INCLUDE (member_id, locality_id, gender, birth_date, has_photo, photo_checked) WHERE NOT deleted;
