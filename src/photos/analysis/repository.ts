// SQL for what processing saw in a photo (photo_analyses) and the owners' cameras (photo_devices). No rules here.
import type { SqlExecutor } from '../../db/database';
import type { Face, PhotoAnalysis } from './analysis';

/** GPS times further than this from the camera's are taken for a geotag added later, not a clock: not used. */
export const GPS_OFFSET_LIMIT_SECONDS = 2 * 86_400;

/** What the near-duplicate and burst tests read of another photo of the owner. */
export interface SimilarityFacts {
  id: number;
  perceptualHash: string;
  duplicateGroup: number;
  colourSignature: string | null;
}

/** What the photo list and the editor read of a photo's analysis. */
export interface StoredAnalysis {
  photoId: number;
  faces: Face[];
  sharpness: number;
  exposure: number;
  brightness: number;
  eyesOpen: number | null;
  colourSignature: string;
  deviceId: number | null;
  latitude: number | null;
  longitude: number | null;
}

export interface Device {
  id: number;
  make: string;
  model: string;
  serial: string;
  offsetSeconds: number | null;
  gpsOffsetSeconds: number | null;
  photos: number;
}

const ANALYSIS_COLUMNS = `a.photo_id AS "photoId", a.faces, a.sharpness::float8 AS sharpness, a.exposure::float8 AS exposure,
  a.brightness::float8 AS brightness, a.eyes_open::float8 AS "eyesOpen", a.colour_signature AS "colourSignature",
  a.device_id AS "deviceId", a.latitude, a.longitude`;

const DEVICE_COLUMNS = `d.id, d.make, d.model, d.serial, d.offset_seconds AS "offsetSeconds", d.gps_offset_seconds AS "gpsOffsetSeconds",
  (SELECT count(*)::int FROM photo_analyses a JOIN photos p ON p.id = a.photo_id WHERE a.device_id = d.id AND p.deleted_at IS NULL) AS photos`;

export function createAnalysisRepository(sql: SqlExecutor) {
  return {
    /** Writes the photo's analysis (again, after a turn or a second run) with its device, whose GPS offset follows. */
    async save(photoId: number, ownerId: number, analysis: PhotoAnalysis): Promise<void> {
      let deviceId: number | null = null;
      if (analysis.camera) {
        const { make, model, serial } = analysis.camera;
        const { rows } = await sql.query<{ id: number }>(
          `INSERT INTO photo_devices (owner_id, make, model, serial) VALUES ($1, $2, $3, $4)
            ON CONFLICT (owner_id, make, model, serial) DO UPDATE SET make = EXCLUDED.make RETURNING id`, [ownerId, make, model, serial]);
        deviceId = rows[0].id;
      }
      await sql.query(
        `INSERT INTO photo_analyses (photo_id, faces, sharpness, exposure, brightness, eyes_open, colour_signature, device_id,
            camera_time, gps_time, latitude, longitude, place)
          VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
          ON CONFLICT (photo_id) DO UPDATE SET faces = EXCLUDED.faces, sharpness = EXCLUDED.sharpness, exposure = EXCLUDED.exposure,
            brightness = EXCLUDED.brightness, eyes_open = EXCLUDED.eyes_open, colour_signature = EXCLUDED.colour_signature,
            device_id = EXCLUDED.device_id, camera_time = EXCLUDED.camera_time, gps_time = EXCLUDED.gps_time,
            latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude, place = EXCLUDED.place`,
        [photoId, JSON.stringify(analysis.faces), analysis.sharpness, analysis.exposure, analysis.brightness, analysis.eyesOpen,
          analysis.colourSignature, deviceId, analysis.cameraTime, analysis.gpsTime, analysis.latitude, analysis.longitude, analysis.place]);
      if (deviceId !== null && analysis.gpsTime) await this.refreshGpsOffset(deviceId);
    },
    /**
     * The device's clock offset from GPS: the median over its photos of GPS time minus capture time, in whole seconds,
     * leaving out differences past GPS_OFFSET_LIMIT_SECONDS (a place tagged later); null when none is left.
     */
    async refreshGpsOffset(deviceId: number): Promise<void> {
      await sql.query(
        `UPDATE photo_devices SET gps_offset_seconds = (
            SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY d.seconds))::int FROM (
              SELECT extract(epoch FROM a.gps_time - p.captured_at) AS seconds
              FROM photo_analyses a JOIN photos p ON p.id = a.photo_id
              WHERE a.device_id = $1 AND a.gps_time IS NOT NULL AND p.captured_at IS NOT NULL AND p.capture_source = 'exif') d
            WHERE abs(d.seconds) <= $2)
          WHERE id = $1`, [deviceId, GPS_OFFSET_LIMIT_SECONDS]);
    },
    /**
     * After the owners' photos were deleted or moved (their analyses went with them): a device no photo names any more is
     * forgotten (its make, model and serial number are the owner's data, kept for nothing), and the others' GPS
     * offsets are found again without the photos gone.
     */
    async afterPhotosDeleted(ownerIds: number[]): Promise<void> {
      await sql.query(
        `DELETE FROM photo_devices d WHERE d.owner_id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM photo_analyses a WHERE a.device_id = d.id)`,
        [ownerIds]);
      const { rows } = await sql.query<{ id: number }>('SELECT id FROM photo_devices WHERE owner_id = ANY($1::int[]) ORDER BY id', [ownerIds]);
      for (const { id } of rows) await this.refreshGpsOffset(id);
    },
    /**
     * A visitor's devices follow its photos into the account: a camera the account has too (same make, model and
     * serial) takes the visitor's photos, keeping the account's offset (the visitor's where the account set none);
     * the others change hands. The GPS offsets are then found again over the photos they now hold.
     */
    async moveDevices(visitorId: number, userId: number): Promise<void> {
      const same = `FROM photo_devices v JOIN photo_devices u ON u.owner_id = $2 AND u.make = v.make AND u.model = v.model AND u.serial = v.serial
        WHERE v.owner_id = $1`;
      await sql.query(`UPDATE photo_analyses a SET device_id = pair.u_id FROM (SELECT v.id AS v_id, u.id AS u_id ${same}) pair WHERE a.device_id = pair.v_id`, [visitorId, userId]);
      await sql.query(`UPDATE photo_devices d SET offset_seconds = pair.offset FROM (SELECT u.id AS u_id, v.offset_seconds AS offset ${same}) pair
        WHERE d.id = pair.u_id AND d.offset_seconds IS NULL`, [visitorId, userId]);
      await sql.query(`DELETE FROM photo_devices d WHERE d.id IN (SELECT v.id ${same})`, [visitorId, userId]);
      await sql.query('UPDATE photo_devices SET owner_id = $2 WHERE owner_id = $1', [visitorId, userId]);
      await this.afterPhotosDeleted([userId]);
    },
    /** Turns the stored faces with the photo (a quarter turn clockwise maps (x, y) to (1 - y, x)). */
    async turnFaces(photoId: number, clockwiseDegrees: number): Promise<void> {
      const { rows } = await sql.query<{ faces: Face[] }>('SELECT faces FROM photo_analyses WHERE photo_id = $1', [photoId]);
      if (rows.length === 0) return;
      const turns = (((clockwiseDegrees / 90) % 4) + 4) % 4;
      const point = ([x, y]: [number, number]): [number, number] => [Math.round((1 - y) * 1e4) / 1e4, x];
      const faces = rows[0].faces.map((face) => {
        let turned = face;
        for (let turn = 0; turn < turns; turn += 1) {
          const { box } = turned;
          turned = {
            ...turned, box: { x: Math.round((1 - box.y - box.height) * 1e4) / 1e4, y: box.x, width: box.height, height: box.width },
            landmarks: turned.landmarks.map(point),
          };
        }
        return turned;
      });
      await sql.query('UPDATE photo_analyses SET faces = $2::jsonb WHERE photo_id = $1', [photoId, JSON.stringify(faces)]);
    },
    /** The owner's other processed photos, for the near-duplicate test. */
    async similarityOfOwner(ownerId: number, exceptId: number): Promise<SimilarityFacts[]> {
      const { rows } = await sql.query<SimilarityFacts>(
        `SELECT p.id, p.perceptual_hash AS "perceptualHash", p.duplicate_group AS "duplicateGroup", a.colour_signature AS "colourSignature"
          FROM photos p LEFT JOIN photo_analyses a ON a.photo_id = p.id
          WHERE p.owner_id = $1 AND p.id <> $2 AND p.status = 'ready' AND p.perceptual_hash IS NOT NULL ORDER BY p.id`, [ownerId, exceptId]);
      return rows;
    },
    async forPhotos(ids: number[]): Promise<Map<number, StoredAnalysis>> {
      if (ids.length === 0) return new Map();
      const { rows } = await sql.query<StoredAnalysis>(`SELECT ${ANALYSIS_COLUMNS} FROM photo_analyses a WHERE a.photo_id = ANY($1::int[])`, [ids]);
      return new Map(rows.map((row) => [row.photoId, row]));
    },
    async devicesOf(ownerId: number): Promise<Device[]> {
      return (await sql.query<Device>(`SELECT ${DEVICE_COLUMNS} FROM photo_devices d WHERE d.owner_id = $1 ORDER BY d.id`, [ownerId])).rows;
    },
    /** Sets the owner's offset of the owner's device (null clears it); the device, or undefined when not the owner's. */
    async setOffset(ownerId: number, id: number, offsetSeconds: number | null): Promise<Device | undefined> {
      const { rowCount } = await sql.query('UPDATE photo_devices SET offset_seconds = $3 WHERE id = $1 AND owner_id = $2', [id, ownerId, offsetSeconds]);
      if (rowCount === 0) return undefined;
      return (await sql.query<Device>(`SELECT ${DEVICE_COLUMNS} FROM photo_devices d WHERE d.id = $1`, [id])).rows[0];
    },
  };
}
