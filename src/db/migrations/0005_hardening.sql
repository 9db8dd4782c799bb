-- Hardening (issue 11).

-- A login state is bound to the browser that asked for it: the SHA-256 of the random value of an HttpOnly cookie
-- that browser received with the state. The callback must present that cookie (login CSRF).
ALTER TABLE oauth_states ADD COLUMN browser_hash text;

-- Money and order records are never cascaded away with a user or an order set: deleting either is refused while
-- such records exist. Users are anonymised instead (users.deleted_at).
ALTER TABLE order_sets DROP CONSTRAINT order_sets_user_id_fkey,
  ADD CONSTRAINT order_sets_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT;
ALTER TABLE orders DROP CONSTRAINT orders_order_set_id_fkey,
  ADD CONSTRAINT orders_order_set_id_fkey FOREIGN KEY (order_set_id) REFERENCES order_sets (id) ON DELETE RESTRICT;
ALTER TABLE deliveries DROP CONSTRAINT deliveries_order_set_id_fkey,
  ADD CONSTRAINT deliveries_order_set_id_fkey FOREIGN KEY (order_set_id) REFERENCES order_sets (id) ON DELETE RESTRICT;
ALTER TABLE payments DROP CONSTRAINT payments_order_set_id_fkey,
  ADD CONSTRAINT payments_order_set_id_fkey FOREIGN KEY (order_set_id) REFERENCES order_sets (id) ON DELETE RESTRICT;

-- A deleted user keeps the row (their orders point at it) but loses everything personal; see deleteUser.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
