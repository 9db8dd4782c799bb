-- A counter that moves whenever anything the gallery shows changes. Readers cache counts and pages per version
-- and use it as the ETag, so a new product is counted at once by every process of the service.
CREATE TABLE catalog_state (
  id      boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO catalog_state DEFAULT VALUES;

CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_state SET version = version + 1;
  RETURN NULL;
END $$;

-- Statement-level: a bulk insert of a million rows moves the version once.
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY[
    'products', 'themes', 'theme_category_links', 'theme_categories', 'theme_colors', 'theme_styles', 'theme_authors',
    'product_types', 'formats', 'orientations', 'template_categories'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()',
      watched || '_catalog_version', watched);
  END LOOP;
END $$;
