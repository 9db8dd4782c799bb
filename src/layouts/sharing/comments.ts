// Comments on a shared book (issue 50): any member (and the owner) comments on a page or a block, or replies to a
// thread; the owner and editors resolve threads. Each new or resolved comment is told on COMMENTS_CHANNEL at commit,
// so every process tells its connections of the book. Text is stored and sent as plain text, bounded in length, and a
// book holds at most COMMENTS_PER_BOOK comments.
import type { Database, SqlExecutor } from '../../db/database';
import { forbidden, invalid, notFound } from '../../shared/errors';
import type { AuthenticatedUser } from '../../shared/user';
import { createMembersRepository } from '../members-repository';
import { colourOf, mayResolveComments, type MemberRole } from '../member-roles';

export const COMMENTS_CHANNEL = 'photobook_layout_comments';
export const COMMENTS_PER_BOOK = 500;

interface CommentRow {
  id: string | number; layout_id: string; user_id: number; name: string; page_id: string; block_id: string | null;
  reply_to: string | number | null; text: string; resolved_at: Date | null; created_at: Date;
}

export type PresentedComment = ReturnType<typeof presentComment>;

const presentComment = (row: CommentRow) => ({
  id: Number(row.id), layout_id: row.layout_id, user_id: row.user_id, name: row.name, colour: colourOf(row.user_id), page_id: row.page_id,
  block_id: row.block_id, reply_to: row.reply_to === null ? null : Number(row.reply_to), text: row.text, resolved: row.resolved_at !== null,
  created_at: row.created_at.toISOString(),
});

const SELECT = `SELECT c.id, c.layout_id, c.user_id, u.name, c.page_id, c.block_id, c.reply_to, c.text, c.resolved_at, c.created_at
  FROM layout_comments c JOIN users u ON u.id = c.user_id`;

export interface NewComment {
  page_id: string;
  block_id?: string | null;
  text: string;
  reply_to?: number | null;
}

export function createComments(db: Database) {
  /** The caller's standing in the book; not found for anyone who is neither its owner nor a member. */
  async function standing(sql: SqlExecutor, user: AuthenticatedUser, layoutId: string): Promise<MemberRole | 'owner'> {
    const { rows } = await sql.query<{ owner_id: number | null }>('SELECT owner_id FROM layouts WHERE id = $1', [layoutId]);
    if (!rows[0]) throw notFound('Layout not found.');
    if (rows[0].owner_id === user.id) return 'owner';
    const role = await createMembersRepository(sql).roleOf(layoutId, user.id);
    if (!role) throw notFound('Layout not found.');
    return role;
  }
  const tell = (sql: SqlExecutor, comment: PresentedComment) => sql.query('SELECT pg_notify($1, $2)', [COMMENTS_CHANNEL, JSON.stringify(comment)]);
  const one = async (sql: SqlExecutor, where: string, params: unknown[]) =>
    (await sql.query<CommentRow>(`${SELECT} WHERE ${where}`, params)).rows[0];

  return {
    /** Adds the comment once per transaction id (a replay answers the comment it made). */
    add: (user: AuthenticatedUser, layoutId: string, transactionId: string, comment: NewComment) => db.transaction(async (tx) => {
      await standing(tx.sql, user, layoutId);
      const replayed = await one(tx.sql, 'c.user_id = $1 AND c.transaction_id = $2', [user.id, transactionId]);
      if (replayed) return presentComment(replayed);
      const text = comment.text.trim();
      if ([...text].some((character) => character < ' ' && character !== '\n')) throw invalid({ text: ['No control characters.'] });
      await createMembersRepository(tx.sql).lockLayout(layoutId);
      const { rows: [{ count }] } = await tx.sql.query<{ count: number }>('SELECT count(*)::integer AS count FROM layout_comments WHERE layout_id = $1', [layoutId]);
      if (count >= COMMENTS_PER_BOOK) throw invalid({ non_field_errors: [`A book holds at most ${COMMENTS_PER_BOOK} comments.`] });
      if (comment.reply_to != null) {
        const thread = await one(tx.sql, 'c.id = $1 AND c.layout_id = $2 AND c.reply_to IS NULL', [comment.reply_to, layoutId]);
        if (!thread) throw notFound(`Comment ${comment.reply_to} not found.`);
      }
      const { rows: [{ id }] } = await tx.sql.query<{ id: string }>(
        `INSERT INTO layout_comments (layout_id, user_id, transaction_id, page_id, block_id, reply_to, text)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [layoutId, user.id, transactionId, comment.page_id.toLowerCase(), comment.block_id?.toLowerCase() ?? null, comment.reply_to ?? null, text]);
      const presented = presentComment(await one(tx.sql, 'c.id = $1', [id]));
      await tell(tx.sql, presented);
      return presented;
    }),

    /** Resolves the thread (its first comment); the owner and editors only. Resolving again changes nothing. */
    resolve: (user: AuthenticatedUser, layoutId: string, commentId: number) => db.transaction(async (tx) => {
      if (!mayResolveComments(await standing(tx.sql, user, layoutId))) throw forbidden('Only the owner and editors resolve comments.');
      const { rowCount } = await tx.sql.query(
        'UPDATE layout_comments SET resolved_at = now(), resolved_by = $3 WHERE id = $1 AND layout_id = $2 AND resolved_at IS NULL', [commentId, layoutId, user.id]);
      const row = await one(tx.sql, 'c.id = $1 AND c.layout_id = $2', [commentId, layoutId]);
      if (!row) throw notFound(`Comment ${commentId} not found.`);
      const presented = presentComment(row);
      if (rowCount) await tell(tx.sql, presented);
      return presented;
    }),

    /** The book's threads, oldest first, each with its replies. */
    async threads(user: AuthenticatedUser, layoutId: string) {
      await standing(db.sql, user, layoutId);
      const rows = (await db.sql.query<CommentRow>(`${SELECT} WHERE c.layout_id = $1 ORDER BY c.id`, [layoutId])).rows.map(presentComment);
      return rows.filter((row) => row.reply_to === null).map((thread) => ({ ...thread, replies: rows.filter((row) => row.reply_to === thread.id) }));
    },
  };
}

export type Comments = ReturnType<typeof createComments>;
