// The viewer's page images, drawn as few times as possible and never without bound: widths snap to a few sizes, an
// image drawn is kept in a byte-bounded memory cache under its ETag (which names everything the drawing depends on),
// one drawing serves every request waiting for it, the drawing queue has a bound overall and per client address, and
// a drawing whose clients have all gone leaves the queue before it starts.
import type { ViewerConfig } from '../../config';
import type { Metrics, ViewerDrawings } from '../../metrics/metrics';
import { quota, unavailable } from '../../shared/errors';
import { createLimiter, LimiterFullError } from '../../util/limiter';
import { SegmentedLru } from '../../util/segmented-lru';

/** The widths pages are drawn at: a width asked for is drawn at the next one up (the browser scales it down). */
export const PAGE_IMAGE_WIDTHS: readonly number[] = [160, 320, 480, 640, 800, 1000, 1280, 1600, 2000];

export const snapPageWidth = (width: number) => PAGE_IMAGE_WIDTHS.find((size) => size >= width) ?? PAGE_IMAGE_WIDTHS.at(-1)!;

/** Page images drawn at once by one process: drawing is CPU work, and a viewer asks for every page together. */
const DRAWING_CONCURRENCY = 2;

/** How long a refused client is told to wait: a drawing takes well under a second, so the queue has moved by then. */
export const PAGE_IMAGE_RETRY_AFTER_SECONDS = 2;

/**
 * No drawing for this request now: a full drawing queue is an outage to wait out (unavailable, 503), one address
 * asking for too much at once a quota (429); both say when to ask again.
 */
const refused = (reason: 'busy' | 'throttled') => (reason === 'busy'
  ? unavailable('Too many page images are waiting to be drawn.', { retryAfterSeconds: PAGE_IMAGE_RETRY_AFTER_SECONDS })
  : quota('Too many page images asked for at once from this address.', { retryAfterSeconds: PAGE_IMAGE_RETRY_AFTER_SECONDS }));

/** Who asks: the client address, and a signal that aborts when the client has gone. */
export interface PageImageClient {
  address: string;
  gone: AbortSignal;
}

interface Drawing {
  image: Promise<Buffer>;
  /** Requests still waiting for it; when the last one leaves before it started, it is withdrawn. */
  waiters: number;
  withdraw: AbortController;
}

/** What a cached image costs beyond its bytes: the key, the entry and the maps' bookkeeping (an estimate). */
const ENTRY_OVERHEAD_BYTES = 200;

export function createPageImages(limits: ViewerConfig, metrics: Pick<Metrics, 'viewerPageImages' | 'watchViewerDrawings'>) {
  const queue = createLimiter(DRAWING_CONCURRENCY, { maxWaiting: limits.renderQueue });
  const cache = new SegmentedLru<{ bytes: number; image: Buffer }>(limits.cacheBytes, () => undefined);
  const drawings = new Map<string, Drawing>();
  const waitingPerAddress = new Map<string, number>();
  metrics.watchViewerDrawings((): ViewerDrawings => ({ running: queue.running, waiting: queue.waiting }));
  const count = (outcome: 'drawn' | 'cached' | 'shared' | 'busy' | 'throttled' | 'abandoned') => metrics.viewerPageImages.inc({ outcome });

  function startDrawing(etag: string, draw: () => Promise<Buffer>): Drawing {
    const withdraw = new AbortController();
    const image = queue.run(async () => {
      const drawn = await draw();
      cache.set(etag, { bytes: drawn.length + ENTRY_OVERHEAD_BYTES, image: drawn });
      return drawn;
    }, { signal: withdraw.signal });
    const drawing: Drawing = { image, waiters: 0, withdraw };
    drawings.set(etag, drawing);
    image.then(() => drawings.delete(etag), () => drawings.delete(etag));
    return drawing;
  }

  /** Waits for the drawing; a client that goes stops counting as its waiter. */
  async function waitFor(drawing: Drawing, gone: AbortSignal): Promise<Buffer> {
    drawing.waiters += 1;
    const leave = () => {
      drawing.waiters -= 1;
      if (drawing.waiters === 0) drawing.withdraw.abort(gone.reason);
    };
    gone.addEventListener('abort', leave, { once: true });
    try {
      return await drawing.image;
    } finally {
      gone.removeEventListener('abort', leave);
    }
  }

  return {
    /**
     * The page image under this ETag: from the cache, from a drawing under way, or drawn when its turn comes. Throws
     * unavailable or quota past the bounds; rejects with the signal's reason when every client of a drawing that
     * had not started has gone.
     */
    async image(etag: string, draw: () => Promise<Buffer>, client: PageImageClient): Promise<Buffer> {
      const cached = cache.get(etag);
      if (cached) {
        count('cached');
        return cached.image;
      }
      if (client.gone.aborted) {
        count('abandoned');
        throw client.gone.reason;
      }
      const waiting = waitingPerAddress.get(client.address) ?? 0;
      if (waiting >= limits.rendersPerAddress) {
        count('throttled');
        throw refused('throttled');
      }
      waitingPerAddress.set(client.address, waiting + 1);
      const shared = drawings.get(etag);
      try {
        const image = await waitFor(shared ?? startDrawing(etag, draw), client.gone);
        count(shared ? 'shared' : 'drawn');
        return image;
      } catch (error) {
        if (error instanceof LimiterFullError) {
          count('busy');
          throw refused('busy');
        }
        if (client.gone.aborted) count('abandoned');
        throw error;
      } finally {
        const left = waitingPerAddress.get(client.address)! - 1;
        if (left === 0) waitingPerAddress.delete(client.address);
        else waitingPerAddress.set(client.address, left);
      }
    },
  };
}

export type PageImages = ReturnType<typeof createPageImages>;
