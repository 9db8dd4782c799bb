// Fault switches of the sandbox providers, so that a front end can walk its error paths offline: a marker in the
// delivery's comment, e.g. "[sandbox:delivery-lost]". Only the sandbox implementations read them; a real provider
// never sees a difference.

export type SandboxFault = 'fail' | 'slow' | 'lost';
export type SandboxParty = 'delivery' | 'payment';

/** How long a "slow" sandbox call waits before it answers. */
export const SANDBOX_SLOW_MS = 2000;

const MARKER = /\[sandbox:(delivery|payment)-(fail|slow|lost)\]/g;

/** The fault the text asks of that party, or null. */
export function sandboxFault(text: string | null | undefined, party: SandboxParty): SandboxFault | null {
  for (const [, named, fault] of (text ?? '').matchAll(MARKER)) if (named === party) return fault as SandboxFault;
  return null;
}
