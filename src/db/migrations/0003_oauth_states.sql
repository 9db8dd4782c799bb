-- OAuth login attempts: a random state per attempt, single-use, with the PKCE verifier when the provider uses one.
-- Kept in the database so that the callback may reach any process of the service.
CREATE TABLE oauth_states (
  state         text PRIMARY KEY,
  provider      text NOT NULL,
  code_verifier text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);
