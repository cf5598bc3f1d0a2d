-- An event's id is recorded once per consumer, not once per schema: two consumers of this schema reading
-- the same stream (each for its own purpose) both apply each event (see common::consumer).
ALTER TABLE members.inbox DROP CONSTRAINT inbox_pkey, ADD PRIMARY KEY (consumer, event_id);
