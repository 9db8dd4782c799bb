// SQL for a book's members and invitations (migration 0031): no rules here.
import type { SqlExecutor } from '../db/database';
import { LAYOUT_COLUMNS, LAYOUT_JOINS, type ListedLayoutRow } from './repository';
import type { MemberRole } from './member-roles';

export interface InvitationRow {
  id: string;
  layoutId: string;
  role: MemberRole;
  expiresAt: Date;
  maxUses: number | null;
  uses: number;
}

export interface MemberRow {
  userId: number;
  name: string;
  role: MemberRole;
  joinedAt: Date;
}

/** The channel a member's change is told on (pg_notify at commit), to every process of the service. */
export const MEMBER_CHANGES_CHANNEL = 'photobook_layout_members';

const INVITATION_COLUMNS = `id, layout_id AS "layoutId", role, expires_at AS "expiresAt", max_uses AS "maxUses", uses`;

export function createMembersRepository(sql: SqlExecutor) {
  return {
    /** The user's role in the book, or undefined when they are no member of it. */
    async roleOf(layoutId: string, userId: number): Promise<MemberRole | undefined> {
      const { rows } = await sql.query<{ role: MemberRole }>(
        'SELECT role FROM layout_members WHERE layout_id = $1 AND user_id = $2', [layoutId, userId], { prepare: true });
      return rows[0]?.role;
    },

    /** Each (layout, user) pair's role, for the pairs that are memberships: keyed `${layoutId}:${userId}`. */
    async rolesOf(layoutIds: string[], userIds: number[]): Promise<Map<string, MemberRole>> {
      const { rows } = await sql.query<{ layout_id: string; user_id: number; role: MemberRole }>(
        'SELECT layout_id, user_id, role FROM layout_members WHERE layout_id = ANY($1::uuid[]) AND user_id = ANY($2::integer[])',
        [layoutIds, userIds], { prepare: true });
      return new Map(rows.map((row) => [`${row.layout_id}:${row.user_id}`, row.role]));
    },

    /** The books shared with the user (none of the bin's), most recently joined first, with the user's role. */
    async listShared(userId: number, limit: number, offset: number): Promise<(ListedLayoutRow & { memberRole: MemberRole })[]> {
      const { rows } = await sql.query<ListedLayoutRow & {
        memberRole: MemberRole; baseKopecks: string | number | null; includedPages: number | null; extraPageKopecks: string | number | null;
      }>(
        `SELECT ${LAYOUT_COLUMNS}, m.role AS "memberRole", pr.base_kopecks AS "baseKopecks", pr.included_pages AS "includedPages",
                pr.extra_page_kopecks AS "extraPageKopecks"
         ${LAYOUT_JOINS} JOIN layout_members m ON m.layout_id = l.id LEFT JOIN prices pr ON pr.format_id = l.format_id
         WHERE m.user_id = $1 AND l.status <> 'DELETED' ORDER BY m.joined_at DESC, l.id DESC LIMIT $2 OFFSET $3`, [userId, limit, offset]);
      return rows.map(({ baseKopecks, includedPages, extraPageKopecks, ...layout }) => ({
        ...layout,
        priceRule: baseKopecks === null
          ? null : { baseKopecks: Number(baseKopecks), includedPages: includedPages!, extraPageKopecks: Number(extraPageKopecks) },
      }));
    },

    async countShared(userId: number): Promise<number> {
      const { rows: [row] } = await sql.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM layout_members m JOIN layouts l ON l.id = m.layout_id WHERE m.user_id = $1 AND l.status <> 'DELETED'`, [userId]);
      return row.count;
    },

    async members(layoutId: string): Promise<MemberRow[]> {
      const { rows } = await sql.query<MemberRow>(
        `SELECT m.user_id AS "userId", u.name, m.role, m.joined_at AS "joinedAt"
         FROM layout_members m JOIN users u ON u.id = m.user_id WHERE m.layout_id = $1 ORDER BY m.joined_at, m.user_id`, [layoutId]);
      return rows;
    },

    async count(layoutId: string): Promise<number> {
      const { rows: [row] } = await sql.query<{ count: number }>('SELECT count(*)::integer AS count FROM layout_members WHERE layout_id = $1', [layoutId]);
      return row.count;
    },

    /** Joins the user to the book with the role, or changes their role; tells every process. */
    async upsert(layoutId: string, userId: number, role: MemberRole): Promise<void> {
      await sql.query(
        `INSERT INTO layout_members (layout_id, user_id, role) VALUES ($1, $2, $3)
         ON CONFLICT (layout_id, user_id) DO UPDATE SET role = EXCLUDED.role`, [layoutId, userId, role]);
      await this.notify(layoutId, userId, role);
    },

    /** Sets the member's role; false when the user is no member. */
    async setRole(layoutId: string, userId: number, role: MemberRole): Promise<boolean> {
      const { rowCount } = await sql.query('UPDATE layout_members SET role = $3 WHERE layout_id = $1 AND user_id = $2', [layoutId, userId, role]);
      if (rowCount) await this.notify(layoutId, userId, role);
      return Boolean(rowCount);
    },

    /** Removes the member; false when the user was no member. */
    async remove(layoutId: string, userId: number): Promise<boolean> {
      const { rowCount } = await sql.query('DELETE FROM layout_members WHERE layout_id = $1 AND user_id = $2', [layoutId, userId]);
      if (rowCount) await this.notify(layoutId, userId, null);
      return Boolean(rowCount);
    },

    async notify(layoutId: string, userId: number, role: MemberRole | null): Promise<void> {
      await sql.query('SELECT pg_notify($1, $2)', [MEMBER_CHANGES_CHANNEL, JSON.stringify({ layout_id: layoutId, user_id: userId, role })]);
    },

    /** Holds the book's membership lock until the transaction ends: concurrent accepts cannot pass the bound together. */
    async lockLayout(layoutId: string): Promise<void> {
      await sql.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`layout_members:${layoutId}`]);
    },

    async insertInvitation(invitation: Omit<InvitationRow, 'uses'> & { tokenHash: Buffer }): Promise<InvitationRow> {
      const { rows: [row] } = await sql.query<InvitationRow>(
        `INSERT INTO layout_invitations (id, layout_id, role, token_hash, expires_at, max_uses) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING ${INVITATION_COLUMNS}`,
        [invitation.id, invitation.layoutId, invitation.role, invitation.tokenHash, invitation.expiresAt, invitation.maxUses]);
      return row;
    },

    /** The book's invitations still open: not revoked, not expired, not used up. */
    async openInvitations(layoutId: string): Promise<InvitationRow[]> {
      const { rows } = await sql.query<InvitationRow>(
        `SELECT ${INVITATION_COLUMNS} FROM layout_invitations
         WHERE layout_id = $1 AND revoked_at IS NULL AND expires_at > now() AND (max_uses IS NULL OR uses < max_uses)
         ORDER BY created_at, id`, [layoutId]);
      return rows;
    },

    /** Revokes the book's invitation; false when it has none of that id still open to revoke. */
    async revoke(layoutId: string, id: string): Promise<boolean> {
      const { rowCount } = await sql.query(
        'UPDATE layout_invitations SET revoked_at = now() WHERE layout_id = $1 AND id = $2 AND revoked_at IS NULL', [layoutId, id]);
      return Boolean(rowCount);
    },

    /** The open invitation of the token hash, locked for the rest of the transaction (its uses are counted). */
    async lockOpenInvitation(tokenHash: Buffer): Promise<InvitationRow | undefined> {
      const { rows } = await sql.query<InvitationRow>(
        `SELECT ${INVITATION_COLUMNS} FROM layout_invitations
         WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now() AND (max_uses IS NULL OR uses < max_uses) FOR UPDATE`, [tokenHash]);
      return rows[0];
    },

    async countUse(id: string): Promise<void> {
      await sql.query('UPDATE layout_invitations SET uses = uses + 1 WHERE id = $1', [id]);
    },

    /**
     * A visitor's memberships become the account's at its login: those of books the account owns or is already a
     * member of are dropped (the account's own standing wins), the others move.
     */
    async moveMemberships(visitorId: number, userId: number): Promise<void> {
      await sql.query(
        `UPDATE layout_members m SET user_id = $2 WHERE m.user_id = $1
           AND NOT EXISTS (SELECT 1 FROM layout_members o WHERE o.layout_id = m.layout_id AND o.user_id = $2)
           AND NOT EXISTS (SELECT 1 FROM layouts l WHERE l.id = m.layout_id AND l.owner_id = $2)`, [visitorId, userId]);
      await sql.query('DELETE FROM layout_members WHERE user_id = $1', [visitorId]);
      // The visitor's own books just became the account's: the account is no member of a book it owns.
      await sql.query('DELETE FROM layout_members m USING layouts l WHERE m.user_id = $1 AND l.id = m.layout_id AND l.owner_id = $1', [userId]);
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
