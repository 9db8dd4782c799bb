// Changes to a book's members as every process hears them (pg_notify at commit, members-repository.ts): a member
// removed from a book has their editing connections to it closed in whichever process holds them.
import type { Logger } from 'pino';
import type { Database, NotificationListener } from '../../db/database';
import { MEMBER_CHANGES_CHANNEL } from '../members-repository';
import { MEMBER_ROLES, type MemberRole } from '../member-roles';

export interface MemberChange {
  layoutId: string;
  userId: number;
  /** The member's role now; null when they were removed. */
  role: MemberRole | null;
}

function parseChange(payload: string): MemberChange | undefined {
  try {
    const { layout_id: layoutId, user_id: userId, role } = JSON.parse(payload) as Record<string, unknown>;
    if (typeof layoutId !== 'string' || !Number.isInteger(userId)) return undefined;
    if (role !== null && !MEMBER_ROLES.includes(role as MemberRole)) return undefined;
    return { layoutId, userId: userId as number, role: role as MemberRole | null };
  } catch {
    return undefined;
  }
}

export function listenToMemberChanges(db: Database, log: Logger, onChange: (change: MemberChange) => void): NotificationListener {
  return db.listen(MEMBER_CHANGES_CHANNEL, {
    notification(payload) {
      const parsed = parseChange(payload);
      if (parsed) onChange(parsed);
      else log.warn({ payload }, 'member change notification not understood');
    },
    listening: () => undefined,
    // Every message is checked against the membership in its own transaction all the same (src/layouts/editing/edit-access.ts).
    interrupted: (error) => log.warn({ err: error }, 'member change notifications interrupted'),
  });
}
