// Where media files are kept (the local disk or an S3-compatible object store) and where their URLs point.
import { ConfigError, type Env, flag, integer, oneOf, text, urlValue } from './values';
import { VARIABLES } from './variables';

const {
  MEDIA_STORAGE, MEDIA_PUBLIC_URL, S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION, S3_FORCE_PATH_STYLE,
  S3_TIMEOUT_MS,
} = VARIABLES;

export interface S3Config {
  /** Unset: AWS S3 of the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key rather than bucket.endpoint/key: what most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** The longest one storage call may take, its retries included (a stalled store is an error, not a hang). */
  timeoutMs: number;
}

export interface MediaConfig {
  /** Public media URLs are `<publicBase>/<key>`: MEDIA_PUBLIC_URL, else PUBLIC_BASE_URL/media (this service). */
  publicBase: string;
  storage: { kind: 'disk' } | ({ kind: 's3' } & S3Config);
}

// S3 bucket names: 3-63 lower-case letters, digits, dots and dashes, starting and ending with a letter or digit.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function s3Config(env: Env): S3Config {
  const missing = [S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY].map(({ name }) => name).filter((name) => !env[name]);
  if (missing.length > 0) throw new ConfigError(`${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required when MEDIA_STORAGE=s3`);
  const bucket = text(env, S3_BUCKET)!;
  if (!BUCKET.test(bucket)) throw new ConfigError(`S3_BUCKET must be an S3 bucket name (3-63 lower-case letters, digits, dots, dashes), got "${bucket}"`);
  const region = text(env, S3_REGION);
  if (!/^[a-z0-9-]{1,64}$/.test(region)) throw new ConfigError(`S3_REGION must be a region name such as us-east-1, got "${region}"`);
  const endpoint = urlValue(env, S3_ENDPOINT)?.replace(/\/+$/, '');
  return {
    endpoint,
    bucket,
    region,
    accessKeyId: text(env, S3_ACCESS_KEY_ID)!,
    secretAccessKey: text(env, S3_SECRET_ACCESS_KEY)!,
    // A server of your own (an endpoint) usually has no per-bucket host names; AWS itself prefers them.
    forcePathStyle: flag(env, S3_FORCE_PATH_STYLE, endpoint !== undefined),
    timeoutMs: integer(env, S3_TIMEOUT_MS),
  };
}

export function mediaConfig(env: Env, publicBaseUrl: string): MediaConfig {
  const kind = oneOf(env, MEDIA_STORAGE);
  const publicBase = urlValue(env, MEDIA_PUBLIC_URL)?.replace(/\/+$/, '') ?? `${publicBaseUrl}/media`;
  return { publicBase, storage: kind === 'disk' ? { kind } : { kind, ...s3Config(env) } };
}
