-- Books with their shoppers' contents (issue 31).

-- The book's own photos: the owner's photos added to it (layout/add_photos), in the order they were added. A PHOTO
-- block may hold only a photo of this list. Photos a paid book lists are kept while its order needs them.
ALTER TABLE layouts ADD COLUMN photo_ids jsonb NOT NULL DEFAULT '[]';

-- Page limits of a format, in interior pages (the cover not counted). A book grows and shrinks by spreads of two.
ALTER TABLE formats ADD COLUMN min_pages integer NOT NULL DEFAULT 10;
ALTER TABLE formats ADD COLUMN max_pages integer NOT NULL DEFAULT 100;
ALTER TABLE formats ADD CONSTRAINT formats_page_limits CHECK (min_pages >= 2 AND min_pages % 2 = 0 AND max_pages >= min_pages AND max_pages % 2 = 0);

-- Pages are renumbered by one statement when a spread is added, removed or moved: the page numbers must be unique at
-- the end of the statement, not after each row.
ALTER TABLE layout_pages DROP CONSTRAINT layout_pages_layout_id_num_key;
ALTER TABLE layout_pages ADD CONSTRAINT layout_pages_layout_id_num_key UNIQUE (layout_id, num) DEFERRABLE INITIALLY IMMEDIATE;

-- The centre of the photo's most interesting region (sharp's attention strategy on the print master), in fractions
-- of the master's width and height: a block's default framing is centred on it. Null until processed (the centre).
ALTER TABLE photos ADD COLUMN focus_x real CHECK (focus_x BETWEEN 0 AND 1);
ALTER TABLE photos ADD COLUMN focus_y real CHECK (focus_y BETWEEN 0 AND 1);

-- The book's operations for undo and redo: each step holds what it changed as it was before (pages by id, with null
-- for a page that did not exist, and the layout's own fields), and, once undone, as it was after (what redo puts
-- back). Steps past the newest not undone are the redo branch; a new operation drops them. At least the newest
-- 100 are kept (older ones are dropped 20 at a time).
CREATE TABLE layout_history (
  layout_id  uuid NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
  step       integer NOT NULL,
  undone     boolean NOT NULL DEFAULT false,
  before     jsonb NOT NULL,
  after      jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (layout_id, step)
);

-- A book's orders, found by the book: the editing channel updates the unit price of a book in its owner's open cart
-- when its page count changes, and the retention sweep asks whether an ordered book still needs a photo.
CREATE INDEX orders_layout_idx ON orders (layout_id);
