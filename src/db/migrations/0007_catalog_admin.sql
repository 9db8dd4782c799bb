-- Catalog administration: a re-rendered preview's old file is deleted only when no other product uses it (bulk
-- products share their exemplar's), which this index answers without a scan.
CREATE INDEX products_preview_cover_idx ON products (preview_cover) WHERE preview_cover IS NOT NULL;
