-- The outbox of deletions serves both file areas: shoppers' photos live in the private area (never under /media/),
-- so a recorded deletion says which area holds its key. Rows recorded before this are public media.
ALTER TABLE stored_file_deletions ADD COLUMN area text NOT NULL DEFAULT 'media' CHECK (area IN ('media', 'private'));
