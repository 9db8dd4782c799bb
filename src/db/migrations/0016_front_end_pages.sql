-- Issue 27, the pages the front end draws. Migration 0015 belongs to the visitor accounts of the same issue.
-- The print options a shopper picks when making a book (generate-layout), which "my products" shows.
ALTER TABLE layouts ADD COLUMN cover_type text, ADD COLUMN binding_type text, ADD COLUMN cover_lamination text;

-- A cover's FRONT_COVER_BACKGROUND covers the front side of the spread, not the whole spread: the front end puts a
-- cover block on the front side only when it starts past the back and the spine. The front side starts after the
-- back (half of the spread less the nominal 10 mm spine) and the spine: (width + 10) / (2 width) of the template.
UPDATE layout_pages lp SET blocks = (
  SELECT jsonb_agg(CASE WHEN b->>'theme_element_type' = 'FRONT_COVER_BACKGROUND'
                          AND (b->>'x')::numeric = 0 AND (b->>'width')::numeric = 100
                        THEN b || jsonb_build_object('x', front.x, 'width', 100 - front.x) ELSE b END
                   ORDER BY position)
  FROM jsonb_array_elements(lp.blocks) WITH ORDINALITY AS old(b, position))
FROM templates t, LATERAL (SELECT round(100.0 * (t.width + 10) / (2 * t.width), 4) AS x) front
WHERE lp.num = 0 AND lp.type = 'COVER' AND t.id = lp.template_id AND jsonb_array_length(lp.blocks) > 0;
