// A photo's analysis as the library lists it (docs/api.md, "Shoppers' photos"): its faces' boxes with their eyes-open
// scores, its scores and camera, and the flags the editor may show. Landmarks stay in the database.
import type { Photo as PhotoBody } from '../../types/schemas';

/** Below these a photo is flagged: sharpness (0..1), a main face's eyes-open score, the exposure score. */
export const BLURRED_BELOW = 0.35;
export const EYES_CLOSED_BELOW = 0.35;
export const BADLY_EXPOSED_BELOW = 0.3;

export type ListedAnalysis = NonNullable<PhotoBody['analysis']>;
type Flag = PhotoBody['flags'][number];

/** The analysis as JSON beside a photo row (`FROM photos p`), null when there is none. */
export const PHOTO_ANALYSIS_COLUMN = `(SELECT json_build_object(
    'faces', (SELECT coalesce(json_agg(json_build_object('box', face->'box', 'score', face->'score', 'eyes_open', face->'eyes_open')), '[]')
      FROM jsonb_array_elements(a.faces) face),
    'sharpness', a.sharpness, 'exposure', a.exposure, 'eyes_open', a.eyes_open, 'device_id', a.device_id)
  FROM photo_analyses a WHERE a.photo_id = p.id) AS analysis`;

export function presentAnalysis(photo: { id: number; duplicateGroup: number | null; analysis: ListedAnalysis | null }): Pick<PhotoBody, 'flags' | 'analysis'> {
  const flags: Flag[] = [];
  if (photo.duplicateGroup !== null && photo.duplicateGroup !== photo.id) flags.push('duplicate');
  const analysis = photo.analysis;
  if (analysis) {
    if (analysis.sharpness < BLURRED_BELOW) flags.push('blurred');
    if (analysis.eyes_open !== null && analysis.eyes_open < EYES_CLOSED_BELOW) flags.push('eyes_closed');
    if (analysis.exposure < BADLY_EXPOSED_BELOW) flags.push('badly_exposed');
  }
  return { flags, analysis };
}
