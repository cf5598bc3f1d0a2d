-- A session is what one sign-in opened: its tokens name it (`sid`), refreshing keeps it, signing out
-- ends it on the server, and it cannot be refreshed past its absolute lifetime.
CREATE TABLE auth.session (
    id         uuid PRIMARY KEY,
    login_id   bigint NOT NULL REFERENCES auth.login (login_id) ON DELETE CASCADE,
    started_at timestamptz NOT NULL DEFAULT now(),
    ended_at   timestamptz
);
CREATE INDEX session_login ON auth.session (login_id, started_at);
