// The messages between the face detector's worker thread (face-worker.ts) and the process (face-detector.ts).

/** A face as the detector found it, in fractions of the picture's width and height. */
export interface DetectedFace {
  /** The detector's confidence, 0 to 1. */
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** The 68 landmark points (iBUG 300-W order: jaw 0-16, brows 17-26, nose 27-35, eyes 36-47, mouth 48-67). */
  landmarks: [number, number][];
}

export interface FaceRequest {
  id: number;
  width: number;
  height: number;
  /** width x height x 3 bytes, RGB. */
  rgb: Uint8Array;
}

export type FaceWorkerAnswer =
  | { id: number; faces: DetectedFace[]; memory: number }
  | { id: number; error: string };
