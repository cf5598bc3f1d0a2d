-- A card declared lost or stolen is revoked: its QR code is refused by readers from then on, and the
-- member may get another card.
ALTER TABLE cards.card ADD COLUMN card_revoked_at timestamptz;
ALTER TABLE cards.card ADD COLUMN card_revoked_reason text NOT NULL DEFAULT '';
