// A small S3-compatible server in memory for tests: path-style buckets and objects over HTTP, every request checked
// against AWS Signature Version 4, and fault switches (fail the next requests, answer slowly, stall or cut a body
// half-way). It speaks what the service's client uses: CreateBucket, HeadBucket, ListObjectsV2, PutObject, GetObject
// (one Range), HeadObject, DeleteObject; anything else is 501 NotImplemented.
import { createHash, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureProblem } from './s3-signature';

interface StoredObject {
  body: Buffer;
  etag: string;
  lastModified: Date;
  headers: Record<string, string>;
}

/** 'error': 500 InternalError; 'throttle': 429, as S3-compatible stores answer too many requests; 'reset': no answer. */
export type FaultKind = 'error' | 'throttle' | 'reset';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The service's settings for this server: MEDIA_STORAGE=s3 and the S3_* variables. */
  env(): Record<string, string>;
  /** Every key in the bucket, sorted (read from the server's memory, not through the protocol). */
  keys(): Promise<string[]>;
  /**
   * The next n requests (after `after` more that succeed) fail as `kind` says (default 'error'); with `method`, only
   * requests of that method count and fail (a store that refuses DELETEs, say), the others are answered as usual.
   */
  failNext(n: number, kind?: FaultKind, options?: { after?: number; method?: string }): void;
  /** Sets an object's Last-Modified (as if it had been written then), for tests of what happens to old objects. */
  backdate(key: string, lastModified: Date): void;
  /** Every answer waits ms first (0: none); a request whose client has gone by then is dropped unanswered. */
  delay(ms: number): void;
  /** Every object answer sends its headers and half its bytes, then waits ms (0: none) before the rest. */
  stallBodies(ms: number): void;
  /** Every object answer sends its headers and half its bytes, then its connection is cut (false: whole answers again). */
  cutBodies(cut: boolean): void;
  /** Requests received so far, as "METHOD /path" (faulty ones included). */
  requests(): string[];
  close(): Promise<void>;
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendError(response: ServerResponse, status: number, code: string, message: string, extra: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/xml', ...extra });
  // A HEAD answer has no body: the client reads the status alone.
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

/** The range of a GetObject (RFC 9110 single range), undefined for the whole object, null when unsatisfiable. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | undefined | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') return size === 0 || Number(match[2]) === 0 ? null : { start: Math.max(0, size - Number(match[2])), end: size - 1 };
  const start = Number(match[1]);
  if (start >= size) return null;
  return { start, end: Math.min(match[2] === '' ? size - 1 : Number(match[2]), size - 1) };
}

function listObjects(response: ServerResponse, bucketName: string, objects: Map<string, StoredObject>, query: URLSearchParams): void {
  const prefix = query.get('prefix') ?? '';
  const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
  const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), 1000);
  const matching = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = matching.slice(0, maxKeys);
  const truncated = matching.length > page.length;
  const contents = page.map((key) => {
    const object = objects.get(key)!;
    return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>`
      + `<ETag>${xmlEscape(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
  }).join('');
  response.writeHead(200, { 'Content-Type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucketName}</Name><Prefix>${xmlEscape(prefix)}</Prefix>`
    + `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}`
    + (truncated ? `<NextContinuationToken>${xmlEscape(page[page.length - 1])}</NextContinuationToken>` : '') + '</ListBucketResult>');
}

function sendObject(request: IncomingMessage, response: ServerResponse, object: StoredObject, stall?: (rest: () => void) => void): void {
  const range = rangeOf(request.headers.range, object.body.length);
  if (range === null) {
    sendError(response, 416, 'InvalidRange', 'The requested range is not satisfiable', { 'Content-Range': `bytes */${object.body.length}` });
    return;
  }
  const body = range ? object.body.subarray(range.start, range.end + 1) : object.body;
  response.writeHead(range ? 206 : 200, {
    ...object.headers, ETag: object.etag, 'Last-Modified': object.lastModified.toUTCString(), 'Accept-Ranges': 'bytes',
    'Content-Length': String(body.length), ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${object.body.length}` } : {}),
  });
  if (request.method === 'HEAD') return void response.end();
  if (!stall) return void response.end(body);
  const half = Math.floor(body.length / 2);
  response.write(body.subarray(0, half));
  stall(() => response.end(body.subarray(half)));
}

/** How long after the first half of a body its connection is cut (cutBodies). */
const CUT_AFTER_MS = 100;

/** Starts the server on 127.0.0.1 with one bucket already created. */
export async function startS3Server(): Promise<TestS3Server> {
  const accessKeyId = `TESTKEY${randomBytes(6).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(30).toString('base64url');
  const region = 'us-east-1';
  const bucket = 'photobook-test';
  const buckets = new Map<string, Map<string, StoredObject>>([[bucket, new Map()]]);
  const received: string[] = [];
  const fault = { skip: 0, remaining: 0, kind: 'error' as FaultKind, method: undefined as string | undefined };
  let delayMs = 0;
  let bodyStallMs = 0;
  let cuttingBodies = false;
  const timers = new Set<NodeJS.Timeout>();

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const [bucketName, ...keyParts] = url.pathname.slice(1).split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const problem = signatureProblem(request, body, accessKeyId, secretAccessKey);
    if (problem) return sendError(response, problem.status, problem.code, problem.message);
    const objects = buckets.get(bucketName);
    const method = request.method ?? 'GET';
    if (key === '') {
      if (method === 'PUT') {
        if (!objects) buckets.set(bucketName, new Map());
        response.writeHead(200, { Location: `/${bucketName}` }).end();
      } else if (!objects) sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      else if (method === 'HEAD') response.writeHead(200).end();
      else if (method === 'GET' && url.searchParams.get('list-type') === '2') listObjects(response, bucketName, objects, url.searchParams);
      else sendError(response, 501, 'NotImplemented', `${method} on a bucket is not implemented here`);
      return;
    }
    if (!objects) return sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (method === 'PUT') {
      const headers: Record<string, string> = { 'Content-Type': request.headers['content-type'] ?? 'application/octet-stream' };
      if (request.headers['cache-control']) headers['Cache-Control'] = request.headers['cache-control'];
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, { body, etag, lastModified: new Date(Math.floor(Date.now() / 1000) * 1000), headers });
      response.writeHead(200, { ETag: etag }).end();
    } else if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
      // A cut comes a moment after the first half, as on a real connection: the client has its answer and reads on.
      sendObject(request, response, object, bodyStallMs === 0 && !cuttingBodies ? undefined : (rest) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (cuttingBodies) response.socket?.destroy();
          else if (!response.destroyed) rest();
        }, cuttingBodies ? CUT_AFTER_MS : bodyStallMs);
        timers.add(timer);
      });
    } else if (method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else sendError(response, 501, 'NotImplemented', `${method} on an object is not implemented here`);
  }

  const server = http.createServer((request, response) => {
    received.push(`${request.method} ${request.url?.split('?')[0]}`);
    // A request of another method than the fault's is answered as usual.
    const concerned = !fault.method || request.method === fault.method;
    if (concerned && fault.skip > 0) fault.skip -= 1;
    else if (concerned && fault.remaining > 0) {
      fault.remaining -= 1;
      if (fault.kind === 'reset') request.socket.destroy();
      else if (fault.kind === 'throttle') sendError(response, 429, 'TooManyRequests', 'Please reduce your request rate.');
      else sendError(response, 500, 'InternalError', 'We encountered an internal error. Please try again.');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = () => {
        if (!response.destroyed && !request.socket.destroyed) handle(request, response, Buffer.concat(chunks));
      };
      if (delayMs === 0) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint, bucket, accessKeyId, secretAccessKey, region,
    env: () => ({
      MEDIA_STORAGE: 's3', S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_FORCE_PATH_STYLE: 'true',
    }),
    keys: async () => [...(buckets.get(bucket)?.keys() ?? [])].sort(),
    failNext(n, kind = 'error', options = {}) {
      Object.assign(fault, { skip: options.after ?? 0, remaining: n, kind, method: options.method });
    },
    backdate(key, lastModified) {
      const object = buckets.get(bucket)?.get(key);
      if (!object) throw new Error(`no object "${key}" to backdate`);
      object.lastModified = new Date(Math.floor(lastModified.getTime() / 1000) * 1000);
    },
    delay(ms) {
      delayMs = ms;
    },
    stallBodies(ms) {
      bodyStallMs = ms;
    },
    cutBodies(cut) {
      cuttingBodies = cut;
    },
    requests: () => [...received],
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
