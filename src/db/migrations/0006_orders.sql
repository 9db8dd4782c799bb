-- Checkout: order sets move OPEN -> CONFIRMED -> PAID (-> IN_PRODUCTION -> SHIPPED) or CANCELED; a price list;
-- the guards that make a cart, an aggregator order and a payment exist once (they must hold on a server, where
-- requests really run side by side, so they are constraints and conditional updates, not application checks).

-- Order sets: the lower-case statuses of the first schema become the checkout states.
ALTER TABLE order_sets ALTER COLUMN status SET DEFAULT 'OPEN';
UPDATE order_sets SET status = CASE lower(status)
  WHEN 'cart' THEN 'OPEN' WHEN 'open' THEN 'OPEN' WHEN 'confirmed' THEN 'CONFIRMED' WHEN 'paid' THEN 'PAID'
  WHEN 'in_production' THEN 'IN_PRODUCTION' WHEN 'shipped' THEN 'SHIPPED' ELSE 'CANCELED' END;
-- One cart per user: of several open sets only the newest stays open.
UPDATE order_sets AS old SET status = 'CANCELED'
  WHERE status = 'OPEN' AND EXISTS (SELECT 1 FROM order_sets AS newer WHERE newer.user_id = old.user_id AND newer.status = 'OPEN' AND newer.id > old.id);
ALTER TABLE order_sets ADD CONSTRAINT order_sets_status_check
  CHECK (status IN ('OPEN', 'CONFIRMED', 'PAID', 'IN_PRODUCTION', 'SHIPPED', 'CANCELED'));
CREATE UNIQUE INDEX order_sets_one_open_per_user ON order_sets (user_id) WHERE status = 'OPEN';

-- Orders: one row per layout in a set (the same layout again raises its count), 1 to 1000 copies.
UPDATE orders AS kept SET quantity = merged.total
  FROM (SELECT min(id) AS id, sum(quantity) AS total FROM orders GROUP BY order_set_id, layout_id HAVING count(*) > 1) AS merged
  WHERE kept.id = merged.id;
DELETE FROM orders AS extra
  WHERE EXISTS (SELECT 1 FROM orders AS kept WHERE kept.order_set_id = extra.order_set_id AND kept.layout_id = extra.layout_id AND kept.id < extra.id);
UPDATE orders SET quantity = 1000 WHERE quantity > 1000;
ALTER TABLE orders ADD CONSTRAINT orders_one_row_per_layout UNIQUE (order_set_id, layout_id);
ALTER TABLE orders ADD CONSTRAINT orders_quantity_max CHECK (quantity <= 1000);

-- Deliveries: one per order set; a draft, then 'placing' (claimed by exactly one confirm), then 'placed'.
DELETE FROM deliveries AS older
  WHERE EXISTS (SELECT 1 FROM deliveries AS newer WHERE newer.order_set_id = older.order_set_id AND newer.id > older.id);
UPDATE deliveries SET status = 'draft' WHERE status NOT IN ('draft', 'placing', 'placed');
ALTER TABLE deliveries ALTER COLUMN status SET DEFAULT 'draft';
ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check CHECK (status IN ('draft', 'placing', 'placed'));
ALTER TABLE deliveries ADD COLUMN type text NOT NULL DEFAULT 'PICKUP'
  CHECK (type IN ('PVZ', 'COURIER', 'POCHTA', 'PICKUP'));
ALTER TABLE deliveries ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE deliveries ADD CONSTRAINT deliveries_one_per_order_set UNIQUE (order_set_id);

-- Payments: the Idempotence-Key is chosen before the provider is called and kept, so every retry reuses it;
-- at most one payment of a set is live (creating, pending or succeeded) at a time.
ALTER TABLE payments ADD COLUMN idempotence_key text NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE payments ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE payments SET status = 'canceled' WHERE status NOT IN ('creating', 'pending', 'succeeded', 'canceled');
UPDATE payments AS older SET status = 'canceled'
  WHERE status IN ('creating', 'pending', 'succeeded')
    AND EXISTS (SELECT 1 FROM payments AS newer WHERE newer.order_set_id = older.order_set_id AND newer.status IN ('creating', 'pending', 'succeeded') AND newer.id > older.id);
ALTER TABLE payments ALTER COLUMN status SET DEFAULT 'creating';
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('creating', 'pending', 'succeeded', 'canceled'));
CREATE UNIQUE INDEX payments_one_live_per_order_set ON payments (order_set_id) WHERE status IN ('creating', 'pending', 'succeeded');
CREATE UNIQUE INDEX payments_external_id ON payments (provider, external_id);

-- The price list: per format, a base price that covers included_pages pages, and a price per further page.
CREATE TABLE prices (
  id                 integer PRIMARY KEY,
  format_id          integer NOT NULL UNIQUE REFERENCES formats (id),
  base_kopecks       bigint NOT NULL CHECK (base_kopecks >= 0),
  included_pages     integer NOT NULL CHECK (included_pages >= 0),
  extra_page_kopecks bigint NOT NULL CHECK (extra_page_kopecks >= 0)
);

-- Answers replayed for a repeated Idempotency-Key (kept 24 hours).
CREATE TABLE idempotency_keys (
  user_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scope           text NOT NULL,
  key             text NOT NULL,
  request_hash    text NOT NULL,
  response_status integer,
  response_body   jsonb,
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, scope, key)
);

-- The sandbox payment provider's own records (what a real provider keeps on its side).
CREATE TABLE sandbox_payments (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  idempotence_key text NOT NULL UNIQUE,
  order_set_id    integer NOT NULL,
  amount_kopecks  bigint NOT NULL CHECK (amount_kopecks >= 0),
  description     text NOT NULL,
  return_url      text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'canceled')),
  created_at      timestamptz NOT NULL DEFAULT now()
);
