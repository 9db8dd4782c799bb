// Why the service ends an editing connection itself, and how each transport says so: Socket.IO sends the event
// session:ended {code, message} before it disconnects; the plain WebSocket closes with a code of its own (the
// 4000-4999 codes are the application's: 4401 reads as HTTP's 401, "log in again").
import type { AccountChange } from '../auth/account-changes';

export type SessionEnd = AccountChange | 'token_expired' | 'invalid_token' | 'too_many_waiting' | 'membership_ended';

export const SESSION_ENDS: Record<SessionEnd, { message: string; closeCode: number }> = {
  logged_out: { message: 'Logged out.', closeCode: 4401 },
  account_deleted: { message: 'The account was deleted.', closeCode: 4401 },
  token_expired: { message: 'The token expired: log in again.', closeCode: 4401 },
  invalid_token: { message: 'Invalid token.', closeCode: 4401 },
  // The token still holds: connecting again gives the connection the new role's rights.
  role_changed: { message: 'Your role changed: connect again.', closeCode: 4409 },
  // As a reader too slow for its answers is closed (4408, outgoing-buffer.ts): this client sends faster than it is answered.
  too_many_waiting: { message: 'Too many requests waiting for their answers: wait for answers before sending more.', closeCode: 4408 },
  // Removed from a shared book by its owner (issue 50): the book is no longer theirs to see.
  membership_ended: { message: 'You are no longer a member of this book.', closeCode: 4403 },
};

// setTimeout takes at most 2^31 - 1 ms (about 24.8 days); tokens may live a year.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Calls onExpiry at expiresAt (epoch ms); returns the function that cancels it. */
export function atExpiry(expiresAt: number, onExpiry: () => void): () => void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const left = expiresAt - Date.now();
    timer = left > LONGEST_TIMER_MS ? setTimeout(arm, LONGEST_TIMER_MS) : setTimeout(onExpiry, Math.max(left, 0));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
