// Multipart uploads streamed to a temporary file on disk (never held in memory), with multer's errors
// turned into the API's error bodies: an HTTP transport piece, so it may answer 413 and 415 itself.
import { mkdirSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import multer from '@koa/multer';
import type { Context, Next } from 'koa';
import { HttpError, validationError } from './errors';
import { ServiceError } from '../shared/errors';
import { isRunning } from '../util/process-running';

export interface UploadLimits {
  directory: string;
  maxBytes: number;
}

/** Where uploads wait while their request lasts. */
export const uploadsFolder = (dataDir: string) => path.join(dataDir, 'uploads');

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

// An upload's file is named `<pid>-<uuid>` after the process that receives it: DATA_DIR may be shared (a `serve` and a
// `worker` on one machine), so a process sweeping the folder at start removes only what processes that are gone left.
const OWNER = /^(\d+)-/;

export function singleFileUpload(field: string, limits: UploadLimits) {
  mkdirSync(limits.directory, { recursive: true });
  const parse = multer({
    storage: multer.diskStorage({ destination: limits.directory, filename: (_req, _file, done) => done(null, `${process.pid}-${randomUUID()}`) }),
    limits: { fileSize: limits.maxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 25 },
  }).single(field);

  return async function receiveUpload(ctx: Context, next: Next): Promise<void> {
    if (!ctx.is('multipart/form-data')) {
      throw new HttpError(415, { detail: `Unsupported media type "${ctx.get('Content-Type')}" in request.` });
    }
    try {
      // multer removes the partial file itself when the upload fails (a full disk too) or the client goes away; a
      // process that dies mid-upload leaves it, for the sweep at the next start.
      await parse(ctx, async () => undefined);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, { detail: `File is larger than ${megabytes(limits.maxBytes)}.` });
      if (code === 'LIMIT_UNEXPECTED_FILE') throw validationError({ [field]: ['Send exactly one file, in this field.'] });
      if (code?.startsWith('LIMIT_')) throw new ServiceError('invalid', (error as Error).message);
      // The file could not be written (a full disk, say): the service's fault, not the body's.
      if ((error as NodeJS.ErrnoException).syscall !== undefined) throw error;
      throw new ServiceError('invalid', 'Malformed multipart body.');
    }
    await next();
  };
}

/** The path of the file singleFileUpload received, if one was sent. */
export function uploadedFile(ctx: Context): string | undefined {
  // multer sets ctx.file, which Koa's Context does not declare.
  const file: { path: string } | undefined = ctx.file;
  return file?.path;
}

/**
 * Removes the uploads that processes no longer running left in the folder (killed mid-upload), those of an earlier
 * process with this one's pid (a container's restart) and those named before names had a pid. The number removed.
 */
export async function removeLeftUploads(dataDir: string): Promise<number> {
  const folder = uploadsFolder(dataDir);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const left = names.filter((name) => {
    const owner = Number(OWNER.exec(name)?.[1] ?? 0);
    return owner === 0 || owner === process.pid || !isRunning(owner);
  });
  await Promise.all(left.map((name) => rm(path.join(folder, name), { recursive: true, force: true })));
  return left.length;
}
