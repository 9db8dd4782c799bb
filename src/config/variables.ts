// Every environment variable of the service, declared once: name, default, allowed values and what it does. The
// parsers (config*.ts) read them through these declarations, and `npm run config-reference` writes the reference
// table of docs/operations.md and .env.example from them (test/config-reference.test.ts checks both are current).
import { PRINT_PARTNER } from './print-partner';
import {
  DELIVERY, IDENTITY_PROVIDERS, MAIL, MEDIA, OBJECT_STORE, PAYMENT,
} from './variables-external';
import { defineGroup } from './values';

const MEBIBYTE = 1024 * 1024;
const GIBIBYTE = 1024 * MEBIBYTE;
const YEAR_SECONDS = 365 * 24 * 3600;
const LOGIN = '[`api.md`, "Login"](api.md#login)';

export const PROCESS = defineGroup({ title: 'The process' }, {
  NODE_ENV: {
    kind: 'choice', choices: ['production', 'development', 'test'], default: 'development',
    description: 'the kind of deployment; `production` requires `JWT_SECRET`, `DELIVERY_PROVIDER` and `PAYMENT_PROVIDER`',
  },
  PORT: { kind: 'integer', default: 8000, min: 0, max: 65535, description: 'HTTP and Socket.IO port' },
  HOST: {
    kind: 'text', default: '0.0.0.0', allowed: 'an address or host name of this machine',
    description: 'interface to listen on; outside production, a `HOST` other machines can reach turns the sandbox login off unless `SANDBOX_LOGIN=1`',
  },
  DATA_DIR: {
    kind: 'text', default: './data', allowed: 'a folder, created when missing; relative: to the working directory',
    description: 'embedded database, media files (`DATA_DIR/media` and `DATA_DIR/private`, with `MEDIA_STORAGE=disk`), generated JWT secret',
  },
  PUBLIC_BASE_URL: {
    kind: 'url', protocols: ['http:', 'https:'], defaultText: '`http://localhost:PORT`', sample: 'http://localhost:8000',
    description: 'start of every absolute URL the API returns (images, OAuth redirect URIs)',
  },
  FRONTEND_URL: {
    kind: 'url', protocols: ['http:', 'https:'], defaultText: '`PUBLIC_BASE_URL`', sample: 'https://shop.example',
    description: 'where a login ends: `FRONTEND_URL/oauth/success/?set_token=<JWT>`',
  },
  WORKER: {
    kind: 'flag', default: true,
    description: '`0`: `serve` runs no background jobs (run `photobook worker` for them; docker-compose.yml\'s API replicas run `0`)',
  },
  SHUTDOWN_TIMEOUT_MS: {
    kind: 'integer', default: 10_000, min: 100, max: 60_000,
    description: 'the longest a graceful stop (SIGTERM, SIGINT) may take before the process exits anyway',
  },
  LOG_LEVEL: {
    kind: 'choice', choices: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], default: 'info',
    description: 'pino level, or `silent`',
  },
  LOG_FORMAT: {
    kind: 'choice', choices: ['auto', 'json', 'pretty'], default: 'auto',
    description: '`auto`: readable coloured lines when standard output is a terminal (one line per request: `POST /api/cart/ 201 12.3 ms user 5`), JSON lines otherwise (every field, with `requestId`); `json` or `pretty` to choose',
  },
  TRUST_PROXY: {
    kind: 'integer', default: 0, min: 0, max: 10,
    description: 'the number of reverse proxies you run in front of the service. The client address is then the entry of `X-Forwarded-For` that the outermost of them appended; entries left of it are written by the client and ignored. `0`: the header is ignored',
  },
  CORS_ORIGINS: {
    kind: 'text', default: '', allowed: 'origins (`scheme://host[:port]`), comma-separated', sample: 'https://shop.example,http://localhost:3000',
    description: 'origins (`https://shop.example`: scheme, host and port exactly as browsers send them) whose pages may call the API from a browser; empty: no CORS header is sent. No wildcard (see [`api.md`, "HTTP conventions"](api.md#http-conventions))',
  },
  METRICS_TOKEN: {
    kind: 'text',
    description: 'the bearer token of `GET /metrics` (Prometheus; see ["Metrics"](#metrics)). In production the route answers 404 while it is empty; when set (in any environment) a request without `Authorization: Bearer <METRICS_TOKEN>` gets 401',
  },
});

export const DATABASE = defineGroup({ title: 'The database' }, {
  DATABASE_URL: {
    kind: 'url', protocols: ['postgres:', 'postgresql:'], sample: 'postgresql://photobook:photobook@127.0.0.1:5432/photobook',
    description: 'PostgreSQL server; unset means embedded PGlite in `DATA_DIR/pgdata`, kept across restarts',
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    kind: 'integer', default: 5000, min: 100, max: 600_000,
    description: 'with `DATABASE_URL`: the longest opening a database connection, or waiting for a free one of the pool, may take; an outage past it is answered 503 with `Retry-After`',
  },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    kind: 'integer', default: 10_000, min: 0, max: 3_600_000,
    description: 'with `DATABASE_URL`: the longest one statement may run (the server cancels it; the service stops waiting 1 s later and drops that connection, for when no answer can come at all); `0`: no limit, for a long maintenance run such as a bulk `photobook seed --products N`',
  },
  DATABASE_POOL_SIZE_SERVE: {
    kind: 'integer', default: 10, min: 1, max: 500,
    description: 'with `DATABASE_URL`: connections in the pool of a `serve` (and `demo`) process; its connection budget is this + 1, the listening connection (see ["Sizing"](#sizing))',
  },
  DATABASE_POOL_SIZE_WORKER: {
    kind: 'integer', default: 10, min: 1, max: 500,
    description: 'with `DATABASE_URL`: connections in the pool of a `worker` process (its jobs run 2 at a time per job name, each holding a connection only while it queries); budget: this + 1',
  },
  DATABASE_POOL_SIZE_COMMAND: {
    kind: 'integer', default: 4, min: 1, max: 500,
    description: 'with `DATABASE_URL`: connections in the pool of any other command (`migrate`, `seed`, `create-admin`...); budget: this + 1',
  },
  DATABASE_POOLER: {
    kind: 'choice', choices: ['none', 'transaction'], default: 'none',
    description: '`transaction`: `DATABASE_URL` is a pooler in transaction mode (PgBouncer `pool_mode = transaction`): no named prepared statements, no server-side statement timeout sent at connection (set it on the role), LISTEN through `DATABASE_LISTEN_URL`, which it then requires (see ["Sizing"](#sizing))',
  },
  DATABASE_LISTEN_URL: {
    kind: 'url', protocols: ['postgres:', 'postgresql:'], defaultText: '`DATABASE_URL`', sample: 'postgresql://photobook:photobook@127.0.0.1:5432/photobook',
    description: 'the same database reached directly, not through a pooler: the one connection per process that LISTENs for the notifications of other processes',
  },
});

export const TOKENS = defineGroup({ title: 'Tokens and login' }, {
  JWT_SECRET: {
    kind: 'text', minLength: 32, defaultText: 'generated',
    description: 'HS256 secret (e.g. `openssl rand -base64 48`); required when `NODE_ENV=production`, otherwise generated once and kept in `DATA_DIR/jwt-secret`',
  },
  JWT_LIFETIME_SECONDS: {
    kind: 'integer', default: 7 * 24 * 3600, min: 60, max: YEAR_SECONDS, description: 'token lifetime (7 days)',
  },
  JWT_ISSUER: {
    kind: 'token-name', default: 'photobook',
    description: `\`iss\` of every token (and the visitor's): one name for the whole deployment, the same in all its processes (servers, worker, CLI; see ${LOGIN})`,
  },
  JWT_AUDIENCE: {
    kind: 'token-name', default: 'photobook',
    description: '`aud` of every token (and the visitor\'s): one name for the whole deployment, the same in all its processes',
  },
  VISITOR_TOKEN_LIFETIME_SECONDS: {
    kind: 'integer', default: 30 * 24 * 3600, min: 60, max: YEAR_SECONDS,
    description: '`exp` of a visitor\'s token from `POST /auth/autoreg/` (30 days); past it the token is refused like any expired one',
  },
  LOGIN_RATE_LIMIT_PER_MINUTE: {
    kind: 'integer', default: 30, min: 1, max: 100_000,
    description: '`/auth/<provider>/` and `/auth/autoreg/` requests (counted together) per client address per minute, per process; more: 429',
  },
  SANDBOX_LOGIN: {
    kind: 'flag', sample: '1',
    defaultText: '`1` when `HOST` is a loopback address (`127.x.x.x`, `::1`, `localhost`) outside production, else `0`',
    description: `the sandbox identity provider \`/auth/sandbox/\`: log in as any address, outside production also as any role (see ${LOGIN}, [\`api.md\`, "Logging in without a provider account"](api.md#logging-in-without-a-provider-account)); \`1\` on any other \`HOST\` turns it on with a warning at start (anyone who reaches the server can make themselves an administrator); \`1\` in production turns it on with a warning at start, without role choice`,
  },
});

export const REQUESTS = defineGroup({ title: 'Requests, images and caches' }, {
  MAX_JSON_BODY_BYTES: {
    kind: 'integer', default: MEBIBYTE, min: 1024, max: 100 * MEBIBYTE,
    description: 'largest JSON request body (1 MiB); larger: 413. Also the largest editing-channel message: a larger one closes its connection',
  },
  UPLOAD_MAX_BYTES: {
    kind: 'integer', default: 25 * MEBIBYTE, min: 1024, max: GIBIBYTE,
    description: 'largest uploaded image file (25 MB); larger: 413',
  },
  UPLOAD_MAX_PIXELS: {
    kind: 'integer', default: 100_000_000, min: 1, max: 1_000_000_000,
    description: 'largest uploaded image in pixels (100 megapixels); larger: 400, checked from the header before decoding',
  },
  IMAGE_CONCURRENCY: {
    kind: 'integer', default: 2, min: 1, max: 64,
    description: 'images decoded at once per process (uploads wait their turn; shoppers\' photos by turns between their owners), which bounds memory under simultaneous uploads',
  },
  PRINT_DPI: {
    kind: 'integer', default: 300, min: 72, max: 600,
    description: 'resolution of the images in print files, in dots per inch at print size; a photo is never enlarged past its own resolution (see [`api.md`, "Print files"](api.md#print-files))',
  },
  VIEWER_CACHE_BYTES: {
    kind: 'integer', default: 32 * MEBIBYTE, min: 0, max: 16 * GIBIBYTE,
    description: 'memory for the layout viewer\'s drawn page images, per process (32 MiB); `0`: none kept (see [`api.md`, "The layout viewer"](api.md#the-layout-viewer))',
  },
  VIEWER_RENDER_QUEUE: {
    kind: 'integer', default: 32, min: 0, max: 10_000,
    description: 'viewer page images that may wait for their turn to be drawn, per process; more: `503` with `Retry-After`',
  },
  VIEWER_RENDERS_PER_ADDRESS: {
    kind: 'integer', default: 16, min: 1, max: 10_000,
    description: 'viewer page images one client address may wait for at once (drawing or waiting), per process; more: `429` with `Retry-After`',
  },
  GALLERY_CACHE_BYTES: {
    kind: 'integer', default: 64 * MEBIBYTE, min: 0, max: 16 * GIBIBYTE,
    description: 'memory the gallery\'s cached answers may take per process (64 MiB); `0`: no cache',
  },
  GALLERY_MAX_STALENESS_MS: {
    kind: 'integer', default: 1000, min: 100, max: 60_000,
    description: 'a cached gallery page is never older than this: without word from the database for that long, answers come from the database',
  },
});

export const EDITING = defineGroup({ title: 'The editing channel' }, {
  SOCKET_EVENTS_PER_SECOND: {
    kind: 'integer', default: 200, min: 1, max: 100_000,
    description: 'editing-channel events (`join`, `message`; a plain WebSocket\'s requests) one connection may send per second, in bursts of as many; more: `rate_limited`',
  },
  USER_EVENTS_PER_SECOND: {
    kind: 'integer', default: 400, min: 1, max: 100_000,
    description: 'editing-channel events all of one user\'s connections may send together per second, per process, in bursts of as many; more: `rate_limited` (see ["Limits that keep growth bounded"](#limits-that-keep-growth-bounded))',
  },
  SOCKETS_PER_USER: {
    kind: 'integer', default: 20, min: 1, max: 10_000,
    description: 'editing connections (Socket.IO and plain WebSocket together) one user may hold open per process; more are refused with `rate_limited`',
  },
  SOCKET_OUTGOING_BUFFER_BYTES: {
    kind: 'integer', default: MEBIBYTE, min: 16 * 1024, max: GIBIBYTE,
    description: 'bytes an editing connection (either transport) may have waiting to be sent (1 MiB); a connection over it when more is to be sent is closed with `4408`: its client reads too slowly, or not at all',
  },
  WEBSOCKET_PING_INTERVAL_MS: {
    kind: 'integer', default: 25_000, min: 100, max: 600_000,
    description: 'the editing channel pings each WebSocket connection (plain, and Socket.IO\'s over WebSocket) this often with a random payload; one that has not echoed the previous ping is dropped',
  },
  EDITING_REPLAY_WINDOW_HOURS: {
    kind: 'integer', default: 24, min: 1, max: 720,
    description: 'an applied editing `transaction_id` is replayed (answered with its first ack, applied once) for at least this long, then purged by the 15-minute purge',
  },
  EDITING_LOCK_TIMEOUT_MS: {
    kind: 'integer', default: 2000, min: 10, max: 600_000,
    description: 'an editing message whose layout another transaction holds this long is answered `server_error` (nothing changed, send it again); other layouts do not wait for it',
  },
  EDITING_STATEMENT_TIMEOUT_MS: {
    kind: 'integer', default: 5000, min: 10, max: 600_000,
    description: 'the longest any statement of an editing transaction may run; past it, its messages are answered `server_error`',
  },
  EDITING_QUEUE_PER_LAYOUT: {
    kind: 'integer', default: 1000, min: 1, max: 1_000_000,
    description: 'editing messages one layout may have waiting for their transaction, per process; more are answered `rate_limited` at once',
  },
});

export const RECORDS = defineGroup({ title: 'Stored records per user' }, {
  LAYOUTS_PER_USER: {
    kind: 'integer', default: 1000, min: 1, max: 1_000_000,
    description: 'layouts outside the bin one user may own; creating one (a copy, a clone) or moving one out of the bin past it is `400`',
  },
  BIN_RETENTION_DAYS: {
    kind: 'integer', default: 30, min: 1, max: 3650,
    description: 'a layout left unchanged in the bin this many days, and in no order, is deleted for good by the 15-minute purge',
  },
  VISITOR_RETENTION_DAYS: {
    kind: 'integer', default: 30, min: 1, max: 3650,
    description: 'a visitor account (`POST /auth/autoreg/`) with no request for this many days is deleted, with its books and cart, by the 15-minute purge; never one whose book an order holds',
  },
  IDEMPOTENCY_KEYS_PER_USER: {
    kind: 'integer', default: 100, min: 1, max: 100_000,
    description: '`Idempotency-Key` records kept per user (each replays its first answer for 24 hours); a new key pushes out the user\'s oldest, which then no longer replays',
  },
});

export const PHOTOS = defineGroup({ title: 'Shoppers\' photos' }, {
  PHOTO_MAX_BYTES: {
    kind: 'integer', default: 50 * MEBIBYTE, min: 1024, max: GIBIBYTE,
    description: 'largest photo a shopper may upload (`POST /api/or/photo/`, 50 MiB); larger: `413`',
  },
  PHOTO_MAX_PIXELS: {
    kind: 'integer', default: 150_000_000, min: 1, max: 1_000_000_000,
    description: 'largest photo in pixels (150 megapixels: a medium-format camera\'s); larger: `400`, checked from the header before decoding',
  },
  PHOTOS_PER_USER: {
    kind: 'integer', default: 20_000, min: 1, max: 10_000_000,
    description: 'photos one account may have in its library (hidden ones not counted); an upload past it: `429` (see [`api.md`, "Shoppers\' photos"](api.md#shoppers-photos))',
  },
  PHOTO_BYTES_PER_USER: {
    kind: 'integer', default: 50 * GIBIBYTE, min: 1024, max: 1024 * GIBIBYTE,
    description: 'bytes of originals one account may have stored (hidden photos counted: their files are kept); an upload past it: `429`',
  },
  PHOTOS_PER_VISITOR: {
    kind: 'integer', default: 500, min: 1, max: 10_000_000,
    description: '`PHOTOS_PER_USER` for a visitor account (`POST /auth/autoreg/`), lower: nobody has vouched for it yet',
  },
  PHOTO_BYTES_PER_VISITOR: {
    kind: 'integer', default: 2 * GIBIBYTE, min: 1024, max: 1024 * GIBIBYTE,
    description: '`PHOTO_BYTES_PER_USER` for a visitor account',
  },
});

export const JOB_RETRY = defineGroup({
  title: 'Background jobs\' retries',
  intro: 'Each background job has its own retry policy (see ["Reactions"](#reactions-background-jobs)); one of these set replaces that part of every job\'s policy: for tests and drills, not production.',
  commented: true,
}, {
  JOB_RETRY_LIMIT: { kind: 'integer', min: 0, max: 100, description: 'how many times a failed job is retried' },
  JOB_RETRY_DELAY_SECONDS: { kind: 'integer', min: 1, max: 3600, description: 'the delay before the first retry, in seconds' },
  JOB_RETRY_BACKOFF: { kind: 'flag', description: '`1`: each further delay doubles; `0`: every retry waits the first delay' },
});

/** Every group, in the order of the reference and .env.example. */
export const CONFIG_GROUPS = [
  PROCESS, DATABASE, TOKENS, IDENTITY_PROVIDERS, REQUESTS, EDITING, RECORDS, PHOTOS, MEDIA, OBJECT_STORE, MAIL, JOB_RETRY, DELIVERY, PAYMENT,
  PRINT_PARTNER,
] as const;

/** Every variable by its name, for the parsers. */
export const VARIABLES = Object.freeze({
  ...PROCESS.variables, ...DATABASE.variables, ...TOKENS.variables, ...IDENTITY_PROVIDERS.variables, ...REQUESTS.variables,
  ...EDITING.variables, ...RECORDS.variables, ...PHOTOS.variables, ...MEDIA.variables, ...OBJECT_STORE.variables, ...MAIL.variables,
  ...JOB_RETRY.variables, ...DELIVERY.variables, ...PAYMENT.variables, ...PRINT_PARTNER.variables,
});
