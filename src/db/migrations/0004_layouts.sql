-- Layouts become editable documents: shoppers' copies with a status and a version, page blocks in the shape the
-- existing front ends read, and the record of applied editing transactions (exactly once).

-- The format a layout is made for (its schemes must fit it); kept on the layout so copies outlive their product.
ALTER TABLE layouts ADD COLUMN format_id integer REFERENCES formats (id);
UPDATE layouts l SET format_id = p.format_id FROM products p WHERE p.id = l.product_id;
-- ACTIVE, or DELETED (in the bin, restorable).
ALTER TABLE layouts ADD COLUMN status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DELETED'));
-- Raised by every change, so clients can order the changes they receive.
ALTER TABLE layouts ADD COLUMN version integer NOT NULL DEFAULT 0 CHECK (version >= 0);
-- Photos and texts a scheme change took off a page: [{id, type, content, content_warp, page_id}].
ALTER TABLE layouts ADD COLUMN unplaced jsonb NOT NULL DEFAULT '[]';
CREATE INDEX layouts_owner_list_idx ON layouts (owner_id, status, created_at DESC, id DESC) WHERE owner_id IS NOT NULL;

-- "0 0 W H" -> {"width": W, "height": H}.
ALTER TABLE layout_pages ALTER COLUMN viewbox TYPE jsonb USING jsonb_build_object(
  'width', split_part(viewbox, ' ', 3)::numeric, 'height', split_part(viewbox, ' ', 4)::numeric);
UPDATE layout_pages SET type = upper(type);

-- Blocks {id, kind, x, y, w, h (fractions), text, image} -> {id, type, theme_element_type, x, y, width, height
-- (percent), content_warp, content: {image, text, link}}.
UPDATE layout_pages p SET blocks = coalesce((
  SELECT jsonb_agg(jsonb_build_object(
    'id', b->>'id',
    'type', upper(b->>'kind'),
    'theme_element_type', NULL,
    'x', (b->>'x')::numeric * 100, 'y', (b->>'y')::numeric * 100,
    'width', (b->>'w')::numeric * 100, 'height', (b->>'h')::numeric * 100,
    'content_warp', jsonb_build_object('x', 0, 'y', 0, 'width', 100, 'height', 100),
    'content', jsonb_build_object('image', b->'image', 'text', coalesce(b->>'text', ''), 'link', NULL)
  ) ORDER BY position)
  FROM jsonb_array_elements(p.blocks) WITH ORDINALITY AS old(b, position)), '[]'::jsonb)
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(p.blocks) AS old(b) WHERE b ? 'kind');

-- Every cover starts with exactly one background: the theme's front cover (its image may still be missing).
UPDATE layout_pages p SET blocks = jsonb_build_array(jsonb_build_object(
    'id', gen_random_uuid()::text, 'type', 'BACKGROUND', 'theme_element_type', 'FRONT_COVER_BACKGROUND',
    'x', 0, 'y', 0, 'width', 100, 'height', 100,
    'content_warp', jsonb_build_object('x', 0, 'y', 0, 'width', 100, 'height', 100),
    'content', jsonb_build_object('image', cover.image, 'text', '', 'link', NULL))) || p.blocks
FROM layouts l
LEFT JOIN products pr ON pr.id = l.product_id
LEFT JOIN LATERAL (
  SELECT e.image FROM theme_elements e
  WHERE e.theme_id = pr.theme_id AND e.element_type = 'FRONT_COVER_BACKGROUND' ORDER BY e.id LIMIT 1
) cover ON true
WHERE p.layout_id = l.id AND p.num = 0
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p.blocks) AS b WHERE b->>'type' = 'BACKGROUND');

-- scheme_theme_rel: scheme (template) id -> number of the layout's pages that use it.
UPDATE layouts l SET scheme_theme_rel = coalesce((
  SELECT jsonb_object_agg(template_id::text, pages) FROM (
    SELECT template_id, count(*)::integer AS pages FROM layout_pages
    WHERE layout_id = l.id AND template_id IS NOT NULL GROUP BY template_id) used), '{}'::jsonb);

-- One row per applied editing message: a replayed transaction_id answers this ack again and changes nothing.
-- Ids are the user's own: another user's id neither replays nor conflicts with theirs.
CREATE TABLE layout_transactions (
  user_id        integer NOT NULL,
  transaction_id uuid NOT NULL,
  layout_id      uuid NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
  -- sha256 of the message without its transaction_id: the same id with another message is a conflict.
  message_hash   text NOT NULL,
  ack            jsonb NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, transaction_id)
);
CREATE INDEX layout_transactions_layout_idx ON layout_transactions (layout_id);

-- Payloads over NOTIFY's 8000 bytes for the Socket.IO PostgreSQL adapter (the table its documentation prescribes).
CREATE TABLE socket_io_attachments (
  id         bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload    bytea
);
