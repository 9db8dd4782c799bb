-- The products' catalog notification (0008) in static SQL: the same payloads, built by queries that PL/pgSQL plans
-- once per trigger and keeps, where the EXECUTE of a query text chosen by the operation was parsed and planned again
-- at every statement. On PGlite that planning was about 0.9 ms of every product write (a preview swapped, a product
-- renamed), a third of the write.

-- One changed row as the payload reads it: kind 'm' (entered or left lists, or moved in their order; sign -1 for the
-- old version, 1 for the new) or 's' (only its displayed preview changed; sign 0).
CREATE TYPE product_change AS (
  kind                "char",
  sign                smallint,
  id                  integer,
  theme_id            integer,
  format_id           integer,
  product_type_id     integer,
  special_project     text,
  template_categories text[],
  name                text,
  description         text
);

-- A product's version as a change of that kind and sign.
CREATE FUNCTION product_change_of(p products, kind "char", sign integer) RETURNS product_change LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(kind, sign::smallint, p.id, p.theme_id, p.format_id, p.product_type_id, p.special_project, p.template_categories,
             p.name, p.description)::product_change
$$;

-- The notification's payload for a statement's changes (its shape: 0008's header); null when nothing the gallery shows
-- changed. With the searched text if that fits in a notification, else without (searches then count again); over
-- 7000 bytes even so, everything is flushed instead.
CREATE FUNCTION product_change_payload(changes product_change[]) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  payload text;
  with_text boolean;
BEGIN
  FOREACH with_text IN ARRAY ARRAY[true, false] LOOP
    WITH changed AS MATERIALIZED (SELECT * FROM unnest(changes)),
    counts AS (
      SELECT count(*) FILTER (WHERE kind = 'm') AS moved, count(*) FILTER (WHERE kind = 's') AS reshown FROM changed
    )
    SELECT json_strip_nulls(json_build_object(
      'scope', 'products',
      'tx', txid_current(),
      'n', nextval('catalog_change_seq'),
      'rows', CASE WHEN counts.moved BETWEEN 1 AND 20 THEN (
        SELECT json_agg(json_build_array(theme_id, format_id, product_type_id, special_project, template_categories, sign,
          CASE WHEN with_text THEN name END, CASE WHEN with_text THEN description END))
        FROM changed WHERE kind = 'm') END,
      'themes', CASE WHEN counts.moved > 20 THEN (SELECT json_agg(DISTINCT theme_id) FROM changed WHERE kind = 'm') END,
      'shown', CASE WHEN counts.reshown BETWEEN 1 AND 100 THEN (SELECT json_agg(id) FROM changed WHERE kind = 's') END,
      'shown_themes', CASE WHEN counts.reshown > 100 THEN (SELECT json_agg(DISTINCT theme_id) FROM changed WHERE kind = 's') END
    ))::text
    INTO payload
    FROM counts WHERE counts.moved + counts.reshown > 0;
    EXIT WHEN payload IS NULL OR octet_length(payload) <= 7000;
  END LOOP;
  IF octet_length(payload) > 7000 THEN
    RETURN '{"scope":"products","all":true}';
  END IF;
  RETURN payload;
END $$;

-- Each operation's changed rows in a query of its own (an INSERT trigger has no old rows to name): static SQL, planned
-- when first reached and kept for the trigger.
CREATE OR REPLACE FUNCTION publish_product_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes product_change[];
  payload text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('photobook_catalog', '{"scope":"products","all":true}');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    changes := ARRAY(SELECT product_change_of(ROW(n.*)::products, 'm', 1) FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    changes := ARRAY(SELECT product_change_of(ROW(o.*)::products, 'm', -1) FROM old_rows o);
  ELSE
    -- Other columns (layout_id) do not concern the gallery: such an update changes nothing here.
    changes := ARRAY(
      WITH pairs AS (
        -- A transition table's rows are records: each made a products row, as product_change_of takes it.
        SELECT ROW(o.*)::products AS o, ROW(n.*)::products AS n,
          (o.theme_id, o.format_id, o.product_type_id, o.special_project, o.template_categories, o.name, o.description,
           o.popularity, o.created_at)
          IS DISTINCT FROM
          (n.theme_id, n.format_id, n.product_type_id, n.special_project, n.template_categories, n.name, n.description,
           n.popularity, n.created_at) AS moved,
          o.preview_cover IS DISTINCT FROM n.preview_cover AS reshown
        FROM old_rows o JOIN new_rows n ON n.id = o.id
      )
      SELECT product_change_of(o, 'm', -1) FROM pairs WHERE moved
      UNION ALL SELECT product_change_of(n, 'm', 1) FROM pairs WHERE moved
      UNION ALL SELECT product_change_of(n, 's', 0) FROM pairs WHERE reshown AND NOT moved
      -- A row whose id changed has no pair: it left under its old id and entered under its new one.
      UNION ALL SELECT product_change_of(ROW(o.*)::products, 'm', -1) FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id)
      UNION ALL SELECT product_change_of(ROW(n.*)::products, 'm', 1) FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id));
  END IF;
  IF cardinality(changes) = 0 THEN
    RETURN NULL;
  END IF;
  payload := product_change_payload(changes);
  IF payload IS NOT NULL THEN
    PERFORM pg_notify('photobook_catalog', payload);
  END IF;
  RETURN NULL;
END $$;
