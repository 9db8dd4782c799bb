// The caller's devices over REST: GET /photos/api/devices/ and PATCH /photos/api/devices/<id>/ {offset_seconds}.
import Router from '@koa/router';
import { requireAccount } from '../../http/auth';
import { idParam } from '../../http/params';
import { bodyOf, requireUser } from '../../http/request-state';
import type { RouteDoc, RouteModule } from '../../http/route-module';
import type { Validator } from '../../http/validation';
import type { DevicesService } from './devices';

export function deviceRoutes(deps: { devices: DevicesService; validator: Validator }): RouteModule {
  const { devices, validator } = deps;
  const router = new Router();
  const signedIn = requireAccount();

  router.get('/photos/api/devices/', signedIn, async (ctx) => {
    ctx.body = await devices.list(requireUser(ctx).id);
  });

  router.patch('/photos/api/devices/:device_id/', signedIn, validator.jsonBody('photo-device-offset.json'), async (ctx) => {
    const { offset_seconds: offset } = bodyOf(ctx, 'photo-device-offset.json');
    ctx.body = await devices.setOffset(requireUser(ctx).id, idParam(ctx.params.device_id), offset);
  });

  return { router, docs: DEVICE_DOCS };
}

const tags = ['photos'];
const notLoggedIn = { description: 'Not logged in (a visitor account is enough)', schema: 'error-detail.json' };

const DEVICE_DOCS: RouteDoc[] = [
  {
    method: 'get', path: '/photos/api/devices/', tags, auth: true, summary: 'The cameras and phones the caller\'s photos came from',
    description: 'Grouped by EXIF make, model and serial, each with its clock offsets (set by the owner, found from GPS time).',
    responses: { 200: { description: 'The devices', schema: 'photo-device-list.json' }, 401: notLoggedIn },
  },
  {
    method: 'patch', path: '/photos/api/devices/:device_id/', tags, auth: true, summary: 'Set a device\'s clock offset',
    description: 'Seconds added to the capture times of the device\'s photos (autofill\'s order and events follow); null goes back to the GPS offset.',
    body: { schema: 'photo-device-offset.json' },
    responses: {
      200: { description: 'The device', schema: 'photo-device.json' },
      400: { description: 'offset_seconds missing, not an integer or out of range', schema: 'validation-error.json' },
      401: notLoggedIn,
      404: { description: 'No such device of the caller (another user\'s devices are not found either)', schema: 'error-detail.json' },
    },
  },
];
