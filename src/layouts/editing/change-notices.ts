// Which editing transactions a batch applied, as the other processes of the service hear it: the batch's own write
// statement sends these notices with pg_notify, so they are delivered at its commit and in commit order, and cost no
// round trip of their own. A notice names the transactions, not their changes: a process with editors of one of
// those layouts reads the acks it needs from layout_transactions (by primary key), the others read nothing.
export const LAYOUT_CHANGES_CHANNEL = 'photobook_layout_changes';

/** NOTIFY's payload limit is 8000 bytes; a notice stays under it with room for its opening and closing. */
const NOTICE_BYTES = 7600;

/** A transaction a notice names: the key of its record in layout_transactions, and its layout. */
export interface NoticedTransaction {
  layoutId: string;
  userId: number;
  transactionId: string;
}

/**
 * The notices of one batch's applied transactions, in the order they were applied, as few as fit NOTIFY's limit.
 * `from`: the sending process (which delivered the changes to its own connections already, and skips its notices).
 */
export function changeNotices(from: string, applied: NoticedTransaction[]): string[] {
  const notices: string[] = [];
  let entries: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (entries.length > 0) notices.push(`{"from":${JSON.stringify(from)},"applied":[${entries.join(',')}]}`);
    entries = [];
    bytes = 0;
  };
  for (const { layoutId, userId, transactionId } of applied) {
    // Ids are UUIDs and integers: the entry's JSON is its length in bytes.
    const entry = JSON.stringify([layoutId, userId, transactionId]);
    if (bytes + entry.length + 1 > NOTICE_BYTES) flush();
    entries.push(entry);
    bytes += entry.length + 1;
  }
  flush();
  return notices;
}

/** A notice read back; undefined for anything else on the channel (a readiness ping, a malformed payload). */
export function parseChangeNotice(payload: string): { from: string; applied: NoticedTransaction[] } | undefined {
  try {
    const notice = JSON.parse(payload) as { from?: unknown; applied?: unknown };
    if (typeof notice.from !== 'string' || !Array.isArray(notice.applied)) return undefined;
    const applied: NoticedTransaction[] = [];
    for (const entry of notice.applied as unknown[]) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isInteger(entry[1]) || typeof entry[2] !== 'string') return undefined;
      applied.push({ layoutId: entry[0], userId: entry[1] as number, transactionId: entry[2] });
    }
    return { from: notice.from, applied };
  } catch {
    return undefined;
  }
}
