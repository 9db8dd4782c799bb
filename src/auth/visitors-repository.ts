// SQL for visitor accounts: moving what a visitor owns into an account, and deleting idle visitors. No rules here.
import type { SqlExecutor } from '../db/database';

/** A user's open cart with its lines and delivery draft (the foreign keys restrict, so children go first). */
async function deleteOpenSets(sql: SqlExecutor, userId: number): Promise<void> {
  const openSets = "SELECT id FROM order_sets WHERE user_id = $1 AND status = 'OPEN'";
  await sql.query(`DELETE FROM orders WHERE order_set_id IN (${openSets})`, [userId]);
  await sql.query(`DELETE FROM deliveries WHERE order_set_id IN (${openSets})`, [userId]);
  await sql.query("DELETE FROM order_sets WHERE user_id = $1 AND status = 'OPEN'", [userId]);
}

export function createVisitorsRepository(sql: SqlExecutor) {
  return {
    /** Locks the visitor's row (so two logins of one visitor merge one at a time); false when it is no visitor now. */
    async lockVisitor(visitorId: number): Promise<boolean> {
      const { rows } = await sql.query("SELECT id FROM users WHERE id = $1 AND role = 'visitor' FOR UPDATE", [visitorId]);
      return rows.length === 1;
    },

    async moveLayouts(fromUserId: number, toUserId: number): Promise<number> {
      const { rowCount } = await sql.query('UPDATE layouts SET owner_id = $2, updated_at = now() WHERE owner_id = $1', [fromUserId, toUserId]);
      return rowCount;
    },

    /**
     * In the owner's open (or binned) books, each photo of ids[i] becomes sameAs[i]: in the photo list (in its place,
     * once), in PHOTO blocks and among the unplaced contents. A frozen book keeps the photos its order recorded.
     */
    async repointPhotos(ownerId: number, ids: number[], sameAs: number[]): Promise<void> {
      if (ids.length === 0) return;
      const pairs = 'SELECT * FROM unnest($2::int[], $3::int[]) AS pair(id, same_as)';
      const placedId = (item: string) => `CASE WHEN jsonb_typeof(${item}->'content'->'photo'->'photo_id') = 'number'
        THEN (${item}->'content'->'photo'->>'photo_id')::int END`;
      // A list of blocks (or unplaced contents) with their placed photos re-pointed, in their order.
      const repointed = (list: string) => `(SELECT coalesce(jsonb_agg(CASE WHEN pair.same_as IS NULL THEN item
          ELSE jsonb_set(item, '{content,photo,photo_id}', to_jsonb(pair.same_as)) END ORDER BY n), '[]'::jsonb)
        FROM jsonb_array_elements(${list}) WITH ORDINALITY AS e(item, n) LEFT JOIN (${pairs}) pair ON pair.id = ${placedId('item')})`;
      const open = "l.owner_id = $1 AND l.status IN ('OPEN', 'DELETED')";
      await sql.query(
        `UPDATE layout_pages lp SET blocks = ${repointed('lp.blocks')} FROM layouts l
          WHERE lp.layout_id = l.id AND ${open}
            AND EXISTS (SELECT 1 FROM jsonb_array_elements(lp.blocks) b WHERE ${placedId('b')} = ANY($2::int[]))`, [ownerId, ids, sameAs]);
      await sql.query(
        `UPDATE layouts l SET unplaced = ${repointed('l.unplaced')},
            photo_ids = (SELECT coalesce(jsonb_agg(to_jsonb(listed.id) ORDER BY listed.first), '[]'::jsonb) FROM (
              SELECT coalesce(pair.same_as, e.value::int) AS id, min(e.n) AS first
                FROM jsonb_array_elements_text(l.photo_ids) WITH ORDINALITY AS e(value, n) LEFT JOIN (${pairs}) pair ON pair.id = e.value::int
                GROUP BY 1) listed)
          WHERE ${open} AND (EXISTS (SELECT 1 FROM jsonb_array_elements_text(l.photo_ids) e WHERE e::int = ANY($2::int[]))
            OR EXISTS (SELECT 1 FROM jsonb_array_elements(l.unplaced) u WHERE ${placedId('u')} = ANY($2::int[])))`, [ownerId, ids, sameAs]);
    },

    /**
     * The visitor's open cart joins the account's: its lines move into the account's open set when there is one
     * (the visitor's books are distinct layouts, so no line meets a line of the same layout), else the set itself
     * changes hands. Any other set of the visitor changes hands as it is. Returns the cart lines moved.
     */
    async moveOrderSets(fromUserId: number, toUserId: number): Promise<number> {
      const { rows: [open] } = await sql.query<{ id: number }>(
        "SELECT id FROM order_sets WHERE user_id = $1 AND status = 'OPEN' FOR UPDATE", [toUserId]);
      let moved = 0;
      if (open) {
        const { rowCount } = await sql.query(
          `UPDATE orders SET order_set_id = $2
           WHERE order_set_id IN (SELECT id FROM order_sets WHERE user_id = $1 AND status = 'OPEN')`, [fromUserId, open.id]);
        moved = rowCount;
        await deleteOpenSets(sql, fromUserId);
      } else {
        const { rows: [count] } = await sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM orders o JOIN order_sets s ON s.id = o.order_set_id WHERE s.user_id = $1 AND s.status = 'OPEN'`,
          [fromUserId]);
        moved = count.n;
      }
      await sql.query('UPDATE order_sets SET user_id = $2 WHERE user_id = $1', [fromUserId, toUserId]);
      return moved;
    },

    /**
     * The visitor's applied editing messages become the account's, so a message sent before the login and resent
     * after it still applies once. An id the account already used for a message of its own stays the account's.
     */
    async moveEditingTransactions(fromUserId: number, toUserId: number): Promise<void> {
      await sql.query(
        `UPDATE layout_transactions AS moved SET user_id = $2 WHERE moved.user_id = $1
           AND NOT EXISTS (SELECT 1 FROM layout_transactions AS own WHERE own.user_id = $2 AND own.transaction_id = moved.transaction_id)`,
        [fromUserId, toUserId]);
      await sql.query('DELETE FROM layout_transactions WHERE user_id = $1', [fromUserId]);
    },

    /**
     * Deletes the visitor's row with its cart, books and editing record (never called for a visitor with a set past
     * OPEN). The token version moves on first: the account-change notice it sends ends the visitor's editing
     * connections in every process.
     */
    async deleteVisitor(visitorId: number): Promise<void> {
      await sql.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1', [visitorId]);
      await deleteOpenSets(sql, visitorId);
      await sql.query('DELETE FROM layout_transactions WHERE user_id = $1', [visitorId]);
      await sql.query('DELETE FROM users WHERE id = $1', [visitorId]);
    },

    /**
     * Up to `limit` visitors unseen for `idleSeconds`, locked for deletion (skipping any a login is merging now).
     * A visitor that an order holds is never among them: a set past OPEN, or a book in someone else's set.
     */
    async lockIdleVisitors(idleSeconds: number, limit: number): Promise<number[]> {
      const { rows } = await sql.query<{ id: number }>(
        `SELECT v.id FROM users AS v
         WHERE v.role = 'visitor' AND v.last_seen_at < now() - make_interval(secs => $1)
           AND NOT EXISTS (SELECT 1 FROM order_sets AS s WHERE s.user_id = v.id AND s.status <> 'OPEN')
           AND NOT EXISTS (SELECT 1 FROM orders AS o JOIN layouts AS l ON l.id = o.layout_id JOIN order_sets AS s ON s.id = o.order_set_id
                           WHERE l.owner_id = v.id AND s.user_id <> v.id)
         ORDER BY v.last_seen_at LIMIT $2
         FOR UPDATE OF v SKIP LOCKED`,
        [idleSeconds, limit]);
      return rows.map((row) => row.id);
    },
  };
}

export type VisitorsRepository = ReturnType<typeof createVisitorsRepository>;
