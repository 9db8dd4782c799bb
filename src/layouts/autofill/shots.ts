// Autofill's choice among shots of one moment (issue 51): near-duplicates (the library's duplicate_group, structure
// and colour both close) and bursts (one camera, seconds apart, close content) form groups; each group keeps its best
// shot (sharp, eyes open, well exposed) and leaves the others out, each with why: `blurred` (clearly less sharp than
// the one kept), `eyes_closed` (closed where the one kept has them open), else `duplicate` or `burst`. A photo with no
// better shot of its moment is placed however it looks. Deterministic: ties go to the earlier photo in order.
import { looksLikeBurst, BURST_SECONDS } from '../../photos/analysis/similarity';
import type { FillPhoto } from './plan';

export type ShotReason = 'burst' | 'duplicate' | 'blurred' | 'eyes_closed';

/** A shot this much less sharp (of 0..1) than the one kept is left out as `blurred`. */
export const BLURRED_BY = 0.15;
/** Eyes-open scores below this are closed, at or above EYES_OPEN open. */
export const EYES_CLOSED = 0.35;
export const EYES_OPEN = 0.6;

/** How good a shot is: its sharpness, open eyes (a closed pair costs most) and exposure. */
function quality(photo: FillPhoto): number {
  const look = photo.look;
  if (!look) return 0;
  const eyes = look.eyesOpen === null ? 1 : look.eyesOpen;
  return look.sharpness + eyes + 0.5 * look.exposure;
}

function reasonAgainst(photo: FillPhoto, best: FillPhoto, duplicate: boolean): ShotReason {
  const [look, bestLook] = [photo.look, best.look];
  if (look && bestLook && bestLook.sharpness - look.sharpness >= BLURRED_BY) return 'blurred';
  if (look?.eyesOpen != null && bestLook && look.eyesOpen < EYES_CLOSED && (bestLook.eyesOpen ?? 1) >= EYES_OPEN) return 'eyes_closed';
  return duplicate ? 'duplicate' : 'burst';
}

/** Photos of one burst: one camera (or both unknown), at most BURST_SECONDS apart, content close. */
function sameBurst(a: FillPhoto, b: FillPhoto): boolean {
  if (!a.look || !b.look || a.capturedAt === null || b.capturedAt === null) return false;
  if (a.look.deviceId !== b.look.deviceId || Math.abs(a.capturedAt - b.capturedAt) > BURST_SECONDS * 1000) return false;
  return looksLikeBurst(a.look, b.look);
}

/** The photos kept, in their order, and those left out with their reasons (photos as ordered by orderPhotos). */
export function chooseShots(photos: FillPhoto[]): { kept: FillPhoto[]; leftOut: { photo: FillPhoto; reason: ShotReason }[] } {
  // Union-find over the photos' positions; a link remembers whether it was a near-duplicate's.
  const parent = photos.map((_, index) => index);
  const root = (index: number): number => (parent[index] === index ? index : (parent[index] = root(parent[index])));
  const join = (a: number, b: number) => { parent[Math.max(root(a), root(b))] = Math.min(root(a), root(b)); };
  const firstOfGroup = new Map<number, number>();
  photos.forEach((photo, index) => {
    if (photo.duplicateGroup !== null) {
      const first = firstOfGroup.get(photo.duplicateGroup);
      if (first === undefined) firstOfGroup.set(photo.duplicateGroup, index);
      else join(first, index);
    }
  });
  // Bursts: each photo with those taken within BURST_SECONDS of it on the same camera (the order is by time).
  const byTime = photos.map((photo, index) => ({ photo, index })).filter(({ photo }) => photo.capturedAt !== null)
    .sort((a, b) => a.photo.capturedAt! - b.photo.capturedAt! || a.index - b.index);
  byTime.forEach((item, at) => {
    for (let next = at + 1; next < byTime.length && byTime[next].photo.capturedAt! - item.photo.capturedAt! <= BURST_SECONDS * 1000; next += 1) {
      if (sameBurst(item.photo, byTime[next].photo)) join(item.index, byTime[next].index);
    }
  });
  const groups = new Map<number, number[]>();
  photos.forEach((_, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), index]));
  const best = new Map<number, number>();
  for (const [key, members] of groups) {
    best.set(key, members.reduce((chosen, index) => (quality(photos[index]) > quality(photos[chosen]) ? index : chosen), members[0]));
  }
  const kept: FillPhoto[] = [];
  const leftOut: { photo: FillPhoto; reason: ShotReason }[] = [];
  photos.forEach((photo, index) => {
    const chosen = photos[best.get(root(index))!];
    if (chosen === photo) kept.push(photo);
    else leftOut.push({ photo, reason: reasonAgainst(photo, chosen, photo.duplicateGroup !== null && photo.duplicateGroup === chosen.duplicateGroup) });
  });
  return { kept, leftOut };
}
