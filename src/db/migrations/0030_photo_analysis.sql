-- What processing sees in a photo (issue 51), stored beside it and deleted with it: the faces found (boxes, the 68
-- landmark points, an eyes-open score each; no descriptor, so no face is ever recognised across photos or owners), a
-- sharpness score, an exposure score, a colour signature, the camera it came from and where and when its GPS says it
-- was taken. One row per processed photo; a photo processed before this has none (autofill then reads it as before).
CREATE TABLE photo_devices (
  id serial PRIMARY KEY,
  owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- EXIF Make, Model and BodySerialNumber ('' when absent): one camera or phone of the owner.
  make text NOT NULL DEFAULT '',
  model text NOT NULL DEFAULT '',
  serial text NOT NULL DEFAULT '',
  -- Seconds to add to the camera's clock, as the owner set it (PATCH /photos/api/devices/<id>/); null: not set.
  offset_seconds integer,
  -- The offset found from the GPS time its photos carry (the median of GPS time minus the camera's time); null: none.
  gps_offset_seconds integer,
  UNIQUE (owner_id, make, model, serial)
);

CREATE TABLE photo_analyses (
  photo_id integer PRIMARY KEY REFERENCES photos (id) ON DELETE CASCADE,
  -- [{score, box: {x, y, width, height}, landmarks: [[x, y] x 68], eyes_open}] in fractions of the master's size.
  faces jsonb NOT NULL DEFAULT '[]',
  -- 0 (blurred) to 1 (sharp); 0 (badly exposed) to 1 (well exposed); mean luminance 0 to 1.
  sharpness real NOT NULL,
  exposure real NOT NULL,
  brightness real NOT NULL,
  -- The lowest eyes-open score of its larger faces (0 closed to 1 open); null without faces.
  eyes_open real,
  -- 4x4 cells of mean R, G, B (96 hex digits): near-duplicates need both this and the perceptual hash close.
  colour_signature text NOT NULL,
  device_id integer REFERENCES photo_devices (id) ON DELETE SET NULL,
  -- The camera's own time (EXIF DateTimeOriginal read as UTC wall time) and the GPS time, when present.
  camera_time timestamptz,
  gps_time timestamptz,
  latitude double precision,
  longitude double precision,
  -- The town the GPS position is in, from the list shipped with the service (never asked of anyone); null: none.
  place text
);
CREATE INDEX photo_analyses_device_idx ON photo_analyses (device_id);
