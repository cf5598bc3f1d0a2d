-- The statistics' read models (the built-in dashboards), kept from the members', the cards' and the
-- geography's events (src/consumers), never read from their schemas. Each event is applied once (the
-- inbox, per consumer) and a member's or a card's row keeps the stream position of the latest event applied
-- to it, so an older event offered late (a redelivery after a failure) changes nothing.
CREATE TABLE reports.inbox (
    event_id    uuid NOT NULL,
    consumer    text NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
CREATE INDEX inbox_received_at ON reports.inbox (consumer, received_at);

-- What a dashboard counts of a member. `position`: the latest event applied that tells the whole member
-- (saved or deleted); `photo_position`: the latest new photo. A deleted member stays as a tombstone
-- (`deleted`) at the position of its deletion, so that an older event of it arriving after cannot bring it
-- back. `registered_at` is when its `members.member.created` event was written: its registration.
CREATE TABLE reports.stat_member (
    member_id      bigint PRIMARY KEY,
    position       bigint NOT NULL DEFAULT 0,
    photo_position bigint NOT NULL DEFAULT 0,
    deleted       boolean NOT NULL DEFAULT false,
    locality_id   bigint,
    gender        text NOT NULL DEFAULT '',
    birth_date    date,
    registered_at timestamptz,
    has_photo     boolean NOT NULL DEFAULT false,
    photo_checked boolean NOT NULL DEFAULT false
);
CREATE INDEX stat_member_locality_idx ON reports.stat_member (locality_id) WHERE NOT deleted;
CREATE INDEX stat_member_registered_idx ON reports.stat_member (registered_at) WHERE NOT deleted;

-- The cards of members, by status: what the cards' events tell of each card (the latest event applied).
CREATE TABLE reports.stat_card (
    card_id   bigint PRIMARY KEY,
    position  bigint NOT NULL DEFAULT 0,
    member_id bigint NOT NULL,
    status    text NOT NULL
);
CREATE INDEX stat_card_member_idx ON reports.stat_card (member_id);

-- The geography that names a member's region and department: locality > sub-prefecture > department >
-- region, by id (a level may arrive before its parent; the dashboards join what is known).
CREATE TABLE reports.geo_region (
    region_id   bigint PRIMARY KEY,
    region_name text NOT NULL DEFAULT ''
);
CREATE TABLE reports.geo_department (
    department_id   bigint PRIMARY KEY,
    department_name text NOT NULL DEFAULT '',
    region_id       bigint NOT NULL
);
CREATE INDEX geo_department_region_idx ON reports.geo_department (region_id);
CREATE TABLE reports.geo_subprefecture (
    subprefecture_id bigint PRIMARY KEY,
    department_id    bigint NOT NULL
);
CREATE INDEX geo_subprefecture_department_idx ON reports.geo_subprefecture (department_id);
CREATE TABLE reports.geo_locality (
    locality_id      bigint PRIMARY KEY,
    subprefecture_id bigint NOT NULL
);
CREATE INDEX geo_locality_subprefecture_idx ON reports.geo_locality (subprefecture_id);
