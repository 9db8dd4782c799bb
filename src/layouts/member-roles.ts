// What each member of a shared book may do (issue 50). The owner does everything; a member's role bounds them:
// viewer reads, sees who is there and comments; contributor also adds their own photos to the book's photo list;
// editor makes every editing change. Ordering, finishing, the bin, inviting and managing members stay the owner's.

export type MemberRole = 'viewer' | 'contributor' | 'editor';
export const MEMBER_ROLES: readonly MemberRole[] = ['viewer', 'contributor', 'editor'];

/** A book has at most this many members besides its owner. */
export const MEMBERS_PER_BOOK = 20;

// The editing operations (object:action) a contributor may send: their own photos in and out of the book's list.
const CONTRIBUTOR_OPERATIONS: ReadonlySet<string> = new Set(['layout:add_photos', 'layout:remove_photos']);
// Marking the book finished is the first step of ordering it: the owner's.
const OWNER_OPERATIONS: ReadonlySet<string> = new Set(['layout:finish']);

/** Whether a member of the role may send the editing operation named `object:action`. */
export function memberMay(role: MemberRole, operation: string): boolean {
  if (OWNER_OPERATIONS.has(operation)) return false;
  if (role === 'editor') return true;
  return role === 'contributor' && CONTRIBUTOR_OPERATIONS.has(operation);
}

/** Resolving comments is the owner's and the editors'. */
export const mayResolveComments = (role: MemberRole | 'owner') => role === 'owner' || role === 'editor';

/** A stable colour per person, so each is told apart on every screen. */
export function colourOf(userId: number): string {
  const hue = (userId * 137) % 360;
  return `hsl(${hue}, 70%, 45%)`;
}
