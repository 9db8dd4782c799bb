-- Issue 53: paid books go to a print partner after a hold. order_sets.print_hold_until: until when the shopper may still
-- cancel or take a book back (set when the set is paid). print_partner_jobs: one row per attempt to print one ordered
-- book (order) at a partner; a rejected book re-sent by an administrator is a new attempt, the old row is kept.
-- order_take_backs: a book taken back inside the hold, with its partial refund (one per order, exactly once).
ALTER TABLE order_sets ADD COLUMN print_hold_until timestamptz;

CREATE TABLE print_partner_jobs (
  id               serial PRIMARY KEY,
  order_set_id     integer NOT NULL REFERENCES order_sets (id),
  order_id         integer NOT NULL REFERENCES orders (id),
  layout_id        uuid NOT NULL,
  attempt          integer NOT NULL CHECK (attempt >= 1),
  partner          text NOT NULL,
  -- What the partner knows the job by on our side (Lulu's external_id): photobook-order-<order>-<attempt>.
  external_id      text NOT NULL UNIQUE,
  partner_job_id   text,
  -- SENDING: claimed, the partner not yet answered; then the partner's status names.
  status           text NOT NULL DEFAULT 'SENDING',
  -- The partner's time of the status (Lulu's status.changed): a webhook older than this changes nothing.
  status_changed   timestamptz,
  messages         jsonb NOT NULL DEFAULT '[]',
  tracking_id      text,
  tracking_urls    jsonb NOT NULL DEFAULT '[]',
  carrier_name     text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, attempt)
);
CREATE UNIQUE INDEX print_partner_jobs_partner_id ON print_partner_jobs (partner, partner_job_id);
CREATE INDEX print_partner_jobs_open ON print_partner_jobs (updated_at)
  WHERE status NOT IN ('SHIPPED', 'REJECTED', 'CANCELED');

CREATE TABLE order_take_backs (
  order_id         integer PRIMARY KEY,
  order_set_id     integer NOT NULL REFERENCES order_sets (id),
  layout_id        uuid NOT NULL,
  amount_kopecks   bigint NOT NULL CHECK (amount_kopecks >= 0),
  idempotence_key  text NOT NULL UNIQUE,
  status           text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'pending', 'succeeded')),
  external_id      text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_take_backs_set ON order_take_backs (order_set_id);
