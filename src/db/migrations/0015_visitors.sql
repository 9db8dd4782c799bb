-- Visitors are accounts: POST /auth/autoreg/ makes a row of role 'visitor' (no e-mail), whose books and cart move
-- into the account it later logs in to. last_seen_at (set for visitors only, refreshed at most hourly) lets the
-- scheduled purge delete visitors nobody has used for VISITOR_RETENTION_DAYS.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('visitor', 'user', 'moderator', 'admin'));
ALTER TABLE users ADD COLUMN last_seen_at timestamptz;
CREATE INDEX users_idle_visitors_idx ON users (last_seen_at) WHERE role = 'visitor';

-- The visitor whose token started a login attempt: a successful callback of that state merges it into the account.
ALTER TABLE oauth_states ADD COLUMN visitor_id integer REFERENCES users (id) ON DELETE SET NULL;
