// MEDIA_STORAGE, the S3_* settings and MEDIA_PUBLIC_URL: defaults, what S3 requires, and one clear line per bad value.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/config';

const S3 = {
  MEDIA_STORAGE: 's3', S3_BUCKET: 'photobook-media', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example',
};

describe('media storage configuration', () => {
  let dataDir: string;
  before(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'photobook-config-media-'));
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://shop.example', ...env });
  const errorOf = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      return (error as Error).message;
    }
    return undefined;
  };

  it('keeps media on the disk by default, served by this service under PUBLIC_BASE_URL/media', () => {
    expect(load({}).media).to.deep.equal({ publicBase: 'https://shop.example/media', storage: { kind: 'disk' } });
    expect(load({ MEDIA_PUBLIC_URL: 'https://cdn.example/shop/' }).media.publicBase).to.equal('https://cdn.example/shop');
  });

  it('reads the S3 settings, with region us-east-1, a 10 s timeout and path-style addressing when an endpoint is given', () => {
    expect(load(S3).media.storage).to.deep.equal({
      kind: 's3', endpoint: undefined, bucket: 'photobook-media', region: 'us-east-1', accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example', forcePathStyle: false, timeoutMs: 10_000,
    });
    const own = load({ ...S3, S3_ENDPOINT: 'http://minio:9000/', S3_REGION: 'ru-central1', S3_TIMEOUT_MS: '2500' }).media.storage;
    expect(own).to.include({ endpoint: 'http://minio:9000', region: 'ru-central1', forcePathStyle: true, timeoutMs: 2500 });
    expect(load({ ...S3, S3_ENDPOINT: 'https://storage.example', S3_FORCE_PATH_STYLE: 'false' }).media.storage).to.include({ forcePathStyle: false });
  });

  it('names every missing S3 setting at once', () => {
    expect(errorOf({ MEDIA_STORAGE: 's3' })).to.equal('S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are required when MEDIA_STORAGE=s3');
    expect(errorOf({ ...S3, S3_SECRET_ACCESS_KEY: '' })).to.equal('S3_SECRET_ACCESS_KEY is required when MEDIA_STORAGE=s3');
  });

  it('refuses bad values, naming the variable', () => {
    for (const [env, variable] of [
      [{ MEDIA_STORAGE: 'ftp' }, 'MEDIA_STORAGE'], [{ MEDIA_PUBLIC_URL: 'cdn.example' }, 'MEDIA_PUBLIC_URL'],
      [{ MEDIA_PUBLIC_URL: 'ftp://cdn.example' }, 'MEDIA_PUBLIC_URL'], [{ ...S3, S3_BUCKET: 'Photos_2026' }, 'S3_BUCKET'],
      [{ ...S3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'], [{ ...S3, S3_REGION: 'EU West' }, 'S3_REGION'],
      [{ ...S3, S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'], [{ ...S3, S3_TIMEOUT_MS: '5' }, 'S3_TIMEOUT_MS'],
    ] as const) {
      expect(errorOf(env), JSON.stringify(env)).to.match(new RegExp(`^${variable} `));
    }
  });
});
