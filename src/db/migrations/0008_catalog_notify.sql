-- Catalog changes are pushed to every process of the service with NOTIFY on the channel photobook_catalog, in place
-- of the one catalog_state row that every product write had to lock until its commit (writers serialised on it)
-- and that every gallery request read. A notification is sent at commit, to every listening process.
-- Payloads (JSON, at most a few kilobytes, well under NOTIFY's 8000 bytes):
--   {"scope":"reference"}                 reference data or a theme's gallery attributes changed: everything
--   {"scope":"products","all":true}       products changed wholesale (TRUNCATE, or too many themes to list)
--   {"scope":"products", "tx":txid, "n":number of the statement (catalog_change_seq),
--    "rows":[[theme_id, format_id, product_type_id, special_project, template_categories, sign, name, description]],
--    "themes":[theme_id], "shown":[product_id], "shown_themes":[theme_id]}
--     tx: the writing transaction, so that a reader can tell whether a total it counted already includes the change;
--     rows/themes: products that entered or left lists, or moved in their order (one tuple per old version, sign -1,
--                  and per new version, sign 1; or the themes touched when a statement changed more than 20 rows);
--                  name and description, which searches match, are null when with them the payload would be too long;
--     shown/shown_themes: products whose displayed preview alone changed (ids, or themes above 100 rows).
DROP FUNCTION bump_catalog_version() CASCADE;
DROP TABLE catalog_state;

-- Numbers every product notification: PostgreSQL delivers identical payloads of one transaction once, and two equal
-- inserts in one transaction must count twice.
CREATE SEQUENCE catalog_change_seq;

CREATE FUNCTION publish_reference_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Identical payloads in one transaction are delivered once: a fixture load notifies once.
  PERFORM pg_notify('photobook_catalog', '{"scope":"reference"}');
  RETURN NULL;
END $$;

DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY[
    'theme_category_links', 'theme_categories', 'theme_colors', 'theme_styles', 'theme_authors',
    'product_types', 'formats', 'orientations', 'template_categories'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION publish_reference_change()',
      watched || '_catalog_notify', watched);
  END LOOP;
END $$;

-- Themes: a new or deleted theme, or a change of what the gallery filters on (approval, author, color, style).
-- Renaming a theme or changing its cover does not touch the gallery.
CREATE TRIGGER themes_catalog_notify AFTER INSERT OR DELETE OR TRUNCATE ON themes
  FOR EACH STATEMENT EXECUTE FUNCTION publish_reference_change();

CREATE FUNCTION publish_theme_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.approved, o.author_id, o.color_id, o.style_id) IS DISTINCT FROM (n.approved, n.author_id, n.color_id, n.style_id)
  ) THEN
    PERFORM pg_notify('photobook_catalog', '{"scope":"reference"}');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER themes_catalog_notify_update AFTER UPDATE ON themes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION publish_theme_update();

-- Products: one notification per statement, built from the statement's transition tables. The query that lists the
-- changed rows depends on the operation (an INSERT trigger has no old rows); the payload is built the same way.
CREATE FUNCTION publish_product_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
  payload text;
  with_text boolean;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('photobook_catalog', '{"scope":"products","all":true}');
    RETURN NULL;
  END IF;
  -- kind 'm': a row entered or left lists, or moved in their order (filtered or sorted columns, or searched text);
  -- kind 's': only its displayed preview changed. Other columns (layout_id) do not concern the gallery.
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT ''m'' AS kind, 1 AS sign, n.* FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT ''m'' AS kind, -1 AS sign, o.* FROM old_rows o'
    ELSE $q$
      WITH pairs AS (
        SELECT o AS old_row, n AS new_row,
          (o.theme_id, o.format_id, o.product_type_id, o.special_project, o.template_categories, o.name, o.description,
           o.popularity, o.created_at)
          IS DISTINCT FROM
          (n.theme_id, n.format_id, n.product_type_id, n.special_project, n.template_categories, n.name, n.description,
           n.popularity, n.created_at) AS moved,
          o.preview_cover IS DISTINCT FROM n.preview_cover AS reshown
        FROM old_rows o JOIN new_rows n ON n.id = o.id
      )
      SELECT 'm' AS kind, -1 AS sign, (old_row).* FROM pairs WHERE moved
      UNION ALL SELECT 'm', 1, (new_row).* FROM pairs WHERE moved
      UNION ALL SELECT 's', 0, (new_row).* FROM pairs WHERE reshown AND NOT moved
      -- A row whose id changed has no pair: it left under its old id and entered under its new one.
      UNION ALL SELECT 'm', -1, o.* FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id)
      UNION ALL SELECT 'm', 1, n.* FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id)
    $q$
  END;
  -- With the searched text if that fits in a notification, else without (searches then count again).
  FOREACH with_text IN ARRAY ARRAY[true, false] LOOP
    EXECUTE format($q$
      WITH changed AS MATERIALIZED (%s),
      counts AS (
        SELECT count(*) FILTER (WHERE kind = 'm') AS moved, count(*) FILTER (WHERE kind = 's') AS reshown FROM changed
      )
      SELECT json_strip_nulls(json_build_object(
        'scope', 'products',
        'tx', txid_current(),
        'n', nextval('catalog_change_seq'),
        'rows', CASE WHEN counts.moved BETWEEN 1 AND 20 THEN (
          SELECT json_agg(json_build_array(theme_id, format_id, product_type_id, special_project, template_categories, sign,
            CASE WHEN %L THEN name END, CASE WHEN %L THEN description END))
          FROM changed WHERE kind = 'm') END,
        'themes', CASE WHEN counts.moved > 20 THEN (SELECT json_agg(DISTINCT theme_id) FROM changed WHERE kind = 'm') END,
        'shown', CASE WHEN counts.reshown BETWEEN 1 AND 100 THEN (SELECT json_agg(id) FROM changed WHERE kind = 's') END,
        'shown_themes', CASE WHEN counts.reshown > 100 THEN (SELECT json_agg(DISTINCT theme_id) FROM changed WHERE kind = 's') END
      ))::text
      FROM counts WHERE counts.moved + counts.reshown > 0
    $q$, changed, with_text, with_text) INTO payload;
    EXIT WHEN payload IS NULL OR octet_length(payload) <= 7000;
  END LOOP;
  IF payload IS NOT NULL THEN
    -- A statement over thousands of themes cannot list them within NOTIFY's limit: everything is flushed instead.
    IF octet_length(payload) > 7000 THEN
      payload := '{"scope":"products","all":true}';
    END IF;
    PERFORM pg_notify('photobook_catalog', payload);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER products_catalog_notify_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION publish_product_change();
CREATE TRIGGER products_catalog_notify_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION publish_product_change();
CREATE TRIGGER products_catalog_notify_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION publish_product_change();
CREATE TRIGGER products_catalog_notify_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION publish_product_change();

-- Search: the trigram indexes keep no pending list. With one (GIN's fastupdate), every search also scans the list
-- of rows inserted since the last vacuum: a few milliseconds per query on a catalog that grows all day, where a
-- search that matches nothing otherwise costs a few hundredths of one. Bulk seeding turns it on for its duration.
ALTER INDEX products_name_trgm_idx SET (fastupdate = off);
ALTER INDEX products_description_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('products_name_trgm_idx'), gin_clean_pending_list('products_description_trgm_idx');
