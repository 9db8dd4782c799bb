// Environment -> typed, frozen configuration. The only module that reads process.env.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareDataFolder } from './data-folder';
import type { DatabaseTimeouts } from './db/pg-timeouts';
import { corsOrigins, sandboxLoginConfig, type SandboxLoginConfig } from './config-access';
import { boundsConfig, type BoundsConfig, editingConfig, type EditingConfig, viewerConfig, type ViewerConfig } from './config-limits';
import { mediaConfig, type MediaConfig } from './config-media';
import { oauthConfig, type OAuthConfig } from './config-oauth';
import { ConfigError, endpoint, type Env, flag, integer, oneOf, required, tokenName, url } from './config-values';

export { isLoopbackHost, type SandboxLoginConfig } from './config-access';
export { ConfigError, type Env } from './config-values';
export type { BoundsConfig, EditingConfig, ViewerConfig } from './config-limits';
export type { MediaConfig, S3Config } from './config-media';
export type { OAuthClient, OAuthConfig } from './config-oauth';

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

function jobRetryOverride(env: Env): JobRetryConfig {
  const given = (name: string) => Boolean(env[name]);
  return {
    ...(given('JOB_RETRY_LIMIT') && { limit: integer(env, 'JOB_RETRY_LIMIT', 0, 0, 100) }),
    ...(given('JOB_RETRY_DELAY_SECONDS') && { delaySeconds: integer(env, 'JOB_RETRY_DELAY_SECONDS', 1, 1, 3600) }),
    ...(given('JOB_RETRY_BACKOFF') && { backoff: flag(env, 'JOB_RETRY_BACKOFF', true) }),
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

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  readonly env: 'production' | 'development' | 'test';
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  /** Deadlines of the connections to DATABASE_URL's server (no effect on embedded PGlite). */
  readonly databaseTimeouts: DatabaseTimeouts;
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
  readonly gallery: GalleryCacheConfig;
  readonly editing: EditingConfig;
  readonly viewer: ViewerConfig;
  readonly oauth: OAuthConfig;
  readonly sandboxLogin: SandboxLoginConfig;
  readonly mail: MailConfig;
  readonly jobRetry: JobRetryConfig;
  readonly delivery: DeliveryConfig;
  readonly payment: PaymentConfig;
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR, so tokens survive restarts
 * without anyone having to invent a secret for a local run.
 */
function jwtSecret(env: Env, production: boolean, dataDir: string): string {
  const given = env.JWT_SECRET;
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
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
  const notifyEmails = (env.NOTIFY_EMAILS ?? '').split(',').map((address) => address.trim()).filter(Boolean);
  const invalid = notifyEmails.find((address) => !EMAIL.test(address));
  if (invalid) throw new ConfigError(`NOTIFY_EMAILS must be e-mail addresses separated by commas, got "${invalid}"`);
  const from = env.MAIL_FROM || 'photobook@localhost';
  if (!EMAIL.test(from)) throw new ConfigError(`MAIL_FROM must be an e-mail address, got "${from}"`);
  return { smtpUrl: env.SMTP_URL ? url('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']) : undefined, from, notifyEmails };
}

/**
 * The sandbox is the default everywhere but in production, where a provider must be named (the sandbox too,
 * if that is really wanted): a shop must never take orders through a pretend aggregator by accident.
 */
function providerName<Name extends string>(env: Env, variable: string, names: readonly Name[], production: boolean): Name {
  const raw = env[variable];
  if (!raw) {
    if (production) throw new ConfigError(`${variable} is required when NODE_ENV=production (${names.join(' or ')})`);
    return 'sandbox' as Name;
  }
  if (!names.includes(raw as Name)) throw new ConfigError(`${variable} must be ${names.join(' or ')}, got "${raw}"`);
  return raw as Name;
}

function deliveryConfig(env: Env, production: boolean): DeliveryConfig {
  if (providerName(env, 'DELIVERY_PROVIDER', ['sandbox', 'ddelivery'], production) === 'sandbox') return { provider: 'sandbox' };
  return {
    provider: 'ddelivery',
    url: endpoint(env, 'DDELIVERY_URL', 'https://ddelivery.ru/api/v1').replace(/\/+$/, ''),
    apiKey: required(env, 'DDELIVERY_API_KEY', 'when DELIVERY_PROVIDER=ddelivery'),
    timeoutMs: integer(env, 'DDELIVERY_TIMEOUT_MS', 5000, 100, 60_000),
  };
}

function paymentConfig(env: Env, production: boolean, frontendUrl: string): PaymentConfig {
  const returnUrl = url('PAYMENT_RETURN_URL', env.PAYMENT_RETURN_URL || `${frontendUrl}/`, ['http:', 'https:']);
  if (providerName(env, 'PAYMENT_PROVIDER', ['sandbox', 'yookassa'], production) === 'sandbox') return { provider: 'sandbox', returnUrl };
  return {
    provider: 'yookassa',
    returnUrl,
    url: endpoint(env, 'YOOKASSA_URL', 'https://api.yookassa.ru/v3').replace(/\/+$/, ''),
    shopId: required(env, 'YOOKASSA_SHOP_ID', 'when PAYMENT_PROVIDER=yookassa'),
    secretKey: required(env, 'YOOKASSA_SECRET_KEY', 'when PAYMENT_PROVIDER=yookassa'),
    timeoutMs: integer(env, 'YOOKASSA_TIMEOUT_MS', 10_000, 100, 60_000),
  };
}

/** The process's environment, with a command's own defaults (the demo's) for the variables it leaves unset or empty. */
export function environmentWith(defaults: Env = {}, env: Env = process.env): Env {
  const filled = { ...env };
  for (const [name, value] of Object.entries(defaults)) if (!filled[name]) filled[name] = value;
  return filled;
}

/** Where a serving command listens: read alone, so the port can be checked before loadConfig writes anything. */
export function listenAddress(env: Env = process.env): { host: string; port: number } {
  return { host: env.HOST || '0.0.0.0', port: integer(env, 'PORT', 8000, 0, 65535) };
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (!['production', 'development', 'test'].includes(nodeEnv)) {
    throw new ConfigError(`NODE_ENV must be production, development or test, got "${nodeEnv}"`);
  }
  const production = nodeEnv === 'production';
  const { host, port } = listenAddress(env);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const logLevel = (env.LOG_LEVEL || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const databaseUrl = env.DATABASE_URL ? url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']) : undefined;
  const publicBaseUrl = url('PUBLIC_BASE_URL', env.PUBLIC_BASE_URL || `http://localhost:${port}`, ['http:', 'https:'])
    .replace(/\/+$/, '');
  const frontendUrl = url('FRONTEND_URL', env.FRONTEND_URL || publicBaseUrl, ['http:', 'https:']).replace(/\/+$/, '');

  return Object.freeze({
    env: nodeEnv as Config['env'],
    port,
    host,
    databaseUrl,
    databaseTimeouts: {
      connectMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000, 100, 600_000),
      statementMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 10_000, 0, 3_600_000),
    },
    dataDir,
    publicBaseUrl,
    jwtSecret: jwtSecret(env, production, dataDir),
    jwtLifetimeSeconds: integer(env, 'JWT_LIFETIME_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    jwtIssuer: tokenName(env, 'JWT_ISSUER', 'photobook'),
    jwtAudience: tokenName(env, 'JWT_AUDIENCE', 'photobook'),
    visitorTokenLifetimeSeconds: integer(env, 'VISITOR_TOKEN_LIFETIME_SECONDS', 30 * 24 * 3600, 60, 365 * 24 * 3600),
    logLevel,
    logFormat: oneOf(env, 'LOG_FORMAT', ['auto', 'json', 'pretty'] as const, 'auto'),
    runWorker: flag(env, 'WORKER', true),
    maxJsonBodyBytes: integer(env, 'MAX_JSON_BODY_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 60_000),
    uploadMaxBytes: integer(env, 'UPLOAD_MAX_BYTES', 25 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    uploadMaxPixels: integer(env, 'UPLOAD_MAX_PIXELS', 100_000_000, 1, 1_000_000_000),
    imageConcurrency: integer(env, 'IMAGE_CONCURRENCY', 2, 1, 64),
    printDpi: integer(env, 'PRINT_DPI', 300, 72, 600),
    frontendUrl,
    loginRateLimitPerMinute: integer(env, 'LOGIN_RATE_LIMIT_PER_MINUTE', 30, 1, 100_000),
    paymentWebhookRateLimitPerMinute: integer(env, 'PAYMENT_WEBHOOK_RATE_LIMIT_PER_MINUTE', 120, 1, 100_000),
    socketEventsPerSecond: integer(env, 'SOCKET_EVENTS_PER_SECOND', 200, 1, 100_000),
    websocketPingIntervalMs: integer(env, 'WEBSOCKET_PING_INTERVAL_MS', 25_000, 100, 600_000),
    trustProxy: integer(env, 'TRUST_PROXY', 0, 0, 10) > 0,
    trustProxyHops: integer(env, 'TRUST_PROXY', 0, 0, 10),
    metricsToken: env.METRICS_TOKEN || undefined,
    corsOrigins: corsOrigins(env),
    media: mediaConfig(env, publicBaseUrl),
    bounds: boundsConfig(env),
    editing: editingConfig(env),
    viewer: viewerConfig(env),
    gallery: {
      cacheBytes: integer(env, 'GALLERY_CACHE_BYTES', 64 * 1024 * 1024, 0, 16 * 1024 * 1024 * 1024),
      maxStalenessMs: integer(env, 'GALLERY_MAX_STALENESS_MS', 1000, 100, 60_000),
    },
    oauth: oauthConfig(env),
    sandboxLogin: sandboxLoginConfig(env, production, host),
    mail: mailConfig(env),
    jobRetry: jobRetryOverride(env),
    delivery: deliveryConfig(env, production),
    payment: paymentConfig(env, production, frontendUrl),
  });
}
