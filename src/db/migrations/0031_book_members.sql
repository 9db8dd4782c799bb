-- Making a book together (issue 50): the people a book's owner shares it with, and the invitations that bring them.
-- A member's role is what they may do with the book; the owner is no member (layouts.owner_id).
CREATE TABLE layout_members (
  layout_id  uuid NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role       text NOT NULL CHECK (role IN ('viewer', 'contributor', 'editor')),
  joined_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (layout_id, user_id)
);
CREATE INDEX layout_members_user ON layout_members (user_id);

-- Only the SHA-256 of a token is kept: a copy of the table opens no book.
CREATE TABLE layout_invitations (
  id          uuid PRIMARY KEY,
  layout_id   uuid NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
  role        text NOT NULL CHECK (role IN ('viewer', 'contributor', 'editor')),
  token_hash  bytea NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  max_uses    integer CHECK (max_uses IS NULL OR max_uses > 0),
  uses        integer NOT NULL DEFAULT 0,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX layout_invitations_layout ON layout_invitations (layout_id, created_at);
