-- A payment is no longer deleted: it is cancelled with a reason (who, when, why), kept in the member's
-- payments, and no card can spend it. Its operator's number may then be entered again: the number is
-- unique among the payments that stand only.
ALTER TABLE cards.transaction
    ADD COLUMN transaction_cancelled_at      timestamptz,
    ADD COLUMN transaction_cancelled_by_user text NOT NULL DEFAULT '',
    ADD COLUMN transaction_cancel_reason     text NOT NULL DEFAULT ''
        CHECK (char_length(transaction_cancel_reason) <= 500),
    ADD CONSTRAINT transaction_cancel_reason_given
        CHECK (transaction_cancelled_at IS NULL OR char_length(transaction_cancel_reason) >= 5),
    DROP CONSTRAINT transaction_number_key;
CREATE UNIQUE INDEX transaction_number_key ON cards.transaction (transaction_mobile_operator, number_key)
    WHERE transaction_cancelled_at IS NULL;
