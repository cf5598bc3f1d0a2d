-- The place in its stream of each event applied (JetStream's stream sequence), so that a consumer knows
-- whether its stream still holds every event after its last one, and rebuilds its projection from the
-- owning service when it does not (common::consumer::rebuild).
ALTER TABLE members.inbox ADD COLUMN position bigint;
CREATE INDEX inbox_position_idx ON members.inbox (consumer, position) WHERE position IS NOT NULL;
