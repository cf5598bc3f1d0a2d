-- The QR code printed on a card: its signed payload (MOSIP Claim 169), made once with the card.
ALTER TABLE cards.card ADD COLUMN card_qrcode text NOT NULL DEFAULT '';

-- The key that signs cards' QR codes (Ed25519 seed): made once, kept across restarts. Readers check the
-- codes offline with its public key.
CREATE TABLE cards.signing_key (
    id   integer PRIMARY KEY CHECK (id = 1),
    seed bytea NOT NULL CHECK (length(seed) = 32)
);
