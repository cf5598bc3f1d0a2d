ALTER TABLE members.member ADD COLUMN member_birth_country text NOT NULL DEFAULT '';
