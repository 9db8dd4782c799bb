// Who may reach what from where, parsed from the environment.
import { isIP } from 'node:net';
import { type Env, flag } from './config-values';

/** The sandbox identity provider, /auth/sandbox/: a page of this service instead of an account anywhere. */
export interface SandboxLoginConfig {
  readonly enabled: boolean;
  /** Whether the page offers a role (user, moderator, admin) and vouches for the address: outside production only. */
  readonly roleChoice: boolean;
}

/** Whether only this machine can reach a server listening on host (a loopback address, or localhost). */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (address === 'localhost') return true;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1' || /^::ffff:127\.\d+\.\d+\.\d+$/.test(address);
}

// By default on only outside production and only where no other machine can reach it: anyone who reaches the page can
// log in as any address and, outside production, with any role. SANDBOX_LOGIN=1 turns it on anyway (the server warns
// at start, see sandbox-warnings.ts); in production it then never grants a role or an address.
export function sandboxLoginConfig(env: Env, production: boolean, host: string): SandboxLoginConfig {
  const enabled = flag(env, 'SANDBOX_LOGIN', !production && isLoopbackHost(host));
  return { enabled, roleChoice: enabled && !production };
}
