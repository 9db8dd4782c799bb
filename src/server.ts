// Serves HTTP, Socket.IO and the plain WebSocket on one port, optionally with the job worker, and shuts all of it
// down gracefully.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import { buildApp } from './app';
import type { DemoShopper } from './home/routes';
import { configuredProviderNames } from './auth/routes';
import { holderOf } from './auth/token-user';
import type { RouteModule } from './http/route-module';
import { createValidator } from './http/validation';
import { createLayoutsService } from './layouts/service';
import { socketAdapterFor, type SocketAdapter } from './realtime/adapter';
import { createEditingChannel } from './realtime/editing-channel';
import { attachSocketIoTransport } from './realtime/layout-channel';
import { attachPlainWebSocketTransport } from './realtime/plain-websocket';
import type { Runtime } from './runtime';

export interface RunningServer {
  port: number;
  /**
   * Stops accepting and lets requests in flight finish until cutAt (epoch ms; by default SHUTDOWN_TIMEOUT_MS from
   * now), when what is left is cut. True when nothing had to be cut. The runtime (worker, database) is the caller's.
   */
  stop(cutAt?: number): Promise<boolean>;
}

function attachSocketServer(server: http.Server, runtime: Runtime, adapter: SocketAdapter): SocketServer {
  // Upgrades that are not Socket.IO's are the plain WebSocket's to answer (or refuse), however long its check takes.
  const io = new SocketServer(server, {
    serveClient: false, maxHttpBufferSize: runtime.config.maxJsonBodyBytes, adapter: adapter.adapter, destroyUpgrade: false,
  });
  // A handshake may carry a token (auth.token); an invalid one is refused, none (or a visitor's) means anonymous.
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    if (token === undefined || token === null) return next();
    if (typeof token !== 'string') return next(new Error('Invalid token.'));
    holderOf(token, runtime.tokens, runtime.users).then(
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

export async function startServer(
  runtime: Runtime,
  options: { worker: boolean; port?: number; extraModules?: RouteModule[]; demoShopper?: DemoShopper },
): Promise<RunningServer> {
  const { config, log } = runtime;
  if (options.worker) await runtime.queue.work(runtime.jobContext);
  const app = buildApp({ ...runtime, demoShopper: options.demoShopper }, options.extraModules);
  const server = http.createServer(app.callback());
  const adapter = socketAdapterFor(runtime.db, log);
  const io = attachSocketServer(server, runtime, adapter);
  // The namespace's adapter carries both transports' changes and logouts between processes.
  const editingNamespace = io.of('/layout');
  const editing = createEditingChannel(editingNamespace, {
    db: runtime.db, media: runtime.media, log, eventsPerSecond: config.socketEventsPerSecond, spansProcesses: adapter.adapter !== undefined,
    metrics: runtime.metrics, editing: config.editing,
    layouts: createLayoutsService(runtime), validator: createValidator(runtime.schemas),
  });
  attachSocketIoTransport(editingNamespace, editing, runtime);
  const plainWebSockets = attachPlainWebSocketTransport(server, editing, {
    tokens: runtime.tokens, users: runtime.users, log, maxFrameBytes: config.maxJsonBodyBytes,
    pingIntervalMs: config.websocketPingIntervalMs, socketIoPath: io.path(),
  });
  const stopDisconnectingOnLogout = runtime.userEvents.onLogout((userId) => editing.disconnectUser(userId));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? config.port, config.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  log.info({ port, worker: options.worker, database: runtime.db.kind, loginProviders: configuredProviderNames(config) }, 'listening');
  if (config.env === 'production' && config.sandboxLogin.enabled) {
    log.warn('SANDBOX_LOGIN=1 in production: anyone can log in at /auth/sandbox/ as any e-mail address (with the role user)');
  }

  let stopping: Promise<boolean> | undefined;
  const stop = async (cutAt: number) => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    stopDisconnectingOnLogout();
    io.close();
    plainWebSockets.close();
    // Keep-alive connections fall idle as their last request ends; close each one then, not at the deadline.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      server.closeAllConnections();
      plainWebSockets.terminate();
    }, Math.max(cutAt - Date.now(), 0));
    await closed;
    clearInterval(sweep);
    clearTimeout(deadline);
    await adapter.close();
    log.info({ cut }, 'stopped serving');
    return !cut;
  };
  return { port, stop: (cutAt = Date.now() + config.shutdownTimeoutMs) => (stopping ??= stop(cutAt)) };
}
