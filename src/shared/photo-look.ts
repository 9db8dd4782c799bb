// What processing saw in a photo (issue 51) as placing and autofill read it: its faces' boxes, its quality scores,
// its likeness facts and its camera (src/photos/analysis/ has the analysis itself).
import type { Box } from './layout-document';

export interface PhotoLook {
  /** Face boxes in fractions of the photo's width and height (upright, as the master). */
  faces: Box[];
  sharpness: number;
  exposure: number;
  /** The lowest eyes-open score of its main faces; null without faces. */
  eyesOpen: number | null;
  perceptualHash: string | null;
  colourSignature: string;
  deviceId: number | null;
  latitude: number | null;
  longitude: number | null;
  /** The town its GPS position is in, null when unknown. */
  place: string | null;
}
