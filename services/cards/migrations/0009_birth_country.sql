ALTER TABLE cards.member ADD COLUMN member_birth_country text NOT NULL DEFAULT '';
ALTER TABLE cards.card ADD COLUMN card_birth_country text NOT NULL DEFAULT '';
