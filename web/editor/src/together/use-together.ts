// The live side of making a book together: where the user is (presence/set when the spread or the selection changes),
// the hold on the selected frame (block/lock, renewed while selected, block/unlock when left), who else is where
// (the `presence` event) and the book's comments (fetched once, then kept by the `comment` event).
import { useEffect, useState } from 'react';
import type { EditSession } from '../edit-session';
import { errorText, words } from '../i18n';
import type { Ack } from '../types';
import { type BookComment, type PresentMember, threadsOf } from './together-api';

// A hold lasts 10 s on the service without renewal: renewed well within that while the frame stays selected.
const HOLD_RENEWAL_MS = 5000;

export interface TogetherOptions {
  session: EditSession;
  token: string;
  layoutId: string;
  myId: number | null;
  /** The owner and editors hold the frame they select; viewers and contributors only say where they are. */
  holdsFrames: boolean;
  pageId: string | null;
  blockId: string | null;
  online: boolean;
}

export function useTogether({ session, token, layoutId, myId, holdsFrames, pageId, blockId, online }: TogetherOptions) {
  const [present, setPresent] = useState<PresentMember[]>([]);
  const [comments, setComments] = useState<Map<number, BookComment>>(new Map());

  useEffect(() => {
    const keep = (found: BookComment[]) => setComments((known) => new Map([...known, ...found.map((comment) => [comment.id, comment] as const)]));
    threadsOf(token, layoutId).then((threads) => keep(threads.flatMap(({ replies, ...thread }) => [thread, ...replies])), () => undefined);
    const offPresence = session.on<{ layout_id: string; members: PresentMember[] }>('presence', (presence) => {
      if (presence.layout_id === layoutId) setPresent(presence.members);
    });
    const offComment = session.on<BookComment>('comment', (comment) => comment.layout_id === layoutId && keep([comment]));
    return () => { offPresence(); offComment(); };
  }, [session, token, layoutId]);

  useEffect(() => {
    if (online && pageId) void session.ask('presence', 'set', undefined, { page_id: pageId, ...(blockId ? { block_id: blockId } : {}) });
  }, [session, online, pageId, blockId]);

  useEffect(() => {
    if (!online || !blockId || !holdsFrames) return;
    // Someone else's frame: told once, not asked again while it stays selected (the inspector says who holds it).
    const hold = () => session.ask('block', 'lock', blockId).then((ack) => {
      if (ack.error?.code !== 'locked') return;
      window.clearInterval(renewal);
      session.tell(errorText('locked', ack.error.message, ack.error.holder?.name));
    });
    const renewal = window.setInterval(hold, HOLD_RENEWAL_MS);
    void hold();
    return () => {
      window.clearInterval(renewal);
      void session.ask('block', 'unlock', blockId);
    };
  }, [session, online, blockId, holdsFrames]);

  const others = present.filter((member) => member.user_id !== myId);
  // A refused comment says why; one written while offline says so and stays in its field to be sent again.
  const told = (ack: Ack) => {
    if (ack.error) session.tell(ack.error.code === 'offline' ? words.offline : errorText(ack.error.code, ack.error.message));
    return !ack.error;
  };
  const say = (payload: { page_id: string; block_id?: string | null; text: string; reply_to?: number }) =>
    session.ask('comment', 'add', undefined, payload).then(told);
  const resolve = (commentId: number) => session.ask('comment', 'resolve', undefined, { comment_id: commentId }).then(told);
  return { others, comments: [...comments.values()], say, resolve };
}

export type Together = ReturnType<typeof useTogether>;

/** Who other than the user holds the block, if anyone. */
export const holderOf = (others: PresentMember[], blockId: string) => others.find((member) => member.locks.includes(blockId));
