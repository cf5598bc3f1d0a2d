-- Mobile-money payments of members. An operator's number of a payment is recorded once: the key is the
-- number in capitals without spaces, unique per operator. Amounts are whole francs CFA (XOF).
CREATE TABLE cards.transaction (
    transaction_id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    transaction_date            date NOT NULL,
    transaction_amount          bigint NOT NULL CHECK (transaction_amount > 0),
    transaction_type            text NOT NULL CHECK (char_length(transaction_type) BETWEEN 1 AND 50),
    transaction_member_id       bigint NOT NULL,
    transaction_mobile_operator text NOT NULL CHECK (char_length(transaction_mobile_operator) BETWEEN 1 AND 50),
    transaction_number          text NOT NULL CHECK (char_length(transaction_number) BETWEEN 1 AND 100),
    number_key                  text NOT NULL,
    transaction_is_used_for_card boolean NOT NULL DEFAULT false,
    transaction_created_at      timestamptz NOT NULL DEFAULT now(),
    transaction_created_by_user text NOT NULL DEFAULT '',
    updated_at                  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT transaction_number_key UNIQUE (transaction_mobile_operator, number_key)
);
CREATE INDEX transaction_member_idx ON cards.transaction (transaction_member_id, transaction_id);
CREATE INDEX transaction_number_idx ON cards.transaction (number_key);

-- Events waiting for the relay (see common::outbox).
CREATE TABLE cards.outbox (
    seq           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id            uuid NOT NULL UNIQUE,
    subject       text NOT NULL,
    payload       jsonb NOT NULL,
    trace_context jsonb NOT NULL DEFAULT '{}',
    created_at    timestamptz NOT NULL DEFAULT now()
);
