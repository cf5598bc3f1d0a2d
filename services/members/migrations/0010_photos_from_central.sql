-- The central server's photos reach the field laptops (docs/api.md, "Synchronisation").
--
-- On a field laptop, `received_photo_version`: the version, on the central server, of the photo last
-- received from it for this member; `photo_wanted`: a record received says the central server has a
-- newer photo, which the receiving run asks for after the records (cleared once it is kept here).
ALTER TABLE members.member
    ADD COLUMN received_photo_version integer NOT NULL DEFAULT 0,
    ADD COLUMN photo_wanted boolean NOT NULL DEFAULT false;
CREATE INDEX member_photo_wanted_idx ON members.member (member_id) WHERE photo_wanted;
