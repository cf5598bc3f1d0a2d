-- The four levels. Names sort as French readers expect ("Bédiala" before "Brobo"): ICU collation.
-- `search` holds code and name lower-cased without accents (written by the service),
-- so that "daloa" finds "DALOA" and "Dàloa"; trigram indexes keep partial-word search fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE geography.region (
    region_id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    region_code text NOT NULL CHECK (char_length(region_code) BETWEEN 1 AND 50),
    region_name text COLLATE "fr-x-icu" NOT NULL CHECK (char_length(region_name) BETWEEN 1 AND 200),
    search      text NOT NULL,
    CONSTRAINT region_code_key UNIQUE (region_code)
);

CREATE TABLE geography.department (
    department_id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    department_code     text NOT NULL CHECK (char_length(department_code) BETWEEN 1 AND 50),
    department_name     text COLLATE "fr-x-icu" NOT NULL CHECK (char_length(department_name) BETWEEN 1 AND 200),
    department_region_id bigint NOT NULL REFERENCES geography.region (region_id) ON DELETE RESTRICT,
    search              text NOT NULL,
    CONSTRAINT department_code_key UNIQUE (department_code)
);
CREATE INDEX department_region_idx ON geography.department (department_region_id);

CREATE TABLE geography.subprefecture (
    subprefecture_id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    subprefecture_code          text NOT NULL CHECK (char_length(subprefecture_code) BETWEEN 1 AND 50),
    subprefecture_name          text COLLATE "fr-x-icu" NOT NULL CHECK (char_length(subprefecture_name) BETWEEN 1 AND 200),
    subprefecture_department_id bigint NOT NULL REFERENCES geography.department (department_id) ON DELETE RESTRICT,
    search                      text NOT NULL,
    CONSTRAINT subprefecture_code_key UNIQUE (subprefecture_code)
);
CREATE INDEX subprefecture_department_idx ON geography.subprefecture (subprefecture_department_id);

CREATE TABLE geography.locality (
    locality_id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    locality_name             text COLLATE "fr-x-icu" NOT NULL CHECK (char_length(locality_name) BETWEEN 1 AND 200),
    locality_subprefecture_id bigint NOT NULL REFERENCES geography.subprefecture (subprefecture_id) ON DELETE RESTRICT,
    -- The name as compared for uniqueness within a sub-prefecture: lower-cased, without accents.
    name_key                  text NOT NULL,
    search                    text NOT NULL,
    CONSTRAINT locality_name_key UNIQUE (locality_subprefecture_id, name_key)
);
CREATE INDEX locality_name_idx ON geography.locality (locality_name, locality_id);

CREATE INDEX region_search_idx ON geography.region USING gin (search public.gin_trgm_ops);
CREATE INDEX department_search_idx ON geography.department USING gin (search public.gin_trgm_ops);
CREATE INDEX subprefecture_search_idx ON geography.subprefecture USING gin (search public.gin_trgm_ops);
CREATE INDEX locality_search_idx ON geography.locality USING gin (search public.gin_trgm_ops);

-- Events waiting for the relay (see common::outbox).
CREATE TABLE geography.outbox (
    seq           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id            uuid NOT NULL UNIQUE,
    subject       text NOT NULL,
    payload       jsonb NOT NULL,
    trace_context jsonb NOT NULL DEFAULT '{}',
    created_at    timestamptz NOT NULL DEFAULT now()
);
