// Changes to an account's rights, as every process of the service hears them: a trigger on users (migration 0011)
// sends them with NOTIFY at commit, so a logout, a deletion or a role change made by any process or tool reaches
// every process that holds that user's editing connections.
import type { Logger } from 'pino';
import type { Database, NotificationListener } from '../db/database';

export const ACCOUNT_CHANGES_CHANNEL = 'photobook_accounts';

export type AccountChange = 'logged_out' | 'account_deleted' | 'role_changed';

const CHANGES: readonly string[] = ['logged_out', 'account_deleted', 'role_changed'] satisfies AccountChange[];

function parseChange(payload: string): { userId: number; change: AccountChange } | undefined {
  try {
    const { user_id: userId, reason } = JSON.parse(payload) as { user_id?: unknown; reason?: unknown };
    if (!Number.isInteger(userId) || typeof reason !== 'string' || !CHANGES.includes(reason)) return undefined;
    return { userId: userId as number, change: reason as AccountChange };
  } catch {
    return undefined;
  }
}

/**
 * Calls onChange for every account change committed from now on, in any process, and onListening each time listening
 * (re)starts: changes made while it was interrupted were not heard. close() stops.
 */
export function listenToAccountChanges(
  db: Database, log: Logger, onChange: (userId: number, change: AccountChange) => void, onListening: () => void,
): NotificationListener {
  return db.listen(ACCOUNT_CHANGES_CHANNEL, {
    notification(payload) {
      const parsed = parseChange(payload);
      if (parsed) onChange(parsed.userId, parsed.change);
      else log.warn({ payload }, 'account change notification not understood');
    },
    listening: onListening,
    // Edits are checked against the account in their own transaction all the same (see the editor).
    interrupted: (error) => log.warn({ err: error }, 'account change notifications interrupted'),
  });
}
