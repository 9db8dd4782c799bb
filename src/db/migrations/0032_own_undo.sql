-- Each person's own undo (issue 50): a step is its maker's. user_id: the member who made it, null for the book's
-- owner (every step stored before this migration is the owner's). version: the book's version when the step was
-- last done, undone or redone, so that an undo can tell whether another person changed the same pages or blocks
-- since. skipped: an undo refused with `conflict` leaves the step in the book, its maker's undo goes past it (it is
-- kept, not deleted: what it changed is still there, and older steps are checked against it).
ALTER TABLE layout_history ADD COLUMN user_id integer, ADD COLUMN version integer, ADD COLUMN skipped boolean NOT NULL DEFAULT false;
