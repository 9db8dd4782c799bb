// Who may send which editing message to a book (issue 50): its owner (and administrators) as before, and its members
// within their role, read in the batch's own transaction so that a downgrade or a removal holds from the next message.
import type { SqlExecutor } from '../../db/database';
import type { AuthenticatedUser } from '../../shared/user';
import type { EditError, EditMessage } from './messages';
import type { BatchState, EditedLayout } from './state';
import { canRead, canWrite } from '../service';
import { createMembersRepository } from '../members-repository';
import { memberMay, type MemberRole } from '../member-roles';

const memberKey = (layoutId: string, userId: number) => `${layoutId}:${userId}`;

/**
 * The roles of the batch's senders in the books they edit, for those who are not the book's owner (none read when
 * every sender owns their book, as when nobody shares it).
 */
export async function memberRolesOf(
  sql: SqlExecutor, layouts: Map<string, EditedLayout>, senders: { userId: number; layoutId: string }[], photos: BatchState['photos'],
): Promise<Map<string, MemberRole>> {
  // The owners of photos the books list who are not the book's owner: members, if they still are.
  const listed = [...layouts.values()].flatMap((layout) => layout.photoIds.flatMap((id) => {
    const ownerId = photos.get(id)?.ownerId;
    return ownerId !== undefined && ownerId !== layout.ownerId ? [{ userId: ownerId, layoutId: layout.id }] : [];
  }));
  const others = [...senders, ...listed].filter(({ userId, layoutId }) => layouts.has(layoutId) && layouts.get(layoutId)!.ownerId !== userId);
  if (others.length === 0) return new Map();
  return createMembersRepository(sql).rolesOf([...new Set(others.map((sender) => sender.layoutId))], [...new Set(others.map((sender) => sender.userId))]);
}

/**
 * Whether the photo is the book's to place and show: its owner's, or listed by the book and of a current member
 * (a book listing another account's photo for another reason, as a copy made long ago, does not show it).
 */
export const isBookPhoto = (state: BatchState, layout: Pick<EditedLayout, 'id' | 'ownerId' | 'photoIds'>, photo: { id: number; ownerId: number }) =>
  photo.ownerId === layout.ownerId || (layout.photoIds.includes(photo.id) && Boolean(state.members?.has(memberKey(layout.id, photo.ownerId))));

export const memberRoleIn = (state: BatchState, layoutId: string, userId: number): MemberRole | undefined =>
  state.members?.get(memberKey(layoutId, userId));

/**
 * Why the user may not send the message to the layout, or undefined when they may. Someone who may not read the
 * book gets not_found (as for a book that does not exist); a member beyond their role forbidden. A contributor takes
 * out of the book only photos of their own.
 */
export function accessRefusal(user: AuthenticatedUser, layout: EditedLayout | undefined, state: BatchState, message: EditMessage): EditError | undefined {
  if (!layout) return { code: 'not_found', message: 'Layout not found.' };
  const role = memberRoleIn(state, layout.id, user.id);
  if (!canRead(user, layout) && !role) return { code: 'not_found', message: 'Layout not found.' };
  if (canWrite(user, layout)) return undefined;
  const operation = `${message.object}:${message.action}`;
  if (!role || !memberMay(role, operation)) {
    return { code: 'forbidden', message: role ? `A ${role} of this book may not send ${operation}.` : 'You may read this layout but not change it.' };
  }
  if (role === 'contributor' && message.object === 'layout' && message.action === 'remove_photos') {
    const ids = message.payload.photo_ids;
    if (ids.some((id) => state.photos.get(id)?.ownerId !== user.id)) {
      return { code: 'forbidden', message: 'A contributor takes out of the book only photos of their own.' };
    }
  }
  return undefined;
}
