-- Localities sorted by name (the list's default order) are paged from this index alone: it carries the
-- sub-prefecture too, so a page's rows, and the rows an offset skips, never touch the table.
DROP INDEX geography.locality_name_idx;
CREATE INDEX locality_name_idx ON geography.locality (locality_name, locality_id) INCLUDE (locality_subprefecture_id);
