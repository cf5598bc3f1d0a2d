-- The cards and payments lists page by `after` from a row in their sort's order (common::paging): each
-- sort walks an index from that row instead of sorting every card. A card's search (a partial name or
-- number, accent-folded) is found through trigrams instead of reading every card.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX card_lastname_idx ON cards.card (card_lastname, card_id);
CREATE INDEX card_expiration_idx ON cards.card (card_expiration_date, card_id);
CREATE INDEX card_search_idx ON cards.card USING gin (search public.gin_trgm_ops);
CREATE INDEX transaction_date_idx ON cards.transaction (transaction_date, transaction_id);
