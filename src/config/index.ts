// Environment -> typed, frozen configuration. The only module that reads process.env.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareDataFolder } from '../data-folder';
import type { DatabaseTimeouts } from '../db/pg-timeouts';
import { databaseConnectionsConfig, type DatabaseConnectionsConfig } from './database';
import { corsOrigins, sandboxLoginConfig, type SandboxLoginConfig } from './access';
import { boundsConfig, type BoundsConfig, editingConfig, type EditingConfig, viewerConfig, type ViewerConfig } from './limits';
import { photosConfig, type PhotosConfig } from './photos';
import { printPartnerConfig, type PrintPartnerConfig } from './print-partner';
import { mediaConfig, type MediaConfig } from './media';
import { oauthConfig, type OAuthConfig } from './oauth';
import { ConfigError, type Env, flag, inWords, integer, isChoice, oneOf, required, text, tokenName, urlValue } from './values';
import { VARIABLES } from './variables';

export { isLoopbackHost, type SandboxLoginConfig } from './access';
export { ConfigError, type Env } from './values';
export type { BoundsConfig, EditingConfig, ViewerConfig } from './limits';
export type { MediaConfig, S3Config } from './media';
export type { OAuthClient, OAuthConfig } from './oauth';
export type { LuluConfig, PrintPartnerConfig, PrintPartnerName } from './print-partner';

export interface MailConfig {
  /** smtp:// or smtps:// URL; undefined: messages are written as .eml files to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  from: string;
  /** Who is told when a theme is created. */
  notifyEmails: string[];
}

/**
 * Parts of every job's retry policy replaced by JOB_RETRY_* (each job has its own; see jobs/): only what is set.
 * limit retries, the first after delaySeconds, doubling when backoff is on.
 */
export interface JobRetryConfig {
  limit?: number;
  delaySeconds?: number;
  backoff?: boolean;
}

const {
  NODE_ENV, PORT, HOST, DATA_DIR, PUBLIC_BASE_URL, FRONTEND_URL, WORKER, SHUTDOWN_TIMEOUT_MS, LOG_LEVEL, LOG_FORMAT, TRUST_PROXY,
  METRICS_TOKEN, DATABASE_URL, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS, JWT_SECRET, JWT_LIFETIME_SECONDS,
  JWT_ISSUER, JWT_AUDIENCE, VISITOR_TOKEN_LIFETIME_SECONDS, LOGIN_RATE_LIMIT_PER_MINUTE, MAX_JSON_BODY_BYTES, UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS, IMAGE_CONCURRENCY, PRINT_DPI, GALLERY_CACHE_BYTES, GALLERY_MAX_STALENESS_MS, SOCKET_EVENTS_PER_SECOND,
  WEBSOCKET_PING_INTERVAL_MS, SMTP_URL, MAIL_FROM, NOTIFY_EMAILS, JOB_RETRY_LIMIT, JOB_RETRY_DELAY_SECONDS, JOB_RETRY_BACKOFF,
  DELIVERY_PROVIDER, DDELIVERY_URL, DDELIVERY_API_KEY, DDELIVERY_TIMEOUT_MS, PAYMENT_PROVIDER, PAYMENT_RETURN_URL,
  PAYMENT_WEBHOOK_RATE_LIMIT_PER_MINUTE, YOOKASSA_URL, YOOKASSA_SHOP_ID, YOOKASSA_SECRET_KEY, YOOKASSA_TIMEOUT_MS,
} = VARIABLES;

function jobRetryOverride(env: Env): JobRetryConfig {
  const limit = integer(env, JOB_RETRY_LIMIT);
  const delaySeconds = integer(env, JOB_RETRY_DELAY_SECONDS);
  const backoff = flag(env, JOB_RETRY_BACKOFF);
  return {
    ...(limit !== undefined && { limit }),
    ...(delaySeconds !== undefined && { delaySeconds }),
    ...(backoff !== undefined && { backoff }),
  };
}
export type DeliveryConfig =
  | { provider: 'sandbox' }
  | { provider: 'ddelivery'; url: string; apiKey: string; timeoutMs: number };
export type PaymentConfig = { returnUrl: string } & (
  | { provider: 'sandbox' }
  | { provider: 'yookassa'; url: string; shopId: string; secretKey: string; timeoutMs: number });

export interface GalleryCacheConfig {
  /** The most memory the gallery's cached responses may take (bodies, keys and bookkeeping). */
  cacheBytes: number;
  /** A cached page is never older than this: past it without word from the database, the cache is not used. */
  maxStalenessMs: number;
}

export type LogLevel = (typeof VARIABLES.LOG_LEVEL.choices)[number];

export interface Config {
  readonly env: 'production' | 'development' | 'test';
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  /** Deadlines of the connections to DATABASE_URL's server (no effect on embedded PGlite). */
  readonly databaseTimeouts: DatabaseTimeouts;
  /** Pool sizes by role, a pooler in front, the direct URL for LISTEN (database.ts). */
  readonly databaseConnections: DatabaseConnectionsConfig;
  readonly dataDir: string;
  readonly publicBaseUrl: string;
  readonly jwtSecret: string;
  readonly jwtLifetimeSeconds: number;
  /** iss and aud of every token: one name for the whole deployment, so any of its processes accepts the others'. */
  readonly jwtIssuer: string;
  readonly jwtAudience: string;
  /** The exp of a visitor's token (POST /auth/autoreg/), for the front end to renew it by. */
  readonly visitorTokenLifetimeSeconds: number;
  readonly logLevel: LogLevel;
  /** auto: readable lines when standard output is a terminal, JSON lines otherwise. */
  readonly logFormat: 'auto' | 'json' | 'pretty';
  readonly runWorker: boolean;
  readonly maxJsonBodyBytes: number;
  readonly shutdownTimeoutMs: number;
  readonly uploadMaxBytes: number;
  readonly uploadMaxPixels: number;
  readonly imageConcurrency: number;
  /** Resolution of the images in print files (dots per inch at print size). */
  readonly printDpi: number;
  /** Where the login ends (FRONTEND_URL/oauth/success/?set_token=...): configuration only, never the request. */
  readonly frontendUrl: string;
  readonly loginRateLimitPerMinute: number;
  /** Payment notifications per source address per minute (per process); more: 429, which the provider retries. */
  readonly paymentWebhookRateLimitPerMinute: number;
  /** Editing-channel events one socket may send per second (a burst of as many is allowed); more: rate_limited. */
  readonly socketEventsPerSecond: number;
  /** The plain WebSocket pings every connection this often; one that has not answered the last ping is dropped. */
  readonly websocketPingIntervalMs: number;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  readonly trustProxy: boolean;
  /** How many proxies of our own append to X-Forwarded-For: only that many right-most entries are believed. */
  readonly trustProxyHops: number;
  /** Bearer token of GET /metrics/; in production the route exists only when it is set. */
  readonly metricsToken: string | undefined;
  /** Origins whose pages may call the API from a browser (CORS); empty: none. */
  readonly corsOrigins: readonly string[];
  readonly media: MediaConfig;
  readonly bounds: BoundsConfig;
  /** Shoppers' photos: upload limits and quotas. */
  readonly photos: PhotosConfig;
  readonly gallery: GalleryCacheConfig;
  readonly editing: EditingConfig;
  readonly viewer: ViewerConfig;
  readonly oauth: OAuthConfig;
  readonly sandboxLogin: SandboxLoginConfig;
  readonly mail: MailConfig;
  readonly jobRetry: JobRetryConfig;
  readonly delivery: DeliveryConfig;
  readonly payment: PaymentConfig;
  /** Issue 53: the hold after payment and the print partners (src/config/print-partner.ts). */
  readonly printPartner: PrintPartnerConfig;
}

/**
 * Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR, so tokens survive restarts
 * without anyone having to invent a secret for a local run.
 */
function jwtSecret(env: Env, production: boolean, dataDir: string): string {
  const given = text(env, JWT_SECRET);
  if (given) {
    if (given.length < JWT_SECRET.minLength) throw new ConfigError(`JWT_SECRET must be at least ${JWT_SECRET.minLength} characters`);
    return given;
  }
  if (production) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  prepareDataFolder(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

const EMAIL = /^[^@\s,]+@[^@\s,]+$/;

function mailConfig(env: Env): MailConfig {
  const notifyEmails = text(env, NOTIFY_EMAILS).split(',').map((address) => address.trim()).filter(Boolean);
  const invalid = notifyEmails.find((address) => !EMAIL.test(address));
  if (invalid) throw new ConfigError(`NOTIFY_EMAILS must be e-mail addresses separated by commas, got "${invalid}"`);
  const from = text(env, MAIL_FROM);
  if (!EMAIL.test(from)) throw new ConfigError(`MAIL_FROM must be an e-mail address, got "${from}"`);
  return { smtpUrl: urlValue(env, SMTP_URL), from, notifyEmails };
}

/**
 * The sandbox is the default everywhere but in production, where a provider must be named (the sandbox too,
 * if that is really wanted): a shop must never take orders through a pretend aggregator by accident.
 */
function providerName<const Names extends readonly string[]>(
  env: Env, { name, choices, default: sandbox }: { name: string; choices: Names; default: Names[number] }, production: boolean,
): Names[number] {
  const raw = env[name];
  if (!raw) {
    if (production) throw new ConfigError(`${name} is required when NODE_ENV=production (${choices.join(' or ')})`);
    return sandbox;
  }
  if (!isChoice(choices, raw)) throw new ConfigError(`${name} must be ${choices.join(' or ')}, got "${raw}"`);
  return raw;
}

function deliveryConfig(env: Env, production: boolean): DeliveryConfig {
  if (providerName(env, DELIVERY_PROVIDER, production) === 'sandbox') return { provider: 'sandbox' };
  return {
    provider: 'ddelivery',
    url: urlValue(env, DDELIVERY_URL).replace(/\/+$/, ''),
    apiKey: required(env, DDELIVERY_API_KEY, 'when DELIVERY_PROVIDER=ddelivery'),
    timeoutMs: integer(env, DDELIVERY_TIMEOUT_MS),
  };
}

function paymentConfig(env: Env, production: boolean, frontendUrl: string): PaymentConfig {
  const returnUrl = urlValue(env, PAYMENT_RETURN_URL, `${frontendUrl}/`);
  if (providerName(env, PAYMENT_PROVIDER, production) === 'sandbox') return { provider: 'sandbox', returnUrl };
  return {
    provider: 'yookassa',
    returnUrl,
    url: urlValue(env, YOOKASSA_URL).replace(/\/+$/, ''),
    shopId: required(env, YOOKASSA_SHOP_ID, 'when PAYMENT_PROVIDER=yookassa'),
    secretKey: required(env, YOOKASSA_SECRET_KEY, 'when PAYMENT_PROVIDER=yookassa'),
    timeoutMs: integer(env, YOOKASSA_TIMEOUT_MS),
  };
}

/** The process's own environment: what the command line hands to runCommand (tests hand their own). */
export const processEnvironment = (): Env => process.env;

/** The process's environment, with a command's own defaults (the demo's) for the variables it leaves unset or empty. */
export function environmentWith(defaults: Env = {}, env: Env = process.env): Env {
  const filled = { ...env };
  for (const [name, value] of Object.entries(defaults)) if (!filled[name]) filled[name] = value;
  return filled;
}

/** Where a serving command listens: read alone, so the port can be checked before loadConfig writes anything. */
export function listenAddress(env: Env = process.env): { host: string; port: number } {
  return { host: text(env, HOST), port: integer(env, PORT) };
}

export function loadConfig(env: Env = process.env): Config {
  // Unlike the others, an empty NODE_ENV is an error rather than the default.
  const nodeEnv = env[NODE_ENV.name] ?? NODE_ENV.default;
  if (!isChoice(NODE_ENV.choices, nodeEnv)) throw new ConfigError(`NODE_ENV must be ${inWords(NODE_ENV.choices)}, got "${nodeEnv}"`);
  const production = nodeEnv === 'production';
  const { host, port } = listenAddress(env);
  const dataDir = path.resolve(text(env, DATA_DIR));
  const logLevel = oneOf(env, LOG_LEVEL);
  const databaseUrl = urlValue(env, DATABASE_URL);
  const publicBaseUrl = urlValue(env, PUBLIC_BASE_URL, `http://localhost:${port}`).replace(/\/+$/, '');
  const frontendUrl = urlValue(env, FRONTEND_URL, publicBaseUrl).replace(/\/+$/, '');
  const secret = jwtSecret(env, production, dataDir);

  return Object.freeze({
    env: nodeEnv,
    port,
    host,
    databaseUrl,
    databaseTimeouts: {
      connectMs: integer(env, DATABASE_CONNECT_TIMEOUT_MS),
      statementMs: integer(env, DATABASE_STATEMENT_TIMEOUT_MS),
    },
    databaseConnections: databaseConnectionsConfig(env, databaseUrl),
    dataDir,
    publicBaseUrl,
    jwtSecret: secret,
    jwtLifetimeSeconds: integer(env, JWT_LIFETIME_SECONDS),
    jwtIssuer: tokenName(env, JWT_ISSUER),
    jwtAudience: tokenName(env, JWT_AUDIENCE),
    visitorTokenLifetimeSeconds: integer(env, VISITOR_TOKEN_LIFETIME_SECONDS),
    logLevel,
    logFormat: oneOf(env, LOG_FORMAT),
    runWorker: flag(env, WORKER),
    maxJsonBodyBytes: integer(env, MAX_JSON_BODY_BYTES),
    shutdownTimeoutMs: integer(env, SHUTDOWN_TIMEOUT_MS),
    uploadMaxBytes: integer(env, UPLOAD_MAX_BYTES),
    uploadMaxPixels: integer(env, UPLOAD_MAX_PIXELS),
    imageConcurrency: integer(env, IMAGE_CONCURRENCY),
    printDpi: integer(env, PRINT_DPI),
    frontendUrl,
    loginRateLimitPerMinute: integer(env, LOGIN_RATE_LIMIT_PER_MINUTE),
    paymentWebhookRateLimitPerMinute: integer(env, PAYMENT_WEBHOOK_RATE_LIMIT_PER_MINUTE),
    socketEventsPerSecond: integer(env, SOCKET_EVENTS_PER_SECOND),
    websocketPingIntervalMs: integer(env, WEBSOCKET_PING_INTERVAL_MS),
    trustProxy: integer(env, TRUST_PROXY) > 0,
    trustProxyHops: integer(env, TRUST_PROXY),
    metricsToken: text(env, METRICS_TOKEN),
    corsOrigins: corsOrigins(env),
    media: mediaConfig(env, publicBaseUrl),
    bounds: boundsConfig(env),
    photos: photosConfig(env),
    editing: editingConfig(env),
    viewer: viewerConfig(env),
    gallery: {
      cacheBytes: integer(env, GALLERY_CACHE_BYTES),
      maxStalenessMs: integer(env, GALLERY_MAX_STALENESS_MS),
    },
    oauth: oauthConfig(env),
    sandboxLogin: sandboxLoginConfig(env, production, host),
    mail: mailConfig(env),
    jobRetry: jobRetryOverride(env),
    delivery: deliveryConfig(env, production),
    payment: paymentConfig(env, production, frontendUrl),
    printPartner: printPartnerConfig(env, production, secret),
  });
}
