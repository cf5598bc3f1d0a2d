-- Logins (application users), their roles and the state that invalidates their sessions.
CREATE TABLE auth.login (
    login_id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    login_name            text NOT NULL CHECK (char_length(login_name) BETWEEN 4 AND 100),
    login_role            text NOT NULL CHECK (login_role IN ('admin', 'manager', 'agent', 'viewer', 'sync')),
    login_provider        text CHECK (login_provider IS NULL OR char_length(login_provider) >= 4),
    password_hash         text NOT NULL,
    login_sync_token      text,
    login_last_connection timestamptz,
    -- Bumped when the password changes: every token issued before then stops working.
    token_version         integer NOT NULL DEFAULT 0,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);
-- "Admin" and "admin" are the same login.
CREATE UNIQUE INDEX login_name_key ON auth.login (lower(login_name));

-- Failed sign-ins per login name, to slow down password guessing.
CREATE TABLE auth.signin_failure (
    login_key       text PRIMARY KEY,
    failures        integer NOT NULL,
    last_failure_at timestamptz NOT NULL,
    blocked_until   timestamptz
);

-- Settings read by the application (card validity, prices, ...).
CREATE TABLE auth.login_param (
    name         text PRIMARY KEY CHECK (char_length(name) BETWEEN 1 AND 100),
    string_value text,
    int_value    bigint,
    date_value   date,
    bool_value   boolean,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- The key that signs session tokens when JWT_SECRET is not given: made once, kept across restarts.
CREATE TABLE auth.signing_key (
    id         integer PRIMARY KEY CHECK (id = 1),
    secret     bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
