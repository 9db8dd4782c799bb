-- An outbox of deletions: the media files a write leaves without a row naming them (the preview a re-render replaced,
-- a deleted theme element's image and its derivatives) are recorded in that write's transaction, with the
-- delete-stored-files job that deletes them; a row goes once the storage has taken the deletion, so an outage of the
-- store delays the deletion instead of orphaning the file.
CREATE TABLE stored_file_deletions (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX stored_file_deletions_recorded_idx ON stored_file_deletions (recorded_at);
