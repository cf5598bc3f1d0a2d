-- What the cards service keeps of members: what a card copies (kept from the members service's events,
-- read through to it on a miss).
CREATE TABLE cards.member (
    member_id                    bigint PRIMARY KEY,
    member_id_number             text NOT NULL,
    member_firstname             text NOT NULL,
    member_lastname              text NOT NULL,
    member_birth_date            date,
    member_birth_location        text NOT NULL DEFAULT '',
    member_city                  text NOT NULL DEFAULT '',
    member_contact               text NOT NULL DEFAULT '',
    member_membership_start_date date,
    photo_version                integer NOT NULL DEFAULT 0
);

-- A card as printed: the member's identity copied at creation, its own number (prefix, sequence, ISO 7064
-- check digits), the payment it spent (one card a payment), its status along the lifecycle of
-- docs/decisions.md, and its expiry.
CREATE SEQUENCE cards.card_number_seq;
CREATE TABLE cards.card (
    card_id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    card_id_number             text NOT NULL,
    card_member_id             bigint NOT NULL,
    card_member_id_number      text NOT NULL,
    card_firstname             text NOT NULL CHECK (char_length(card_firstname) BETWEEN 1 AND 100),
    card_lastname              text NOT NULL CHECK (char_length(card_lastname) BETWEEN 1 AND 100),
    card_birth_date            date,
    card_birth_location        text NOT NULL DEFAULT '',
    card_city                  text NOT NULL DEFAULT '',
    card_phone_number          text NOT NULL DEFAULT '',
    card_membership_start_date date,
    card_photo_version         integer NOT NULL DEFAULT 0,
    card_status                text NOT NULL DEFAULT 'pending'
        CHECK (card_status IN ('pending', 'printed', 'in_delivery', 'delivered', 'error', 'cancelled', 'revoked')),
    card_expiration_date       date NOT NULL,
    card_delivered_at          timestamptz,
    card_printed_at            timestamptz,
    card_transaction_id        bigint NOT NULL REFERENCES cards.transaction (transaction_id),
    card_created_at            timestamptz NOT NULL DEFAULT now(),
    card_created_by_user       text NOT NULL DEFAULT '',
    search                     text NOT NULL DEFAULT '',
    CONSTRAINT card_id_number_key UNIQUE (card_id_number),
    CONSTRAINT card_transaction_key UNIQUE (card_transaction_id)
);
CREATE INDEX card_member_idx ON cards.card (card_member_id, card_status);
CREATE INDEX card_status_idx ON cards.card (card_status, card_id);

-- The ids of the events this service's consumers applied (see common::consumer).
CREATE TABLE cards.inbox (
    event_id    uuid PRIMARY KEY,
    consumer    text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inbox_received_at ON cards.inbox (consumer, received_at);

-- The payments a card may still spend, found by member.
CREATE INDEX transaction_unused_idx ON cards.transaction (transaction_member_id)
    WHERE NOT transaction_is_used_for_card;
