// The owner's cameras and phones (issue 51): listed with their clock offsets, and the owner's own offset set per device.
// One timeline for several cameras: autofill orders and splits events by capture time plus the device's offset.
import type { Database } from '../../db/database';
import { notFound } from '../../shared/errors';
import type { PhotoDevice } from '../../types/schemas';
import { createAnalysisRepository, type Device } from './repository';

const present = (device: Device): PhotoDevice => ({
  id: device.id, make: device.make, model: device.model, serial: device.serial, offset_seconds: device.offsetSeconds,
  gps_offset_seconds: device.gpsOffsetSeconds, effective_offset_seconds: device.offsetSeconds ?? device.gpsOffsetSeconds ?? 0,
  photos: device.photos,
});

export function createDevicesService(db: Database) {
  const repository = createAnalysisRepository(db.sql);
  return {
    async list(ownerId: number): Promise<PhotoDevice[]> {
      return (await repository.devicesOf(ownerId)).map(present);
    },
    /** not_found for another owner's device or none. */
    async setOffset(ownerId: number, id: number, offsetSeconds: number | null): Promise<PhotoDevice> {
      const device = await repository.setOffset(ownerId, id, offsetSeconds);
      if (!device) throw notFound();
      return present(device);
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
