-- What the members service keeps of the cards service, from its events: each payment (spent on a card or
-- not) and each card (status, expiry). A member's `member_hasUnusedTransaction` and `member_hasValidCard`
-- are read from them when the member is read, so they stay true to date: a card that expires stops
-- counting the next day, with no refresh to run.
CREATE TABLE members.payment (
    transaction_id bigint PRIMARY KEY,
    member_id      bigint NOT NULL,
    used           boolean NOT NULL
);
CREATE INDEX payment_unused ON members.payment (member_id) WHERE NOT used;

CREATE TABLE members.card (
    card_id         bigint PRIMARY KEY,
    member_id       bigint NOT NULL,
    status          text NOT NULL,
    expiration_date date NOT NULL
);
CREATE INDEX card_standing ON members.card (member_id, expiration_date)
    WHERE status IN ('printed', 'in_delivery', 'delivered');
