-- Events waiting for the relay (see common::outbox): sessions ended and logins changed or deleted, so
-- that every gateway forgets the sessions it checked a moment ago.
CREATE TABLE auth.outbox (
    seq           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id            uuid NOT NULL UNIQUE,
    subject       text NOT NULL,
    payload       jsonb NOT NULL,
    trace_context jsonb NOT NULL DEFAULT '{}',
    created_at    timestamptz NOT NULL DEFAULT now()
);
