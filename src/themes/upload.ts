// Multipart uploads streamed to a temporary file on disk (never held in memory), with multer's errors
// turned into the API's error bodies.
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import multer from '@koa/multer';
import type { Context, Next } from 'koa';
import { HttpError, validationError } from '../http/errors';

export interface UploadLimits {
  directory: string;
  maxBytes: number;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export function singleFileUpload(field: string, limits: UploadLimits) {
  mkdirSync(limits.directory, { recursive: true });
  const parse = multer({
    storage: multer.diskStorage({ destination: limits.directory, filename: (_req, _file, done) => done(null, randomUUID()) }),
    limits: { fileSize: limits.maxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
  }).single(field);

  return async function receiveUpload(ctx: Context, next: Next): Promise<void> {
    if (!ctx.is('multipart/form-data')) {
      throw new HttpError(415, { detail: `Unsupported media type "${ctx.get('Content-Type')}" in request.` });
    }
    try {
      // multer removes the partial file itself when the upload fails or the client goes away.
      await parse(ctx, async () => undefined);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, { detail: `File is larger than ${megabytes(limits.maxBytes)}.` });
      if (code === 'LIMIT_UNEXPECTED_FILE') throw validationError({ [field]: ['Send exactly one file, in this field.'] });
      if (code?.startsWith('LIMIT_')) throw new HttpError(400, { detail: (error as Error).message });
      throw new HttpError(400, { detail: 'Malformed multipart body.' });
    }
    await next();
  };
}
