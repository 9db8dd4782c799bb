// The REST side of making a book together (issue 50): invitations, members, comment threads, and who the caller is.
import { api, HttpError } from '../api';
import type { LayoutCommentThreadsSchema } from '../../../../src/types/schema-types/layout-comment-threads';
import type { LayoutInvitation } from '../../../../src/types/schema-types/layout-invitation';
import type { LayoutMemberList } from '../../../../src/types/schema-types/layout-member-list';

export type Member = LayoutMemberList[number];
export type MemberRole = Member['role'];
export type Invitation = LayoutInvitation;
export type BookComment = LayoutCommentThreadsSchema.LayoutComment;
export type Thread = LayoutCommentThreadsSchema.LayoutCommentThreads[number];

/** One person in the book, as the `presence` event tells it. */
export interface PresentMember {
  user_id: number;
  name: string;
  colour: string;
  page_id: string | null;
  block_id: string | null;
  locks: string[];
}

/** The account the token is for: the JWT's `sub` (the token is the service's own, read, never trusted for rights). */
export function userIdOf(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return Number(payload.sub) || null;
  } catch {
    return null;
  }
}

/** The book's people; null where the caller may not list them (an administrator opening a shopper's book). */
export const membersOf = (token: string, layoutId: string) =>
  api<Member[]>(token, `/api/ua/layout/${layoutId}/members/`).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  });

/** The caller's role in the book; null when they are no member (the service decides what they may do then). */
export async function roleIn(token: string, layoutId: string): Promise<MemberRole | null> {
  const me = userIdOf(token);
  return (await membersOf(token, layoutId))?.find((member) => member.user_id === me)?.role ?? null;
}

/** Joins the book of an invitation link; null when the invitation is unknown, expired, used up or revoked. */
export function acceptInvitation(token: string, invitation: string) {
  return api<{ layout_id: string; role: MemberRole }>(token, `/api/ua/invitations/${encodeURIComponent(invitation)}/accept/`, { method: 'POST' })
    .catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    });
}

export const invite = (token: string, layoutId: string, role: MemberRole) =>
  api<Invitation>(token, `/api/ua/layout/${layoutId}/invitations/`, { method: 'POST', body: { role } });

export const changeRole = (token: string, layoutId: string, userId: number, role: MemberRole) =>
  api<Member>(token, `/api/ua/layout/${layoutId}/members/${userId}/`, { method: 'PATCH', body: { role } });

export const removeMember = (token: string, layoutId: string, userId: number) =>
  api<null>(token, `/api/ua/layout/${layoutId}/members/${userId}/`, { method: 'DELETE' });

export const threadsOf = (token: string, layoutId: string) => api<Thread[]>(token, `/api/ua/layout/${layoutId}/comments/`);

/** Initials for an avatar: the first letters of the first two words of the name. */
export const initialsOf = (name: string, fallback: string) =>
  (name.trim() || fallback).split(/\s+/).slice(0, 2).map((word) => word[0]!.toUpperCase()).join('');
