// The book's comment threads: a new comment on the selected frame (or the open page), replies, and resolving (the
// owner and editors). Texts are shown as text, never as markup.
import { useState } from 'react';
import type { BookComment } from './together-api';
import { togetherWords } from './together-words';

export interface CommentsPanelProps {
  comments: BookComment[];
  openThreadId: number | null;
  mayResolve: boolean;
  /** Where a new comment goes: the selected frame, or the open spread's first page. */
  target: { page_id: string; block_id: string | null } | null;
  onSay(payload: { page_id: string; block_id?: string | null; text: string; reply_to?: number }): Promise<boolean>;
  onResolve(commentId: number): void;
}

function CommentForm({ label, onSend }: { label: string; onSend(text: string): Promise<boolean> }) {
  const [text, setText] = useState('');
  return (
    <form onSubmit={(event) => {
      event.preventDefault();
      if (text.trim()) void onSend(text).then((sent) => sent && setText(''));
    }}>
      <label className="controls">{label}
        <textarea rows={2} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button type="submit" disabled={!text.trim()}>{togetherWords.send}</button>
    </form>
  );
}

const Said = ({ comment }: { comment: BookComment }) => (
  <>
    <span className="who" style={{ color: comment.colour }}>{comment.name || togetherWords.guest}</span>
    <p className="text">{comment.text}</p>
  </>
);

export function CommentsPanel({ comments, openThreadId, mayResolve, target, onSay, onResolve }: CommentsPanelProps) {
  const threads = comments.filter((comment) => comment.reply_to === null).sort((a, b) => a.id - b.id);
  return (
    <section className="comments" aria-label={togetherWords.comments}>
      <h2>{togetherWords.comments}</h2>
      {threads.length === 0 && <p className="hint">{togetherWords.noComments}</p>}
      {threads.map((thread) => (
        <article key={thread.id} data-testid="thread" className={`thread${thread.resolved ? ' resolved' : ''}${thread.id === openThreadId ? ' open-thread' : ''}`}>
          <Said comment={thread} />
          {thread.block_id ? togetherWords.onFrame : togetherWords.onPage}{thread.resolved ? `, ${togetherWords.resolved}` : ''}
          {comments.filter((reply) => reply.reply_to === thread.id).sort((a, b) => a.id - b.id).map((reply) => (
            <div className="reply" key={reply.id}><Said comment={reply} /></div>
          ))}
          {!thread.resolved && (
            <details>
              <summary>{togetherWords.reply}</summary>
              <CommentForm label={togetherWords.replyText} onSend={(text) => onSay({ page_id: thread.page_id, text, reply_to: thread.id })} />
            </details>
          )}
          {mayResolve && !thread.resolved && <button type="button" onClick={() => onResolve(thread.id)}>{togetherWords.resolve}</button>}
        </article>
      ))}
      {target && <CommentForm label={togetherWords.addComment} onSend={(text) => onSay({ ...target, text })} />}
    </section>
  );
}
