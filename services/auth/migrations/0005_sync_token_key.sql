-- A sync login's token is found by its key (`sst_<key>`, kept in login_sync_token; the secret is kept
-- only as a hash in password_hash): one login per key.
CREATE UNIQUE INDEX login_sync_token_key ON auth.login (login_sync_token) WHERE login_sync_token IS NOT NULL;
