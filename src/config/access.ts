// Who may reach what from where, parsed from the environment: the sandbox login, and the browser origins that may
// call the API (CORS).
import { isIP } from 'node:net';
import { ConfigError, type Env, flag, text } from './values';
import { VARIABLES } from './variables';

const { SANDBOX_LOGIN, CORS_ORIGINS } = VARIABLES;

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
  const enabled = flag(env, SANDBOX_LOGIN, !production && isLoopbackHost(host));
  return { enabled, roleChoice: enabled && !production };
}

/**
 * CORS_ORIGINS: the exact origins (scheme, host, port) whose pages may call the API, comma-separated. No wildcard:
 * a list that could match any origin would be no list at all.
 */
export function corsOrigins(env: Env): readonly string[] {
  const origins = text(env, CORS_ORIGINS).split(',').map((origin) => origin.trim()).filter(Boolean);
  for (const origin of origins) {
    const parsed = URL.canParse(origin) ? new URL(origin) : undefined;
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      throw new ConfigError(`CORS_ORIGINS must list origins such as https://shop.example (scheme, host and port only), got "${origin}"`);
    }
  }
  return Object.freeze([...new Set(origins)]);
}
