// The face detector's worker thread: one per process, holding the model (face-api's tiny face detector and its
// 68-point landmark net, weights from the npm package's model/ folder) on TensorFlow.js's WebAssembly backend (its
// .wasm files from the npm package too): nothing is downloaded, and the main thread never runs a model.
import { dirname, join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import type * as Tf from '@tensorflow/tfjs';
import type * as FaceApi from '@vladmandic/face-api';
import type { DetectedFace, FaceRequest, FaceWorkerAnswer } from './face-protocol';

// face-api's build for Node with the WASM backend: it requires @tensorflow/tfjs and @tensorflow/tfjs-backend-wasm
// (4.22.0, the versions it was built against, pinned in package.json) rather than bundling its own copy.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tf = require('@tensorflow/tfjs') as typeof Tf;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const wasm = require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(prefix: string): void };

const MODEL_DIR = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
const WASM_DIR = `${join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist')}/`;
/** The detector's input side: faces down to about 1/20 of the picture's longer side are found. */
const INPUT_SIZE = 416;
const MIN_SCORE = 0.5;

async function load(): Promise<void> {
  wasm.setWasmPaths(WASM_DIR);
  await tf.setBackend('wasm');
  await tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(MODEL_DIR);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(MODEL_DIR);
}

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
const clamp01 = (value: number) => round4(Math.min(1, Math.max(0, value)));

async function detect({ width, height, rgb }: FaceRequest): Promise<DetectedFace[]> {
  const input = tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(input as never, new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE }))
      .withFaceLandmarks();
    return found.map(({ detection, landmarks }) => ({
      score: round4(detection.score),
      box: {
        x: clamp01(detection.box.x / width), y: clamp01(detection.box.y / height),
        width: clamp01(detection.box.width / width), height: clamp01(detection.box.height / height),
      },
      landmarks: landmarks.positions.map((point) => [clamp01(point.x / width), clamp01(point.y / height)] as [number, number]),
    }));
  } finally {
    input.dispose();
  }
}

const ready = load();
parentPort!.on('message', (request: FaceRequest) => {
  void ready.then(() => detect(request)).then(
    (faces): FaceWorkerAnswer => ({ id: request.id, faces, memory: process.memoryUsage().rss }),
    (error: Error): FaceWorkerAnswer => ({ id: request.id, error: error.message }),
  ).then((answer) => parentPort!.postMessage(answer));
});
