// Whether the HTTP port can be bound, asked before the database is opened: a port in use then stops `serve` with one
// line naming PORT, before migrations or anything else has run.
import net from 'node:net';

export class PortUnavailableError extends Error {}

/** The error of binding host:port, said in terms of the settings that choose them. */
export function portProblem(error: unknown, host: string, port: number): Error {
  const { code } = error as NodeJS.ErrnoException;
  if (code === 'EADDRINUSE') return new PortUnavailableError(`PORT ${port} is already in use on ${host}: stop what listens there, or choose another PORT`);
  if (code === 'EACCES') return new PortUnavailableError(`PORT ${port} cannot be bound on ${host}: permission denied (ports below 1024 need privileges)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return new PortUnavailableError(`HOST ${host} is not an address of this machine`);
  return error as Error;
}

/** Binds host:port once and lets it go again; throws PortUnavailableError when that fails. Port 0 is always free. */
export async function checkPortAvailable(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(portProblem(error, host, port)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
