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

-- Comments on a shared book's pages and blocks, in threads (a reply names the thread's first comment). Plain text:
-- nothing in it is ever interpreted as markup. transaction_id makes a replayed comment/add harmless.
CREATE TABLE layout_comments (
  id              bigserial PRIMARY KEY,
  layout_id       uuid NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  transaction_id  text NOT NULL,
  page_id         uuid NOT NULL,
  block_id        uuid,
  reply_to        bigint REFERENCES layout_comments (id) ON DELETE CASCADE,
  text            text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
  resolved_at     timestamptz,
  resolved_by     integer REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, transaction_id)
);
CREATE INDEX layout_comments_layout ON layout_comments (layout_id, id);
