-- Report templates (specification: the Report entity): a template's identity, its type, whether it is its
-- type's default, the record the designer previews it with, and its versions, each the designer's JSON
-- as it was saved (`json`, not `jsonb`: kept to the character), with its notes, who saved it and when.
CREATE TABLE reports.report (
    report_id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    report_name                text NOT NULL CHECK (char_length(report_name) BETWEEN 1 AND 100),
    report_description         text NOT NULL DEFAULT '' CHECK (char_length(report_description) <= 1000),
    report_type                text NOT NULL
        CHECK (report_type IN ('card', 'delivery_slip', 'member_sheet', 'list_export')),
    report_is_default          boolean NOT NULL DEFAULT false,
    report_current_version     integer NOT NULL DEFAULT 1 CHECK (report_current_version >= 1),
    report_preview_data        json NOT NULL DEFAULT '{}',
    report_updated_at          timestamptz NOT NULL DEFAULT now(),
    report_updated_by_login_id bigint,
    search                     text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX report_name_key ON reports.report (lower(report_name));
-- At most one default a type; the service keeps exactly one (docs/decisions.md).
CREATE UNIQUE INDEX report_one_default ON reports.report (report_type) WHERE report_is_default;
CREATE INDEX report_type_name_idx ON reports.report (report_type, report_name);

CREATE TABLE reports.report_version (
    report_id         bigint NOT NULL REFERENCES reports.report (report_id) ON DELETE CASCADE,
    version           integer NOT NULL CHECK (version >= 1),
    template          json NOT NULL,
    notes             text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 500),
    saved_at          timestamptz NOT NULL DEFAULT now(),
    saved_by_login_id bigint,
    PRIMARY KEY (report_id, version)
);
