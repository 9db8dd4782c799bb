-- Shoppers' photos (issue 30). A photo belongs to its owner (a user or a visitor account); the same bytes uploaded
-- twice by one owner are one photo (content_hash, the SHA-256 of the original). The original is kept as sent; the
-- process-photo job adds the print master (upright, sRGB JPEG) and the facts read from the picture, then marks the row
-- ready, or failed with its reason. deleted_at hides a photo from the library (destroy_many) and keeps its files,
-- since a book's layout may name them (see docs/api.md, "Shoppers' photos").
CREATE TABLE photos (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_hash text NOT NULL,
  original_key text NOT NULL,
  master_key text,
  format text NOT NULL CHECK (format IN ('jpeg', 'png', 'webp', 'heif')),
  bytes bigint NOT NULL CHECK (bytes > 0),
  import_from text NOT NULL DEFAULT '',
  -- Pixel size after orientation; until processed, the size the header declared.
  width integer NOT NULL,
  height integer NOT NULL,
  orientation smallint CHECK (orientation BETWEEN 1 AND 8),
  captured_at timestamptz,
  capture_offset_minutes smallint,
  capture_source text CHECK (capture_source IN ('exif', 'file', 'upload')),
  perceptual_hash text,
  -- The id of the first photo of the owner this one is a near-duplicate of (its own id when none), set when ready.
  duplicate_group integer,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
  failure_reason text,
  -- Runs of the process-photo job so far: the last allowed run that fails marks the photo failed.
  processing_attempts integer NOT NULL DEFAULT 0,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (owner_id, content_hash)
);
CREATE INDEX photos_library_idx ON photos (owner_id, id DESC) WHERE deleted_at IS NULL;

-- Folders are collections over the library: removing a photo from one never deletes the photo.
CREATE TABLE folders (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 20),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX folders_owner_idx ON folders (owner_id, id);

CREATE TABLE folder_photos (
  folder_id integer NOT NULL REFERENCES folders (id) ON DELETE CASCADE,
  photo_id integer NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (folder_id, photo_id)
);
CREATE INDEX folder_photos_photo_idx ON folder_photos (photo_id);
