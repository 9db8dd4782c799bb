-- Print files follow the order (issue 32): when an order set is confirmed, each of its books records the print
-- master of every photo it places, as it is then. A photo turned afterwards gets a new master; the book prints the
-- one it was ordered with, which the photo library keeps while this row names it. A book that is edited again (its
-- order canceled) draws its photos' current masters, and is recorded afresh when confirmed again.
CREATE TABLE layout_print_photos (
  layout_id  uuid NOT NULL REFERENCES layouts (id) ON DELETE CASCADE,
  photo_id   integer NOT NULL,
  master_key text NOT NULL,
  width      integer NOT NULL,
  height     integer NOT NULL,
  PRIMARY KEY (layout_id, photo_id)
);
CREATE INDEX layout_print_photos_master_idx ON layout_print_photos (master_key);
CREATE INDEX layout_print_photos_photo_idx ON layout_print_photos (photo_id);
