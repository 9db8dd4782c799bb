// Who is in each book now, and which blocks they hold (issue 50): this process's connections, and what the other
// processes last said of theirs. Each process announces its own entries of a book when they change and every
// HEARTBEAT_MS while it has any; a process that stops announcing (it crashed) is forgotten after STALE_MS, a connection
// that closes at once. Soft locks last LOCK_MS unless renewed.

export const LOCK_MS = 10_000;
export const STALE_MS = 5_000;
const HEARTBEAT_MS = 2_000;
const SWEEP_MS = 500;

export interface PresenceEntry {
  connectionId: string;
  userId: number;
  name: string;
  colour: string;
  pageId: string | null;
  blockId: string | null;
  /** The block the connection holds and until when (epoch ms). */
  lock: { blockId: string; until: number } | null;
}

/** What every member connected to the book is told (schemas/presence.json). */
export interface PresenceMessage {
  layout_id: string;
  members: { user_id: number; name: string; colour: string; page_id: string | null; block_id: string | null; locks: string[] }[];
}

export interface PresenceBoardDependencies {
  /** Tells this process's connections of the book. */
  tell(layoutId: string, presence: PresenceMessage): void;
  /** Tells the other processes this process's entries of the book (absent on a one-process database). */
  announce?(layoutId: string, entries: PresenceEntry[]): void;
  now?: () => number;
}

export function createPresenceBoard(deps: PresenceBoardDependencies) {
  const now = deps.now ?? Date.now;
  const local = new Map<string, Map<string, PresenceEntry>>();
  const remote = new Map<string, Map<string, { entries: PresenceEntry[]; heardAt: number }>>();
  let lastHeartbeat = now();

  const entriesOf = (layoutId: string): PresenceEntry[] => [
    ...(local.get(layoutId)?.values() ?? []),
    ...[...(remote.get(layoutId)?.values() ?? [])].flatMap((heard) => heard.entries),
  ];

  function presenceOf(layoutId: string): PresenceMessage {
    const byUser = new Map<number, PresenceMessage['members'][number]>();
    for (const entry of entriesOf(layoutId)) {
      const member = byUser.get(entry.userId) ?? { user_id: entry.userId, name: entry.name, colour: entry.colour, page_id: null, block_id: null, locks: [] };
      // A person on two devices shows where either of them is.
      member.page_id ??= entry.pageId;
      member.block_id ??= entry.blockId;
      if (entry.lock && entry.lock.until > now()) member.locks.push(entry.lock.blockId);
      byUser.set(entry.userId, member);
    }
    return { layout_id: layoutId, members: [...byUser.values()].sort((a, b) => a.user_id - b.user_id) };
  }

  // People told of last, per book: presence is told while two or more people are in the book, and once more when
  // one is left; one person alone (on any number of devices) is told nothing, as before books were shared.
  const toldPeople = new Map<string, number>();
  function changed(layoutId: string, announce = true): void {
    const presence = presenceOf(layoutId);
    const people = presence.members.length;
    if (people > 1 || (toldPeople.get(layoutId) ?? 0) > 1) deps.tell(layoutId, presence);
    if (people > 1) toldPeople.set(layoutId, people);
    else toldPeople.delete(layoutId);
    if (announce) deps.announce?.(layoutId, [...(local.get(layoutId)?.values() ?? [])]);
  }

  // Expired locks and silent processes are dropped (and told); this process's entries are announced again.
  const sweeper = setInterval(() => {
    const at = now();
    const heartbeat = at - lastHeartbeat >= HEARTBEAT_MS;
    if (heartbeat) lastHeartbeat = at;
    for (const [layoutId, entries] of local) {
      let expired = false;
      for (const entry of entries.values()) {
        if (entry.lock && entry.lock.until <= at) {
          entry.lock = null;
          expired = true;
        }
      }
      if (expired) changed(layoutId);
      else if (heartbeat) deps.announce?.(layoutId, [...entries.values()]);
    }
    for (const [layoutId, processes] of remote) {
      let dropped = false;
      for (const [processId, heard] of processes) {
        if (at - heard.heardAt > STALE_MS) dropped = processes.delete(processId);
        else if (heard.entries.some((entry) => entry.lock && entry.lock.until <= at)) {
          heard.entries = heard.entries.map((entry) => (entry.lock && entry.lock.until <= at ? { ...entry, lock: null } : entry));
          dropped = true;
        }
      }
      if (processes.size === 0) remote.delete(layoutId);
      if (dropped) changed(layoutId, false);
    }
  }, SWEEP_MS);
  sweeper.unref();

  return {
    presenceOf,
    /** Adds or changes this process's connection's entry in the book, and tells everyone. */
    set(layoutId: string, entry: PresenceEntry): void {
      (local.get(layoutId) ?? local.set(layoutId, new Map()).get(layoutId)!).set(entry.connectionId, entry);
      changed(layoutId);
    },
    entry: (layoutId: string, connectionId: string) => local.get(layoutId)?.get(connectionId),
    /** The connection's entries go (it closed, or left the book), told to everyone. */
    remove(connectionId: string, onlyLayoutId?: string): void {
      for (const [layoutId, entries] of local) {
        if (onlyLayoutId !== undefined && layoutId !== onlyLayoutId) continue;
        if (!entries.delete(connectionId)) continue;
        if (entries.size === 0) local.delete(layoutId);
        changed(layoutId);
        // Told once more when empty: the other processes forget this process's entries of the book.
      }
    },
    /** Another process's entries of the book, as it announced them. */
    heard(processId: string, layoutId: string, entries: PresenceEntry[]): void {
      const processes = remote.get(layoutId) ?? remote.set(layoutId, new Map()).get(layoutId)!;
      const before = JSON.stringify(processes.get(processId)?.entries ?? []);
      if (entries.length === 0) processes.delete(processId);
      else processes.set(processId, { entries, heardAt: now() });
      if (processes.size === 0) remote.delete(layoutId);
      if (JSON.stringify(entries) !== before) changed(layoutId, false);
    },
    /** Who else (another user) holds the block now, in any process. */
    holderOf(layoutId: string, blockId: string, userId: number): PresenceEntry | undefined {
      return entriesOf(layoutId).find((entry) => entry.userId !== userId && entry.lock?.blockId === blockId && entry.lock.until > now());
    },
    close: () => clearInterval(sweeper),
  };
}

export type PresenceBoard = ReturnType<typeof createPresenceBoard>;
