-- Payments still pending here are asked of the provider after a while (a lost notification, or a crash between the
-- provider's record and the shop's): checked_at is when that was last done, so each is asked at most every so often
-- and the oldest-asked go first.
ALTER TABLE payments ADD COLUMN checked_at timestamptz;
CREATE INDEX payments_pending_idx ON payments ((coalesce(checked_at, updated_at))) WHERE status = 'pending';
