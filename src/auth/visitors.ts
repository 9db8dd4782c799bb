// Visitor accounts: what a shopper makes before logging in follows them into the account they log in to, and a
// visitor nobody uses any more is deleted.
import type { Database, Transaction } from '../db/database';
import { createMembersRepository } from '../layouts/members-repository';
import { movePhotosInto } from '../photos/owner-merge';
import { removePhotosOf } from '../photos/owner-removal';
import type { StoredFileDeletions } from '../file-deletions/stored-file-deletions';
import { createVisitorsRepository } from './visitors-repository';

/** What a merge moved, for the log line of the login. */
export interface MergedVisitor {
  layouts: number;
  cartLines: number;
  photos: number;
}

/**
 * Moves the visitor's books, cart, photos and editing record into the account and deletes the visitor, inside the caller's
 * transaction (the login's), so that the login and the merge commit or fail together. Undefined when there is
 * nothing to merge: the visitor was merged by a login that won a race, purged, or is the account itself.
 */
export async function mergeVisitorInto(
  tx: Transaction, deletions: StoredFileDeletions, visitorId: number, userId: number,
): Promise<MergedVisitor | undefined> {
  if (visitorId === userId) return undefined;
  const visitors = createVisitorsRepository(tx.sql);
  if (!(await visitors.lockVisitor(visitorId))) return undefined;
  const layouts = await visitors.moveLayouts(visitorId, userId);
  const cartLines = await visitors.moveOrderSets(visitorId, userId);
  const { moved: photos, replaced } = await movePhotosInto(tx, deletions, visitorId, userId);
  // The books moved above place and list the visitor's copies: they show the account's photo of the same bytes now.
  await visitors.repointPhotos(userId, replaced.ids, replaced.sameAs);
  await visitors.moveEditingTransactions(visitorId, userId);
  // The books the visitor was invited to are the account's to make together now (issue 50).
  await createMembersRepository(tx.sql).moveMemberships(visitorId, userId);
  await visitors.deleteVisitor(visitorId);
  return { layouts, cartLines, photos };
}

const PURGE_BATCH = 200;

/**
 * Deletes every visitor unseen for idleSeconds (see lockIdleVisitors for what is kept), with its photos' files
 * (through the outbox of deletions); returns how many went.
 */
export async function purgeIdleVisitors(db: Database, idleSeconds: number, deletions: StoredFileDeletions): Promise<number> {
  let total = 0;
  for (;;) {
    // One transaction per batch: a long backlog never holds its locks all at once.
    const { deleted, files } = await db.transaction(async (tx) => {
      const visitors = createVisitorsRepository(tx.sql);
      const ids = await visitors.lockIdleVisitors(idleSeconds, PURGE_BATCH);
      const recorded: number[] = [];
      for (const id of ids) {
        recorded.push(...await removePhotosOf(tx, deletions, id));
        await visitors.deleteVisitor(id);
      }
      return { deleted: ids.length, files: recorded };
    });
    await deletions.deleteSoon(files);
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}
