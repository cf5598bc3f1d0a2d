-- The ids of the events this service's consumers applied (see common::consumer): an event delivered
-- again is recognised and changes nothing.
CREATE TABLE members.inbox (
    event_id    uuid PRIMARY KEY,
    consumer    text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inbox_received_at ON members.inbox (consumer, received_at);
