-- The shop's front end: cover templates, layout statuses that follow orders, and a short id for editor URLs.

-- A cover spread (back, spine, front) has a template of its own, one per format, its size in millimetres. Cover
-- templates are no page schemes: they have no category, and page schemes have no format.
ALTER TABLE templates ALTER COLUMN category_id DROP NOT NULL;
ALTER TABLE templates ADD COLUMN cover_format_id integer UNIQUE REFERENCES formats (id);
ALTER TABLE templates ADD CONSTRAINT templates_cover_or_scheme CHECK ((cover_format_id IS NULL) <> (category_id IS NULL));
-- The editor's spread has a nominal 10 mm spine (src/layouts/builder.ts, COVER_SPINE_MM). Templates loaded with
-- explicit ids may have left the sequence behind them.
SELECT setval(pg_get_serial_sequence('templates', 'id'), coalesce(max(id), 0) + 1, false) FROM templates;
INSERT INTO templates (width, height, cover_format_id) SELECT 2 * width_cm * 10 + 10, height_cm * 10, id FROM formats;
UPDATE layout_pages p SET template_id = t.id, width_px = t.width * 10,
    viewbox = jsonb_build_object('width', t.width * 10, 'height', t.height * 10)
  FROM layouts l JOIN templates t ON t.cover_format_id = l.format_id
 WHERE p.layout_id = l.id AND p.type = 'COVER';

-- OPEN (editable), IN_WORK (in an order set that is no longer open: frozen), COMPLETED (its order set was
-- delivered), DELETED (in the bin).
ALTER TABLE layouts DROP CONSTRAINT layouts_status_check;
UPDATE layouts SET status = 'OPEN' WHERE status = 'ACTIVE';
UPDATE layouts SET status = 'IN_WORK' WHERE id IN (
  SELECT o.layout_id FROM orders o JOIN order_sets s ON s.id = o.order_set_id WHERE s.status <> 'OPEN');
ALTER TABLE layouts ALTER COLUMN status SET DEFAULT 'OPEN';
ALTER TABLE layouts ADD CONSTRAINT layouts_status_check CHECK (status IN ('OPEN', 'IN_WORK', 'COMPLETED', 'DELETED'));

-- The id the editor's URL uses: short, stable and unguessable (64 random bits in hex).
ALTER TABLE layouts ADD COLUMN hash text NOT NULL UNIQUE DEFAULT substr(md5(gen_random_uuid()::text), 1, 16);
