// The face detector of this process: one worker thread (face-worker.ts) holding the model, started at the first photo
// analysed and shared by every photo this process analyses after it, so that the model is loaded once per process and
// the main thread never runs it. The worker is unref'd: an idle detector keeps no process alive. A worker that stops
// fails the photos it was given (their jobs retry) and is started again at the next one.
import { Worker } from 'node:worker_threads';
import type { DetectedFace, FaceWorkerAnswer } from './face-protocol';

export type { DetectedFace } from './face-protocol';

export interface FaceDetector {
  detect(rgb: Uint8Array, width: number, height: number): Promise<DetectedFace[]>;
  /** The process's resident memory as the worker last measured it (bytes), 0 before the first photo. */
  memory(): number;
  close(): Promise<void>;
}

export function createFaceDetector(): FaceDetector {
  let worker: Worker | undefined;
  let nextId = 0;
  let lastMemory = 0;
  const pending = new Map<number, { resolve: (faces: DetectedFace[]) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    worker = undefined;
  };

  function started(): Worker {
    if (worker) return worker;
    // Sources are TypeScript, run through tsx in the worker as in the process (as the HEIC decoder's worker).
    const source = `require('tsx/cjs'); require(${JSON.stringify(require.resolve('./face-worker'))});`;
    const created = new Worker(source, { eval: true });
    created.unref();
    created.on('message', (answer: FaceWorkerAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if ('error' in answer) waiting.reject(new Error(`face detection failed: ${answer.error}`));
      else {
        lastMemory = answer.memory;
        waiting.resolve(answer.faces);
      }
      if (pending.size === 0) created.unref();
    });
    created.on('error', (error) => { if (worker === created) failAll(error); });
    created.on('exit', (code) => { if (worker === created) failAll(new Error(`the face detector stopped (exit code ${code})`)); });
    worker = created;
    return created;
  }

  return {
    detect(rgb, width, height) {
      const running = started();
      const id = ++nextId;
      // Held while a photo is in it: a job waiting for its faces keeps the process alive.
      running.ref();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        running.postMessage({ id, width, height, rgb });
      });
    },
    memory: () => lastMemory,
    async close() {
      const running = worker;
      worker = undefined;
      if (running) await running.terminate();
    },
  };
}

let shared: FaceDetector | undefined;

/** The process's one detector (the model is loaded once per process, whoever asks). */
export function processFaceDetector(): FaceDetector {
  shared ??= createFaceDetector();
  return shared;
}
