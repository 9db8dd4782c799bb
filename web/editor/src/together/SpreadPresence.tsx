// Drawn over the open spread: the avatars of the others on its pages, the frames they hold (outlined in their colour
// with their name), and the pins of the open comment threads (at their frame, or at the page's corner).
import { words } from '../i18n';
import { blockRect, type PageFrame } from '../page-geometry';
import { type BookComment, initialsOf, type PresentMember } from './together-api';
import { togetherWords } from './together-words';

export interface SpreadPresenceProps {
  frames: PageFrame[];
  others: PresentMember[];
  threads: BookComment[];
  onOpenThread(commentId: number): void;
}

const nameOf = (member: { name: string }) => member.name || togetherWords.guest;

function pinPlace(frame: PageFrame, blockId: string | null) {
  const block = blockId ? frame.page.blocks.find((candidate) => candidate.id === blockId) : undefined;
  const rect = block ? blockRect(frame, block) : { x: frame.x, y: frame.y, width: 0, height: 0 };
  return { left: rect.x + rect.width - 12, top: rect.y - 12 };
}

export function SpreadPresence({ frames, others, threads, onOpenThread }: SpreadPresenceProps) {
  return (
    <div className="together-overlay">
      {frames.map((frame) => {
        const here = others.filter((member) => member.page_id === frame.page.id);
        return (
          <div className="avatars" key={frame.page.id} style={{ left: frame.x, top: frame.y - 22 }}>
            {here.map((member) => (
              <span className="avatar" key={member.user_id} data-testid="avatar" title={nameOf(member)} aria-label={nameOf(member)}
                style={{ background: member.colour }}>{initialsOf(member.name, togetherWords.guest)}</span>
            ))}
          </div>
        );
      })}
      {frames.flatMap((frame) => others.flatMap((member) => member.locks.flatMap((blockId) => {
        const block = frame.page.blocks.find((candidate) => candidate.id === blockId);
        if (!block) return [];
        const rect = blockRect(frame, block);
        return [(
          <div className="held-frame" key={`${member.user_id}-${blockId}`} data-testid="held-frame" data-held-block-id={blockId}
            style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height, borderColor: member.colour }}>
            <span style={{ background: member.colour }}>{nameOf(member)}</span>
          </div>
        )];
      })))}
      {frames.flatMap((frame) => threads.filter((thread) => thread.page_id === frame.page.id).map((thread) => (
        <button type="button" className="comment-pin" key={thread.id} data-testid="comment-pin" style={{ ...pinPlace(frame, thread.block_id), background: thread.colour }}
          aria-label={`${togetherWords.commentOn}: ${nameOf(thread)}, ${frame.page.type === 'COVER' ? words.cover : `${words.page} ${frame.page.num}`}`}
          onClick={() => onOpenThread(thread.id)}>✎</button>
      )))}
    </div>
  );
}
