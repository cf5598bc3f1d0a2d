-- Deliveries of printed cards to the field. A card is in at most one delivery; a sent delivery no
-- longer changes.
CREATE SEQUENCE cards.delivery_code_seq;
CREATE TABLE cards.delivery (
    delivery_id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    delivery_code                  text NOT NULL,
    delivery_is_error_type         boolean NOT NULL DEFAULT false,
    delivery_sent                  boolean NOT NULL DEFAULT false,
    delivery_creation_date_time    timestamptz NOT NULL DEFAULT now(),
    delivery_sent_date_time        timestamptz,
    delivery_created_by_login_id   bigint,
    delivery_created_by_login      text NOT NULL DEFAULT '',
    delivery_delivered_by_login_id bigint,
    CONSTRAINT delivery_code_key UNIQUE (delivery_code)
);

ALTER TABLE cards.card ADD COLUMN card_delivery_id bigint REFERENCES cards.delivery (delivery_id);
CREATE INDEX card_delivery_idx ON cards.card (card_delivery_id);
