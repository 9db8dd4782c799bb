// A printer's view of a PDF through poppler's tools (pdfinfo, pdfimages, pdffonts, pdftotext, pdftoppm), as a
// prepress check would run them.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

async function withFile<T>(pdf: Buffer, use: (file: string, folder: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'photobook-poppler-'));
  try {
    const file = path.join(folder, 'book.pdf');
    writeFileSync(file, pdf);
    return await use(file, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** Each page's MediaBox, TrimBox and BleedBox in points (pdfinfo -box). */
export function pageBoxes(pdf: Buffer): Promise<{ media: Box; trim: Box; bleed: Box }[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', ['-box', '-f', '1', '-l', '9999', file]);
    const pages: Record<number, Record<string, Box>> = {};
    for (const match of stdout.matchAll(/^Page\s+(\d+)\s+(\w+)Box:\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)\s+([\d.-]+)/gm)) {
      const [, page, kind, left, bottom, right, top] = match;
      (pages[Number(page)] ??= {})[kind.toLowerCase()] = { left: Number(left), bottom: Number(bottom), right: Number(right), top: Number(top) };
    }
    return Object.keys(pages).map(Number).sort((a, b) => a - b)
      .map((page) => ({ media: pages[page].media, trim: pages[page].trim, bleed: pages[page].bleed }));
  });
}

export interface ListedImage {
  page: number;
  width: number;
  height: number;
  encoding: string;
  xPpi: number;
  yPpi: number;
  /** The image's object number: the same for every page that draws one embedded picture. */
  object: number;
}

/** Every image drawn, with its pixels and its resolution on the page (pdfimages -list). */
export function listImages(pdf: Buffer): Promise<ListedImage[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout.split('\n').slice(2).filter((line) => line.trim()).map((line) => {
      const cells = line.trim().split(/\s+/);
      return { page: Number(cells[0]), width: Number(cells[3]), height: Number(cells[4]), encoding: cells[8], xPpi: Number(cells[12]), yPpi: Number(cells[13]), object: Number(cells[10]) };
    });
  });
}

/** The fonts (pdffonts): name, whether embedded and subset. */
export function listFonts(pdf: Buffer): Promise<{ name: string; embedded: boolean; subset: boolean }[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('pdffonts', [file]);
    return stdout.split('\n').slice(2).filter((line) => line.trim()).map((line) => {
      const cells = line.trim().split(/\s+/);
      const [emb, sub] = cells.slice(-5, -3);
      return { name: cells[0], embedded: emb === 'yes', subset: sub === 'yes' };
    });
  });
}

export const pdfText = (pdf: Buffer, page: number) => withFile(pdf, async (file) =>
  (await run('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', file, '-'])).stdout);

/** A page drawn at that resolution (the whole media box), as raw RGB pixels. */
export function rasterisePage(pdf: Buffer, page: number, dpi: number): Promise<{ data: Buffer; width: number; height: number }> {
  return withFile(pdf, async (file, folder) => {
    await run('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-png', '-singlefile', file, path.join(folder, 'page')]);
    const { data, info } = await sharp(readFileSync(path.join(folder, 'page.png'))).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  });
}
