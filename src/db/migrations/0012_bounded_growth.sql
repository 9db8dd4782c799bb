-- Applied editing transactions and Idempotency-Keys are kept for a window, then purged on a schedule
-- (jobs/purge-expired-records.ts): these indexes let the purge find the expired rows without a full scan.
CREATE INDEX layout_transactions_created_idx ON layout_transactions (created_at);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
