// The service's Prometheus metrics: one Registry per runtime (tests open many runtimes in one process), handed to
// whatever records. Gauges of things owned elsewhere (the pool, the gallery cache) are read when scraped.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolCounts } from '../db/database';

/** What the viewer's drawing queue holds right now. */
export interface ViewerDrawings {
  running: number;
  waiting: number;
}

/** A gauge of something owned elsewhere: the sum of what its readers report, read on every scrape. */
function summedGauge(register: Registry, name: string, help: string): (read: () => number) => void {
  const readers = new Set<() => number>();
  new Gauge({
    name, help, registers: [register],
    collect() {
      this.set([...readers].reduce((sum, read) => sum + read(), 0));
    },
  });
  return (read) => readers.add(read);
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_SECONDS = [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export function createMetrics(poolCounts?: () => PoolCounts) {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const viewerDrawings = new Set<() => ViewerDrawings>();

  const metrics = {
    register,
    httpRequests: new Counter({
      name: 'photobook_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const, registers: [register],
    }),
    httpSeconds: new Histogram({
      name: 'photobook_http_request_duration_seconds', help: 'Time to answer an HTTP request, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const, buckets: SECONDS, registers: [register],
    }),
    editingAcks: new Counter({
      name: 'photobook_editing_acks_total', help: 'Editing-channel requests answered (both transports), by outcome: ok or the error code.',
      labelNames: ['outcome'] as const, registers: [register],
    }),
    editingAckSeconds: new Histogram({
      name: 'photobook_editing_ack_duration_seconds', help: 'Time from an editing-channel request to its answer, by outcome.',
      labelNames: ['outcome'] as const, buckets: SECONDS, registers: [register],
    }),
    editingConnections: new Gauge({
      name: 'photobook_editing_connections', help: 'Editing-channel connections open in this process (Socket.IO and plain WebSocket).',
      registers: [register],
    }),
    editingDrops: new Counter({
      name: 'photobook_editing_connections_dropped_total',
      help: 'Editing-channel connections the service dropped, by reason: slow_reader (outgoing buffer over its bound) or unanswered_ping.',
      labelNames: ['reason'] as const, registers: [register],
    }),
    /** The editing channel's transports report the bytes waiting to be sent on their connections through this. */
    watchEditingOutgoingBytes: summedGauge(register, 'photobook_editing_outgoing_bytes',
      'Bytes waiting to be sent on the editing channel\'s connections (both transports), in this process.'),
    jobs: new Counter({
      name: 'photobook_jobs_total', help: 'Background jobs handled in this process, by job name and outcome (done or failed).',
      labelNames: ['job', 'outcome'] as const, registers: [register],
    }),
    jobSeconds: new Histogram({
      name: 'photobook_job_duration_seconds', help: 'Time a background job took, by job name and outcome.',
      labelNames: ['job', 'outcome'] as const, buckets: JOB_SECONDS, registers: [register],
    }),
    galleryCache: new Counter({
      name: 'photobook_gallery_cache_requests_total', help: 'Gallery answers by where they came from (the X-Cache header: HIT, MISS, BYPASS).',
      labelNames: ['result'] as const, registers: [register],
    }),
    viewerPageImages: new Counter({
      name: 'photobook_viewer_page_images_total',
      help: 'Viewer page images asked for (ETag revalidations aside), by outcome: drawn, cached, shared, busy, throttled or abandoned.',
      labelNames: ['outcome'] as const, registers: [register],
    }),
    /** The gallery's caches report their size through this. */
    watchGalleryCacheBytes: summedGauge(register, 'photobook_gallery_cache_bytes', 'Estimated memory the gallery cache holds, in bytes.'),
    /** The viewer's drawing queues report their length through this; read on every scrape. */
    watchViewerDrawings(read: () => ViewerDrawings): void {
      viewerDrawings.add(read);
    },
  };

  new Gauge({
    name: 'photobook_viewer_page_drawings', help: 'Viewer page images being drawn (running) and waiting for their turn (waiting).',
    labelNames: ['state'] as const, registers: [register],
    collect() {
      for (const state of ['running', 'waiting'] as const) this.set({ state }, [...viewerDrawings].reduce((sum, read) => sum + read()[state], 0));
    },
  });
  if (poolCounts) {
    const poolGauge = (name: string, help: string, read: (counts: PoolCounts) => number) => new Gauge({
      name, help, registers: [register],
      collect() {
        this.set(read(poolCounts()));
      },
    });
    poolGauge('photobook_db_pool_connections', 'Connections the database pool holds.', (counts) => counts.total);
    poolGauge('photobook_db_pool_idle_connections', 'Connections of the database pool not in use.', (counts) => counts.idle);
    poolGauge('photobook_db_pool_waiting_requests', 'Queries waiting for a connection of the database pool.', (counts) => counts.waiting);
    // The process's connection budget (docs/operations.md, "Sizing"): the pool's size plus the one listening connection.
    poolGauge('photobook_db_connection_budget', 'Connections this process may open to the database: its pool size + 1 (LISTEN).', (counts) => counts.max + 1);
    poolGauge('photobook_db_listen_connections', 'The listening connection (all channels): 1 while open.', (counts) => counts.listening);
    poolGauge('photobook_db_connections', 'Connections this process holds to the database now: the pool\'s and the listening one.', (counts) => counts.total + counts.listening);
  }
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds elapsed since a process.hrtime.bigint() reading. */
export const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;
