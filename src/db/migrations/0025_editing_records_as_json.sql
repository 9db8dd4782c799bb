-- An applied transaction's ack and an undo step's pages are written on every edit and read back whole (a replay, an
-- undo), never searched inside: stored as json (the text, checked) rather than jsonb, they are not taken apart into
-- jsonb's binary form on each write, and the batch's rows are read with json_to_recordset for the same reason.
ALTER TABLE layout_transactions ALTER COLUMN ack TYPE json USING ack::json;
ALTER TABLE layout_history ALTER COLUMN before TYPE json USING before::json, ALTER COLUMN after TYPE json USING after::json;
