-- The payments and cards a field laptop receives from the central server (docs/api.md,
-- "Synchronisation"): every row takes a position among this instance's changes when it is written, so a
-- laptop asks for what changed after its checkpoint. Positions are drawn under a shared advisory lock held
-- to the end of the writing transaction, which the reader takes exclusively (common::sync_position), so a
-- position still being written is never passed. Payments and cards are never deleted (a cancelled one
-- keeps its row), so no deletion travels.
CREATE SEQUENCE cards.sync_position_seq;

CREATE FUNCTION cards.sync_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock_shared(hashtext('cards.sync_position'));
    NEW.sync_position := nextval('cards.sync_position_seq');
    RETURN NEW;
END $$;

ALTER TABLE cards.transaction ADD COLUMN sync_position bigint NOT NULL DEFAULT 0;
ALTER TABLE cards.card ADD COLUMN sync_position bigint NOT NULL DEFAULT 0;
-- The rows already there, payments first (a card names its payment).
UPDATE cards.transaction SET sync_position = nextval('cards.sync_position_seq');
UPDATE cards.card SET sync_position = nextval('cards.sync_position_seq');
CREATE INDEX transaction_sync_position_idx ON cards.transaction (sync_position);
CREATE INDEX card_sync_position_idx ON cards.card (sync_position);

CREATE TRIGGER transaction_sync_position BEFORE INSERT OR UPDATE ON cards.transaction
    FOR EACH ROW EXECUTE FUNCTION cards.sync_position();
CREATE TRIGGER card_sync_position BEFORE INSERT OR UPDATE ON cards.card
    FOR EACH ROW EXECUTE FUNCTION cards.sync_position();

-- A laptop finds its own member of a received payment or card by the member's id number.
CREATE INDEX member_id_number_idx ON cards.member (member_id_number);

-- On a field laptop: the central server's card key, received with its cards, which the laptop's reader
-- checks their QR codes with (the laptop makes no cards of its own).
CREATE TABLE cards.central_card_key (
    one            boolean PRIMARY KEY DEFAULT true CHECK (one),
    kid            text NOT NULL,
    public_key_hex text NOT NULL,
    issuer         text NOT NULL
);
