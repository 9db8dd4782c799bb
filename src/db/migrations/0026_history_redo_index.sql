-- The undo history's redo branch (its undone steps), found by layout: every editing batch that records a step drops
-- the stored redo branch of its layouts, and through the primary key that read every step of each layout, dead ones
-- too (thousands of heap pages per batch under steady editing). Undone steps are few: this index holds only them.
CREATE INDEX layout_history_redo_idx ON layout_history (layout_id) WHERE undone;
