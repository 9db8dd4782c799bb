-- Initial schema: users, reference data, themes, templates, products, layouts, orders.
-- Ids of reference tables are the specification's ids, so they are given, not generated.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id            serial PRIMARY KEY,
  email         text,
  name          text NOT NULL DEFAULT '',
  role          text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'moderator', 'admin')),
  -- Raised on logout: every token carrying an older version is refused.
  token_version integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;

CREATE TABLE user_identities (
  id               serial PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider         text NOT NULL,
  provider_user_id text NOT NULL,
  email            text,
  profile          jsonb NOT NULL DEFAULT '{}',
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_user_id)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- Reference tables: a Russian (the shop's language) and an English display name each.
CREATE TABLE theme_categories (
  id       integer PRIMARY KEY,
  name_ru  text NOT NULL,
  name_en  text NOT NULL,
  -- The version 1 metadata lists only the original categories.
  in_v1_meta boolean NOT NULL DEFAULT false
);
CREATE TABLE theme_colors   (id integer PRIMARY KEY, name_ru text NOT NULL, name_en text NOT NULL);
CREATE TABLE theme_styles   (id integer PRIMARY KEY, name_ru text NOT NULL, name_en text NOT NULL);
CREATE TABLE theme_authors  (id serial PRIMARY KEY, name_ru text NOT NULL, name_en text NOT NULL);
CREATE TABLE product_types  (id integer PRIMARY KEY, name_ru text NOT NULL, name_en text NOT NULL);
CREATE TABLE orientations   (id text PRIMARY KEY, name_ru text NOT NULL, name_en text NOT NULL);
CREATE TABLE template_categories (id text PRIMARY KEY, name_ru text NOT NULL, name_en text NOT NULL);
CREATE TABLE formats (
  id          integer PRIMARY KEY,
  name        text NOT NULL UNIQUE CHECK (name ~ '^[0-9]+x[0-9]+$'),
  width_cm    integer NOT NULL CHECK (width_cm > 0),
  height_cm   integer NOT NULL CHECK (height_cm > 0),
  orientation text NOT NULL REFERENCES orientations (id),
  name_ru     text NOT NULL,
  name_en     text NOT NULL
);

CREATE TABLE templates (
  id          serial PRIMARY KEY,
  width       integer NOT NULL CHECK (width > 0),
  height      integer NOT NULL CHECK (height > 0),
  category_id text NOT NULL REFERENCES template_categories (id),
  slots       jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE themes (
  id          serial PRIMARY KEY,
  name        text NOT NULL,
  description text NOT NULL DEFAULT '',
  approved    boolean NOT NULL DEFAULT false,
  author_id   integer REFERENCES theme_authors (id),
  color_id    integer REFERENCES theme_colors (id),
  style_id    integer REFERENCES theme_styles (id),
  created_by  integer REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX themes_author_idx ON themes (author_id);
CREATE INDEX themes_color_idx ON themes (color_id);
CREATE INDEX themes_style_idx ON themes (style_id);

CREATE TABLE theme_category_links (
  theme_id    integer NOT NULL REFERENCES themes (id) ON DELETE CASCADE,
  category_id integer NOT NULL REFERENCES theme_categories (id),
  PRIMARY KEY (theme_id, category_id)
);
CREATE INDEX theme_category_links_category_idx ON theme_category_links (category_id, theme_id);

CREATE TABLE theme_elements (
  id           serial PRIMARY KEY,
  theme_id     integer NOT NULL REFERENCES themes (id) ON DELETE CASCADE,
  element_type text NOT NULL CHECK (element_type IN (
    'FRONT_COVER_BACKGROUND', 'BACK_COVER_BACKGROUND', 'COVER_BACKGROUND', 'SPINE_BACKGROUND',
    'PAGE_BACKGROUND', 'FORMAT_STRIPE', 'CORNER', 'DESIGN_ELEMENT')),
  image_type   text,
  position     text NOT NULL DEFAULT 'UNIVERSAL',
  format       text NOT NULL DEFAULT 'UNIVERSAL',
  is_pattern   boolean NOT NULL DEFAULT false,
  scale        integer NOT NULL DEFAULT 100 CHECK (scale > 0),
  -- Key in media storage; derived _sm.jpg and _md.jpg files sit beside it.
  image        text NOT NULL,
  width        integer NOT NULL CHECK (width > 0),
  height       integer NOT NULL CHECK (height > 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX theme_elements_theme_idx ON theme_elements (theme_id, element_type, id);

CREATE TABLE products (
  id              serial PRIMARY KEY,
  name            text NOT NULL,
  description     text NOT NULL DEFAULT '',
  theme_id        integer NOT NULL REFERENCES themes (id),
  format_id       integer NOT NULL REFERENCES formats (id),
  product_type_id integer NOT NULL REFERENCES product_types (id),
  special_project text,
  preview_cover   text,
  popularity      integer NOT NULL DEFAULT 0,
  -- Template categories of the product's pages, kept with the product so the gallery filter needs no join.
  template_categories text[] NOT NULL DEFAULT '{}',
  layout_id       uuid,
  created_at      timestamptz NOT NULL DEFAULT now()
);
-- Gallery sorts: newest and most popular, ties broken by id so that paging is stable.
CREATE INDEX products_new_idx ON products (created_at DESC, id DESC);
CREATE INDEX products_top_idx ON products (popularity DESC, id DESC);
CREATE INDEX products_theme_idx ON products (theme_id);
CREATE INDEX products_format_idx ON products (format_id, id);
CREATE INDEX products_type_idx ON products (product_type_id);
CREATE INDEX products_special_project_idx ON products (special_project) WHERE special_project IS NOT NULL;
CREATE INDEX products_template_categories_idx ON products USING gin (template_categories);
-- Case-insensitive substring search on name or description.
CREATE INDEX products_name_trgm_idx ON products USING gin (name gin_trgm_ops);
CREATE INDEX products_description_trgm_idx ON products USING gin (description gin_trgm_ops);

CREATE TABLE layouts (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id           integer REFERENCES products (id) ON DELETE SET NULL,
  owner_id             integer REFERENCES users (id) ON DELETE CASCADE,
  name                 text NOT NULL DEFAULT '',
  num_pages            integer NOT NULL DEFAULT 0 CHECK (num_pages >= 0),
  font_size            integer NOT NULL DEFAULT 12 CHECK (font_size > 0),
  last_scheme_page_num integer NOT NULL DEFAULT 0,
  scheme_theme_rel     jsonb NOT NULL DEFAULT '{}',
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX layouts_product_idx ON layouts (product_id);
CREATE INDEX layouts_owner_idx ON layouts (owner_id);
-- A product's own layout, which moderators fetch; bulk-generated products may share one.
ALTER TABLE products ADD CONSTRAINT products_layout_fk FOREIGN KEY (layout_id) REFERENCES layouts (id) ON DELETE SET NULL;

CREATE TABLE layout_pages (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  layout_id   uuid NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
  num         integer NOT NULL CHECK (num >= 0),
  type        text NOT NULL,
  factor      numeric(10, 4) NOT NULL DEFAULT 1,
  width_px    integer NOT NULL CHECK (width_px > 0),
  viewbox     text NOT NULL,
  template_id integer REFERENCES templates (id),
  blocks      jsonb NOT NULL DEFAULT '[]',
  UNIQUE (layout_id, num)
);

-- Orders. Money is integer kopecks: exact, never a float.
CREATE TABLE order_sets (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status     text NOT NULL DEFAULT 'cart',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_sets_user_idx ON order_sets (user_id);

CREATE TABLE orders (
  id             serial PRIMARY KEY,
  order_set_id   integer NOT NULL REFERENCES order_sets (id) ON DELETE CASCADE,
  layout_id      uuid NOT NULL REFERENCES layouts (id),
  quantity       integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  price_kopecks  bigint NOT NULL CHECK (price_kopecks >= 0),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_order_set_idx ON orders (order_set_id);

CREATE TABLE deliveries (
  id            serial PRIMARY KEY,
  order_set_id  integer NOT NULL REFERENCES order_sets (id) ON DELETE CASCADE,
  provider      text NOT NULL,
  option        jsonb NOT NULL DEFAULT '{}',
  price_kopecks bigint NOT NULL CHECK (price_kopecks >= 0),
  status        text NOT NULL DEFAULT 'new',
  external_id   text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deliveries_order_set_idx ON deliveries (order_set_id);

CREATE TABLE payments (
  id               serial PRIMARY KEY,
  order_set_id     integer NOT NULL REFERENCES order_sets (id) ON DELETE CASCADE,
  provider         text NOT NULL,
  amount_kopecks   bigint NOT NULL CHECK (amount_kopecks >= 0),
  status           text NOT NULL DEFAULT 'pending',
  external_id      text,
  confirmation_url text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_order_set_idx ON payments (order_set_id);
