-- Sign-in attempts are held off per login name and client address: guesses from one address do not
-- lock the real user out from another. The key is the name folded by PostgreSQL's lower(), the same
-- folding the login lookup uses.
DROP TABLE auth.signin_failure;

CREATE TABLE auth.signin_attempt (
    login_key       text NOT NULL,
    client_address  text NOT NULL,
    -- Attempts counted before their password is checked, so parallel guesses are all counted.
    failures        integer NOT NULL DEFAULT 0,
    -- How many hold-offs followed each other: each one lasts twice the one before.
    holds           integer NOT NULL DEFAULT 0,
    last_attempt_at timestamptz NOT NULL DEFAULT now(),
    blocked_until   timestamptz,
    PRIMARY KEY (login_key, client_address)
);
