-- The payments and the deliveries the `cartes` dashboard counts, kept from the cards service's events
-- (`cards.transaction.*`, `cards.delivery.*`) as the members and cards are (0002): each event applied once
-- (the inbox), each row at the stream position of the latest event applied to it. A cancelled payment
-- (`transaction.deleted`) and a deleted delivery stay as tombstones at that position.
CREATE TABLE reports.stat_payment (
    transaction_id bigint PRIMARY KEY,
    position       bigint NOT NULL DEFAULT 0,
    deleted        boolean NOT NULL DEFAULT false,
    member_id      bigint NOT NULL DEFAULT 0,
    operator       text NOT NULL DEFAULT '',
    amount         bigint NOT NULL DEFAULT 0,
    paid_on        date
);
CREATE INDEX stat_payment_paid_idx ON reports.stat_payment (paid_on) WHERE NOT deleted;
CREATE INDEX stat_payment_member_idx ON reports.stat_payment (member_id) WHERE NOT deleted;

CREATE TABLE reports.stat_delivery (
    delivery_id bigint PRIMARY KEY,
    position    bigint NOT NULL DEFAULT 0,
    deleted     boolean NOT NULL DEFAULT false,
    created_at  timestamptz,
    quantity    bigint NOT NULL DEFAULT 0
);
CREATE INDEX stat_delivery_created_idx ON reports.stat_delivery (created_at) WHERE NOT deleted;

-- The counts of a dashboard without filters, kept as the rows change (the triggers below, in the
-- transaction that applies the event and writes its inbox row), so that an unfiltered table sums a few
-- rows instead of counting a million. `dimension`: `member` (key ''), `locality` (its id, '' for none),
-- `gender`, `birth` (the birth date, `AAAA-MM-JJ`, '' unknown: the age bands move with today, so they are
-- made when asked, over at most some 40,000 days), `month` (of registration, `AAAA-MM`, '' unknown),
-- `photo` (none, unchecked, checked), `card` (the status of a card of a member counted), `operator` and
-- `amount_band` (the payments not cancelled; `amount` their sum), `delivery_month` (`AAAA-MM`).
CREATE TABLE reports.stat_tally (
    dimension text NOT NULL,
    key       text NOT NULL,
    n         bigint NOT NULL DEFAULT 0,
    amount    bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (dimension, key)
);

CREATE FUNCTION reports.tally(dim text, k text, dn bigint, damount bigint DEFAULT 0) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO reports.stat_tally AS t (dimension, key, n, amount) VALUES (dim, k, dn, damount)
    ON CONFLICT (dimension, key) DO UPDATE SET n = t.n + dn, amount = t.amount + damount
$$;

-- The cards of a member count while that member does: a card and its member arrive on two streams, so
-- the two triggers that look at the other table take one lock first, and each sees what the other wrote.
CREATE FUNCTION reports.lock_card_tally() RETURNS void LANGUAGE sql AS $$
    SELECT pg_advisory_xact_lock(hashtext('reports.stat_tally.card'))
$$;

-- A member's key in a dimension (STABLE: a month is the session's time zone's, as the filtered counts').
CREATE FUNCTION reports.member_key(m reports.stat_member, dim text) RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT CASE dim
        WHEN 'locality' THEN coalesce(m.locality_id::text, '')
        WHEN 'gender' THEN m.gender
        WHEN 'birth' THEN coalesce(to_char(m.birth_date, 'YYYY-MM-DD'), '')
        WHEN 'month' THEN coalesce(to_char(date_trunc('month', m.registered_at), 'YYYY-MM'), '')
        WHEN 'photo' THEN CASE WHEN NOT m.has_photo THEN 'none' WHEN m.photo_checked THEN 'checked'
                               ELSE 'unchecked' END
        ELSE '' END
$$;

CREATE FUNCTION reports.member_tally() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    dims text[] := ARRAY['member', 'locality', 'gender', 'birth', 'month', 'photo'];
    dim text;
    was_counted boolean := TG_OP <> 'INSERT' AND NOT OLD.deleted;
    now_counted boolean := TG_OP <> 'DELETE' AND NOT NEW.deleted;
BEGIN
    FOREACH dim IN ARRAY dims LOOP
        IF was_counted AND NOT (now_counted AND reports.member_key(OLD, dim) = reports.member_key(NEW, dim)) THEN
            PERFORM reports.tally(dim, reports.member_key(OLD, dim), -1);
        END IF;
        IF now_counted AND NOT (was_counted AND reports.member_key(OLD, dim) = reports.member_key(NEW, dim)) THEN
            PERFORM reports.tally(dim, reports.member_key(NEW, dim), 1);
        END IF;
    END LOOP;
    IF was_counted <> now_counted THEN
        PERFORM reports.lock_card_tally();
        PERFORM reports.tally('card', c.status, CASE WHEN now_counted THEN count(*) ELSE -count(*) END)
        FROM reports.stat_card c
        WHERE c.member_id = CASE WHEN now_counted THEN NEW.member_id ELSE OLD.member_id END
        GROUP BY c.status;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER stat_member_tally AFTER INSERT OR UPDATE OR DELETE ON reports.stat_member
    FOR EACH ROW EXECUTE FUNCTION reports.member_tally();

CREATE FUNCTION reports.card_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM reports.lock_card_tally();
    IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM reports.stat_member m
                                     WHERE m.member_id = OLD.member_id AND NOT m.deleted) THEN
        PERFORM reports.tally('card', OLD.status, -1);
    END IF;
    IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM reports.stat_member m
                                     WHERE m.member_id = NEW.member_id AND NOT m.deleted) THEN
        PERFORM reports.tally('card', NEW.status, 1);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER stat_card_tally AFTER INSERT OR UPDATE OR DELETE ON reports.stat_card
    FOR EACH ROW EXECUTE FUNCTION reports.card_tally();

-- The amount bands of a payment (francs CFA), as `domain::statistics::AMOUNT_BANDS` names them.
CREATE FUNCTION reports.amount_band(amount bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN amount < 1000 THEN 'under_1000' WHEN amount < 5000 THEN '1000_4999'
                WHEN amount < 10000 THEN '5000_9999' WHEN amount < 25000 THEN '10000_24999'
                ELSE 'over_25000' END
$$;

CREATE FUNCTION reports.payment_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND NOT OLD.deleted THEN
        PERFORM reports.tally('operator', OLD.operator, -1, -OLD.amount);
        PERFORM reports.tally('amount_band', reports.amount_band(OLD.amount), -1, -OLD.amount);
    END IF;
    IF TG_OP <> 'DELETE' AND NOT NEW.deleted THEN
        PERFORM reports.tally('operator', NEW.operator, 1, NEW.amount);
        PERFORM reports.tally('amount_band', reports.amount_band(NEW.amount), 1, NEW.amount);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER stat_payment_tally AFTER INSERT OR UPDATE OR DELETE ON reports.stat_payment
    FOR EACH ROW EXECUTE FUNCTION reports.payment_tally();

CREATE FUNCTION reports.delivery_tally() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND NOT OLD.deleted THEN
        PERFORM reports.tally('delivery_month',
            coalesce(to_char(date_trunc('month', OLD.created_at), 'YYYY-MM'), ''), -1);
    END IF;
    IF TG_OP <> 'DELETE' AND NOT NEW.deleted THEN
        PERFORM reports.tally('delivery_month',
            coalesce(to_char(date_trunc('month', NEW.created_at), 'YYYY-MM'), ''), 1);
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER stat_delivery_tally AFTER INSERT OR UPDATE OR DELETE ON reports.stat_delivery
    FOR EACH ROW EXECUTE FUNCTION reports.delivery_tally();

-- The members and cards already kept, counted once.
INSERT INTO reports.stat_tally (dimension, key, n)
SELECT d.dim, reports.member_key(m, d.dim), count(*)
FROM reports.stat_member m
CROSS JOIN unnest(ARRAY['member', 'locality', 'gender', 'birth', 'month', 'photo']) AS d(dim)
WHERE NOT m.deleted
GROUP BY 1, 2;
INSERT INTO reports.stat_tally (dimension, key, n)
SELECT 'card', c.status, count(*)
FROM reports.stat_card c JOIN reports.stat_member m ON m.member_id = c.member_id AND NOT m.deleted
GROUP BY c.status;
