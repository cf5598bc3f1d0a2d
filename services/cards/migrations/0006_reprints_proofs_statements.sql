-- A reprint names the card it replaces and spends the same payment; a cancelled card says why. A payment
-- pays for one standing card: cancelled cards no longer hold it.
ALTER TABLE cards.card ADD COLUMN card_replaces_card_id bigint REFERENCES cards.card (card_id);
ALTER TABLE cards.card ADD COLUMN card_cancelled_at timestamptz;
ALTER TABLE cards.card ADD COLUMN card_cancelled_reason text NOT NULL DEFAULT '';
ALTER TABLE cards.card DROP CONSTRAINT card_transaction_key;
CREATE UNIQUE INDEX card_transaction_key ON cards.card (card_transaction_id) WHERE card_status <> 'cancelled';

-- The proof that a delivery reached its members: a photo or scan of the signed slip (one a delivery).
CREATE TABLE cards.delivery_proof (
    delivery_id   bigint PRIMARY KEY REFERENCES cards.delivery (delivery_id) ON DELETE CASCADE,
    content       bytea NOT NULL,
    content_type  text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'application/pdf')),
    file_name     text NOT NULL DEFAULT '',
    uploaded_at   timestamptz NOT NULL DEFAULT now(),
    uploaded_by   text NOT NULL DEFAULT ''
);

-- A member's phone number as statements write it (digits only, without the country code), to match an
-- operator's payments to their payer.
ALTER TABLE cards.member ADD COLUMN phone_key text GENERATED ALWAYS AS (
    right(regexp_replace(member_contact, '[^0-9]', '', 'g'), 10)) STORED;
CREATE INDEX member_phone_key_idx ON cards.member (phone_key) WHERE phone_key <> '';

-- Payments of operators' statements no member was found for, until an agent names the member. An
-- operator's number is here at most once, and never both here and among the transactions.
CREATE TABLE cards.unmatched_payment (
    unmatched_id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    transaction_mobile_operator text NOT NULL,
    transaction_number          text NOT NULL CHECK (char_length(transaction_number) BETWEEN 1 AND 100),
    number_key                  text NOT NULL,
    transaction_date            date NOT NULL,
    transaction_amount          bigint NOT NULL CHECK (transaction_amount > 0),
    phone_number                text NOT NULL DEFAULT '',
    imported_at                 timestamptz NOT NULL DEFAULT now(),
    imported_by_user            text NOT NULL DEFAULT '',
    CONSTRAINT unmatched_number_key UNIQUE (transaction_mobile_operator, number_key)
);
