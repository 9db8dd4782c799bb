-- A delivery is placed at the aggregator as a draft (is_confirm false) or confirmed (is_confirm true); a draft is
-- confirmed there once its order set is paid, by the order-paid job. aggregator_confirmed_at says when (null: a draft
-- there, or no aggregator order at all). Orders placed before this migration were placed by a confirm: nothing to do.
ALTER TABLE deliveries ADD COLUMN aggregator_confirmed_at timestamptz;
UPDATE deliveries SET aggregator_confirmed_at = updated_at WHERE status = 'placed' AND external_id IS NOT NULL;
