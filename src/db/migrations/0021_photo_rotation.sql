-- A photo turned by its owner (PUT /api/photo/): the quarter turns clockwise applied on top of the EXIF orientation.
-- The print master is always made from the original with both, so a photo turned many times is encoded once.
ALTER TABLE photos ADD COLUMN rotation smallint NOT NULL DEFAULT 0 CHECK (rotation IN (0, 90, 180, 270));
