// A server with a demo catalog and the job worker (uploads get processed), a browser, and a visitor's book opened in
// the editor the way the shop sends a shopper there: the token in localStorage.auth_token, the hash in the fragment.
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import request from 'supertest';
import { seedDemoCatalog } from '../../src/seed/demo';
import { type BrowserWorld, browserWorld } from '../helpers/browser';

export interface Book {
  id: string;
  hash: string;
  token: string;
}

export interface EditorBlock { id: string; type: string; x: number; y: number; width: number; height: number; content: Record<string, any> }
export interface EditorPage { id: string; num: number; type: string; template: { id: number; width: number; height: number }; blocks: EditorBlock[] }
export interface EditorLayout { id: string; version: number; status: string; num_pages: number; photo_ids: number[]; pages: EditorPage[] }

export interface EditorWorld extends BrowserWorld {
  products: number[];
  /** A new visitor (POST /auth/autoreg/, as the front end makes one) with a book made from the first product. */
  visitorBook(): Promise<Book>;
  /** A page of the editor on the book, in a new context (or the given one), once its page strip is drawn. */
  openEditor(book: Book, options?: { context?: BrowserContext; locale?: string }): Promise<Page>;
  read(book: Book): Promise<EditorLayout>;
}

/** Problems the page reported: script errors and Content-Security-Policy refusals. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** publicBaseUrl: where browsers reach the service when not directly (a proxy in front of it). */
export async function editorWorld(options: { publicBaseUrl?: string } = {}): Promise<EditorWorld> {
  const world = await browserWorld({
    worker: true, prepare: (runtime) => seedDemoCatalog(runtime, 1),
    env: (): Record<string, string> => (options.publicBaseUrl ? { PUBLIC_BASE_URL: options.publicBaseUrl } : {}),
  });
  const pageBase = options.publicBaseUrl ?? world.base;
  const { rows } = await world.runtime.db.sql.query<{ id: number }>('SELECT id FROM products ORDER BY id');
  const products = rows.map((row) => row.id);
  const client = request(world.base);
  return {
    ...world,
    products,
    async visitorBook() {
      const { body: { token } } = await client.post('/auth/autoreg/').expect(200);
      const made = await client.post(`/api/ua/product/${products[0]}/generate-layout/`).set('Authorization', `Bearer ${token}`).send({});
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      return { id: made.body.id, hash: made.body.hash, token };
    },
    async openEditor(book, options = {}) {
      const context = options.context ?? await world.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: options.locale ?? 'ru-RU' });
      await context.addInitScript(`localStorage.setItem('auth_token', ${JSON.stringify(book.token)})`);
      const page = await context.newPage();
      await page.goto(`${pageBase}/redaktor/#${book.hash}/`);
      await page.locator('.page-strip').waitFor();
      return page;
    },
    async read(book) {
      const response = await client.get(`/api/ua/layout/${book.id}/`).set('Authorization', `Bearer ${book.token}`);
      expect(response.status).to.equal(200);
      return response.body;
    },
  };
}

/**
 * A photo-like JPEG in one colour with a white square (centred at the fractions `at`), so its presence shows in
 * pixels; squares in different places make photos that are not near-duplicates of each other.
 */
export async function colourPhoto(width: number, height: number, colour: string, at = { x: 0.5, y: 0.5 }): Promise<Buffer> {
  const side = Math.round(Math.min(width, height) / 4);
  const mark = await sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: mark, left: Math.round(width * at.x - side / 2), top: Math.round(height * at.y - side / 2) }])
    .jpeg({ quality: 92 }).toBuffer();
}

/** The colour at a point of the page, as [r, g, b]. */
export async function pixelAt(page: Page, point: { x: number; y: number }): Promise<[number, number, number]> {
  const shot = await page.screenshot({ clip: { x: Math.round(point.x), y: Math.round(point.y), width: 1, height: 1 } });
  const { data } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  return [data[0], data[1], data[2]];
}

/** Where a block of the open spread is on the screen (its accessible overlay has the block's box). */
export async function blockBox(page: Page, blockId: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.locator(`[data-block-id="${blockId}"]`).boundingBox();
  if (!box) throw new Error(`block ${blockId} is not on the open spread`);
  return box;
}

export const centreOf = (box: { x: number; y: number; width: number; height: number }) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });

/** Waits until the check passes (the server's side of an edit lands after its ack reaches the page). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A photo of a 4 x 4 grid of grey cells whose shades follow `seed`: photos of different seeds are never near-duplicates. */
export async function patternPhoto(seed: number, width = 1400, height = 1000): Promise<Buffer> {
  const cellWidth = Math.ceil(width / 4);
  const cellHeight = Math.ceil(height / 4);
  let state = seed * 2654435761 % 4294967296;
  const cells = await Promise.all(Array.from({ length: 16 }, async (_, index) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    const shade = Math.floor((state / 2147483648) * 255);
    const input = await sharp({ create: { width: cellWidth, height: cellHeight, channels: 3, background: { r: shade, g: 255 - shade, b: (shade * 7) % 255 } } }).png().toBuffer();
    return { input, left: (index % 4) * cellWidth, top: Math.floor(index / 4) * cellHeight };
  }));
  return sharp({ create: { width: cellWidth * 4, height: cellHeight * 4, channels: 3, background: '#000' } }).composite(cells)
    .resize(width, height, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
}
