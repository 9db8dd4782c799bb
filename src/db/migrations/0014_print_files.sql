-- Print-ready files of a paid order set: per ordered layout an interior PDF and a cover PDF. One row per (set, layout,
-- part): a re-run of the print job replaces the row (and the file, stored under a name made of the same three), so
-- a set never has two files of one part of one layout.
CREATE TABLE print_files (
  id serial PRIMARY KEY,
  order_set_id integer NOT NULL REFERENCES order_sets (id),
  layout_id uuid NOT NULL REFERENCES layouts (id),
  part text NOT NULL CHECK (part IN ('interior', 'cover')),
  storage_key text NOT NULL,
  size_bytes bigint NOT NULL,
  page_count integer NOT NULL,
  width_mm numeric(7, 1) NOT NULL,
  height_mm numeric(7, 1) NOT NULL,
  spine_mm numeric(5, 1),
  warnings jsonb NOT NULL DEFAULT '[]',
  rendered_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_set_id, layout_id, part)
);
