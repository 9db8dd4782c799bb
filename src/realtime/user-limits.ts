// Per-user limits of the editing channel in this process: how many connections (of both transports together) a
// user may hold, and one event rate shared by all of them, beside each connection's own. Kept per process on
// purpose: a shared counter in the database would cost a round trip per event and could leak places when a process
// dies; with N processes a user may hold N times these (docs/operations.md says so).
import { createTokenBucket } from './token-bucket';

export interface UserLimitsOptions {
  socketsPerUser: number;
  userEventsPerSecond: number;
}

/** One connection's place among its user's: released once, when the connection ends. */
export interface UserLease {
  /** Whether the user's connections together may send one more event now. */
  takeEvent(): boolean;
  release(): void;
}

interface UserEntry {
  connections: number;
  bucket: ReturnType<typeof createTokenBucket>;
}

// A bucket left alone this long is full again, so forgetting it then gives a returning user nothing extra.
const BUCKET_REFILL_MS = 1000;

export function createUserLimits(options: UserLimitsOptions) {
  const users = new Map<number, UserEntry>();

  const forgetWhenIdle = (userId: number, entry: UserEntry) => {
    setTimeout(() => {
      if (entry.connections === 0 && users.get(userId) === entry) users.delete(userId);
    }, BUCKET_REFILL_MS).unref();
  };

  return {
    /** A place for one more connection of the user, or undefined when they already hold socketsPerUser. */
    admit(userId: number): UserLease | undefined {
      const entry = users.get(userId) ?? { connections: 0, bucket: createTokenBucket(options.userEventsPerSecond) };
      if (entry.connections >= options.socketsPerUser) return undefined;
      entry.connections += 1;
      users.set(userId, entry);
      let held = true;
      return {
        takeEvent: () => entry.bucket.take(),
        release() {
          if (!held) return;
          held = false;
          entry.connections -= 1;
          if (entry.connections === 0) forgetWhenIdle(userId, entry);
        },
      };
    },
  };
}

export type UserLimits = ReturnType<typeof createUserLimits>;

export const tooManyConnections = (limit: number) => ({
  code: 'rate_limited' as const, message: `More than ${limit} editing connections for one user.`,
});
