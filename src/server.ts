// Serves HTTP, Socket.IO and the plain WebSocket on one port, optionally with the job worker, and shuts all of it
// down gracefully.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import { buildApp } from './app';
import type { DemoShopper } from './home/routes';
import { configuredProviderNames } from './auth/routes';
import { clientErrorHandler } from './http/client-error';
import type { RouteModule } from './http/route-module';
import { createValidator } from './http/validation';
import { createEditingChannel } from './realtime/editing-channel';
import { jsonPacketParser } from './realtime/json-packets';
import { attachSocketIoTransport } from './realtime/layout-channel';
import { createLiveness } from './realtime/liveness';
import { createOutgoingBuffers } from './realtime/outgoing-buffer';
import { attachPhotoChannel, PHOTO_CHANNEL_PATH } from './realtime/photo-channel';
import { attachPlainWebSocketTransport } from './realtime/plain-websocket';
import { portProblem } from './port-availability';
import type { Runtime } from './runtime';
import { sandboxWarnings } from './sandbox-warnings';

export interface RunningServer {
  port: number;
  /**
   * Stops accepting and lets requests in flight finish until cutAt (epoch ms; by default SHUTDOWN_TIMEOUT_MS from
   * now), when what is left is cut. True when nothing had to be cut. The runtime (worker, database) is the caller's.
   */
  stop(cutAt?: number): Promise<boolean>;
}

function attachSocketServer(server: http.Server, runtime: Runtime): SocketServer {
  // Upgrades that are not Socket.IO's are the plain WebSocket's to answer (or refuse), however long its check takes.
  const { corsOrigins } = runtime.config;
  const io = new SocketServer(server, {
    serveClient: false, maxHttpBufferSize: runtime.config.maxJsonBodyBytes, destroyUpgrade: false, parser: jsonPacketParser,
    // Long-polling from a front end of CORS_ORIGINS (never another origin, never with credentials), as over HTTP.
    ...(corsOrigins.length > 0 ? { cors: { origin: [...corsOrigins], credentials: false } } : {}),
  });
  // A handshake may carry a token (auth.token); an invalid one is refused, none means anonymous.
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (token === undefined || token === null) return next();
    if (typeof token !== 'string') return next(new Error('Invalid token.'));
    runtime.services.accounts.holderOf(token).then(
      (holder) => {
        if (holder === 'invalid') return next(new Error('Invalid token.'));
        if (holder !== 'anonymous') socket.data.user = holder.user;
        next();
      },
      () => next(new Error('Internal server error.')),
    );
  });
  return io;
}

/**
 * Keep-alive lasts until the stop. From then on every answer, to a request in flight or to one that raced the stop on
 * an open connection, says `Connection: close` and closes its connection, so a client with a keep-alive pool sends
 * nothing more here (otherwise such clients are served until the deadline, and a cut falls on their writes).
 */
function keepAliveUntilStop(server: http.Server): { end(): void } {
  let ended = false;
  const inFlight = new Set<http.ServerResponse>();
  const closeAfter = (response: http.ServerResponse) => {
    // Node writes `Connection: close` and ends the connection after the response when this is false at its head.
    if (!response.headersSent) response.shouldKeepAlive = false;
    else response.once('finish', () => response.socket?.end());
  };
  server.on('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    if (ended) return closeAfter(response);
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });
  return {
    end() {
      ended = true;
      inFlight.forEach(closeAfter);
      inFlight.clear();
    },
  };
}

export async function startServer(
  runtime: Runtime,
  options: { worker: boolean; port?: number; extraModules?: RouteModule[]; demoShopper?: DemoShopper },
): Promise<RunningServer> {
  const { config, log } = runtime;
  if (options.worker) await runtime.queue.work(runtime.jobContext);
  // Rooms are this process's (Socket.IO's in-memory adapter): the editing channel tells other processes itself.
  const editing = createEditingChannel({
    db: runtime.db, editing: runtime.services.editing, log, eventsPerSecond: config.socketEventsPerSecond,
    socketsPerUser: config.bounds.socketsPerUser, userEventsPerSecond: config.bounds.userEventsPerSecond,
    metrics: runtime.metrics, accounts: runtime.services.accounts, sharing: runtime.services.sharing, layouts: runtime.services.layouts, validator: createValidator(runtime.schemas),
  });
  const app = buildApp({ ...runtime, demoShopper: options.demoShopper, readiness: [editing.problem] }, options.extraModules);
  const server = http.createServer(app.callback());
  server.on('clientError', clientErrorHandler(log, config.publicBaseUrl));
  const keepAlive = keepAliveUntilStop(server);
  const io = attachSocketServer(server, runtime);
  const editingNamespace = io.of('/layout');
  // Both transports' WebSocket connections: pinged, and their outgoing buffers bounded.
  const liveness = createLiveness(config.websocketPingIntervalMs, runtime.metrics);
  const outgoingBuffers = createOutgoingBuffers(config.bounds.socketOutgoingBufferBytes, runtime.metrics);
  attachSocketIoTransport(editingNamespace, editing, { accounts: runtime.services.accounts, socketsPerUser: config.bounds.socketsPerUser, liveness, outgoingBuffers });
  const plainWebSockets = attachPlainWebSocketTransport(server, editing, {
    accounts: runtime.services.accounts, log, maxFrameBytes: config.maxJsonBodyBytes,
    liveness, outgoingBuffers, socketIoPath: io.path(), otherPaths: [PHOTO_CHANNEL_PATH], socketsPerUser: config.bounds.socketsPerUser,
  });
  // The photo library's notifications, with the same limits.
  const photoChannel = attachPhotoChannel(server, {
    accounts: runtime.services.accounts, db: runtime.db, photos: runtime.services.photos, photoLinks: runtime.services.photoLinks, log,
    maxFrameBytes: config.maxJsonBodyBytes, liveness, outgoingBuffers,
    socketsPerUser: config.bounds.socketsPerUser, userEventsPerSecond: config.bounds.userEventsPerSecond,
  });
  // Ready when listening starts, unless the database refuses it a connection (then /readyz says why).
  await editing.listening(config.databaseTimeouts.connectMs);
  await new Promise<void>((resolve, reject) => {
    const port = options.port ?? config.port;
    // Taken between the check at start and now: the same one line.
    server.once('error', (error) => reject(portProblem(error, config.host, port)));
    server.listen(port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ port, worker: options.worker, database: runtime.db.kind, loginProviders: configuredProviderNames(config) }, 'listening');
  for (const warning of sandboxWarnings(config)) log.warn(warning);

  let stopping: Promise<boolean> | undefined;
  const stop = async (cutAt: number) => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    keepAlive.end();
    io.close();
    plainWebSockets.close();
    void photoChannel.close();
    liveness.close();
    // Keep-alive connections fall idle as their last request ends; close each one then, not at the deadline.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
      plainWebSockets.terminate();
      photoChannel.terminate();
    }, Math.max(cutAt - Date.now(), 0));
    await closed;
    clearInterval(sweep);
    clearTimeout(deadline);
    await editing.close();
    log.info({ cut }, 'stopped serving');
    return !cut;
  };
  return { port, stop: (cutAt = Date.now() + config.shutdownTimeoutMs) => (stopping ??= stop(cutAt)) };
}
