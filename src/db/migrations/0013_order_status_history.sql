-- After payment: administrators move an order set PAID -> IN_PRODUCTION -> SHIPPED -> DELIVERED, or cancel it before
-- shipping with a refund. Every move is a row of order_status_history (who, when); a refund is one row per set whose
-- Idempotence-Key is derived from the set, so a repeated cancel can never refund twice.
ALTER TABLE order_sets DROP CONSTRAINT order_sets_status_check;
ALTER TABLE order_sets ADD CONSTRAINT order_sets_status_check
  CHECK (status IN ('OPEN', 'CONFIRMED', 'PAID', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED', 'CANCELED'));
ALTER TABLE order_sets ADD COLUMN tracking_number text;

CREATE TABLE order_status_history (
  id              serial PRIMARY KEY,
  order_set_id    integer NOT NULL REFERENCES order_sets (id),
  from_status     text NOT NULL,
  to_status       text NOT NULL,
  tracking_number text,
  -- Kept when the administrator's account is deleted later: the move happened.
  changed_by      integer REFERENCES users (id) ON DELETE SET NULL,
  changed_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_history_set_idx ON order_status_history (order_set_id, id);
CREATE INDEX order_sets_status_idx ON order_sets (status, id);

-- 'requested': asked at the provider, outcome not yet recorded (the set stays un-canceled and may only be canceled);
-- 'pending' (accepted by the provider, money on its way) or 'succeeded': the set is CANCELED.
CREATE TABLE refunds (
  order_set_id    integer PRIMARY KEY REFERENCES order_sets (id),
  payment_id      integer NOT NULL REFERENCES payments (id),
  idempotence_key text NOT NULL UNIQUE,
  amount_kopecks  bigint NOT NULL CHECK (amount_kopecks >= 0),
  status          text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'pending', 'succeeded')),
  external_id     text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

-- The sandbox payment provider's own refund records (what a real provider keeps on its side).
CREATE TABLE sandbox_refunds (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotence_key text NOT NULL UNIQUE,
  payment_id      uuid NOT NULL REFERENCES sandbox_payments (id),
  amount_kopecks  bigint NOT NULL CHECK (amount_kopecks >= 0),
  created_at      timestamptz NOT NULL DEFAULT now()
);
