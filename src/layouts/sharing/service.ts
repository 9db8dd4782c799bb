// Sharing a book (issue 50): the owner's invitations, their acceptance by any account (a visitor too), and the
// book's members. Inviting and managing members are the owner's; members see who else is there.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import type { MediaStorage } from '../../media/storage';
import type { TextImageLink } from '../text-images';
import { conflict, forbidden, notFound } from '../../shared/errors';
import type { AuthenticatedUser } from '../../shared/user';
import { createLayoutsRepository, type LayoutRow } from '../repository';
import { canRead } from '../service';
import { createComments } from './comments';
import { createMembersRepository, type InvitationRow } from '../members-repository';
import { colourOf, MEMBERS_PER_BOOK, type MemberRole } from '../member-roles';

/** How long an invitation opens the book when its owner gives no term. */
export const DEFAULT_INVITATION_DAYS = 14;
// 32 random bytes (256 bits), base64url: unguessable, and safe in a URL path.
const TOKEN_BYTES = 32;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

export interface InvitationRequest {
  role: MemberRole;
  expires_in_days?: number;
  max_uses?: number;
}

const presentInvitation = (row: InvitationRow) => ({
  id: row.id, role: row.role, expires_at: row.expiresAt.toISOString(), max_uses: row.maxUses, uses: row.uses,
});

export function createSharingService(deps: { db: Database; media: MediaStorage; publicBaseUrl: string; textImage?: TextImageLink }) {
  const { db } = deps;
  const layouts = createLayoutsRepository(db.sql);
  const members = createMembersRepository(db.sql);

  /** The layout when the caller is its owner (or an administrator); a member gets 403, anyone else 404. */
  async function ownedLayout(user: AuthenticatedUser, layoutId: string): Promise<LayoutRow> {
    const layout = await layouts.find(layoutId);
    if (!layout || layout.status === 'DELETED') throw notFound();
    if (layout.ownerId === user.id) return layout;
    if (canRead(user, layout) || (await members.roleOf(layoutId, user.id))) throw forbidden();
    throw notFound();
  }

  /** The caller's standing in the book: 'owner', their member role, or undefined (then the book is not found for them). */
  async function standingIn(user: AuthenticatedUser, layout: LayoutRow): Promise<MemberRole | 'owner' | undefined> {
    if (layout.ownerId === user.id) return 'owner';
    return members.roleOf(layout.id, user.id);
  }

  return {
    standingIn,
    comments: createComments(db),

    /** Whether the user may hold blocks of the book (the editing channel's soft locks): an administrator, its owner or an editor. */
    async mayHoldBlocks(user: AuthenticatedUser, layoutId: string): Promise<boolean> {
      if (user.role === 'admin') return true;
      return (await layouts.find(layoutId))?.ownerId === user.id || (await members.roleOf(layoutId, user.id)) === 'editor';
    },

    async invite(user: AuthenticatedUser, layoutId: string, request: InvitationRequest) {
      const layout = await ownedLayout(user, layoutId);
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const days = request.expires_in_days ?? DEFAULT_INVITATION_DAYS;
      const row = await members.insertInvitation({
        id: randomUUID(), layoutId: layout.id, role: request.role, tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + days * 86_400_000), maxUses: request.max_uses ?? null,
      });
      // The token is shown once, here: only its hash is kept.
      return { ...presentInvitation(row), token, url: `${deps.publicBaseUrl}/redaktor/?invitation=${token}` };
    },

    async invitations(user: AuthenticatedUser, layoutId: string) {
      await ownedLayout(user, layoutId);
      return (await members.openInvitations(layoutId)).map(presentInvitation);
    },

    async revoke(user: AuthenticatedUser, layoutId: string, invitationId: string): Promise<void> {
      await ownedLayout(user, layoutId);
      if (!(await members.revoke(layoutId, invitationId))) throw notFound();
    },

    /**
     * The caller joins the book with the invitation's role. An unknown, expired, used-up or revoked token is not
     * found, and changes nothing. The owner accepting their own invitation, or a member accepting again, uses
     * nothing up and keeps the standing they have.
     */
    async accept(user: AuthenticatedUser, token: string): Promise<{ layout_id: string; role: MemberRole | 'owner' }> {
      return db.transaction(async (tx) => {
        const repository = createMembersRepository(tx.sql);
        const invitation = await repository.lockOpenInvitation(hashToken(token));
        if (!invitation) throw notFound();
        const layout = await createLayoutsRepository(tx.sql).find(invitation.layoutId);
        if (!layout || layout.status === 'DELETED') throw notFound();
        if (layout.ownerId === user.id) return { layout_id: layout.id, role: 'owner' as const };
        await repository.lockLayout(layout.id);
        const current = await repository.roleOf(layout.id, user.id);
        if (current) return { layout_id: layout.id, role: current };
        if ((await repository.count(layout.id)) >= MEMBERS_PER_BOOK) {
          throw conflict(`A book has at most ${MEMBERS_PER_BOOK} members.`);
        }
        await repository.upsert(layout.id, user.id, invitation.role);
        await repository.countUse(invitation.id);
        return { layout_id: layout.id, role: invitation.role };
      });
    },

    /** The owner and the members, for the owner and the members; anyone else gets 404. */
    async members(user: AuthenticatedUser, layoutId: string) {
      const layout = await layouts.find(layoutId);
      if (!layout || !(canRead(user, layout) || (await members.roleOf(layoutId, user.id)))) throw notFound();
      const owner = layout.ownerId === null ? [] : await db.sql.query<{ id: number; name: string }>(
        'SELECT id, name FROM users WHERE id = $1', [layout.ownerId]).then(({ rows }) => rows);
      return [
        ...owner.map((row) => ({ user_id: row.id, name: row.name, role: 'owner' as const, colour: colourOf(row.id) })),
        ...(await members.members(layoutId)).map((row) => ({
          user_id: row.userId, name: row.name, role: row.role, colour: colourOf(row.userId), joined_at: row.joinedAt.toISOString(),
        })),
      ];
    },

    async changeRole(user: AuthenticatedUser, layoutId: string, memberId: number, role: MemberRole) {
      await ownedLayout(user, layoutId);
      if (!(await members.setRole(layoutId, memberId, role))) throw notFound();
      return { user_id: memberId, role };
    },

    async remove(user: AuthenticatedUser, layoutId: string, memberId: number): Promise<void> {
      await ownedLayout(user, layoutId);
      if (!(await members.remove(layoutId, memberId))) throw notFound();
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
