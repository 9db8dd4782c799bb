// What one batch of editing messages reads, changes in memory and writes back in one transaction.
import type { Block, LayoutStatus, TemplateSlot, UnplacedContent } from '../../shared/layout-document';
import type { PhotoLook } from '../../shared/photo-look';
import type { Role } from '../../shared/user';
import type { PriceRule } from '../../orders/pricing';
import type { LayoutPageRow } from '../repository';
import type { MemberRole } from '../member-roles';

export interface EditedLayout {
  id: string;
  ownerId: number | null;
  status: LayoutStatus;
  /** Finished by its owner (layout/finish) since its last edit: the front end's COMPLETED. */
  finished: boolean;
  version: number;
  lastSchemePageNum: number;
  schemeThemeRel: Record<string, number>;
  unplaced: UnplacedContent[];
  /** The layout's text size in points: an unstyled text's. */
  fontSize: number;
  /** Pages with the cover (layouts.num_pages). */
  numPages: number;
  /** num_pages as the batch read it: when it changes, the price of the book in its owner's cart follows. */
  numPagesRead: number;
  /** The book's own photos (layout/add_photos), in the order added. */
  photoIds: number[];
  /** The theme of the layout's product: its background elements are the ones page/background takes. */
  themeId: number | null;
  /** The layout's format in cm with its interior page limits; null for a layout without one. */
  format: { widthCm: number; heightCm: number; minPages: number; maxPages: number } | null;
  /** The price list's rule for the format: the price follows the page count. */
  priceRule: PriceRule | null;
  /** The newest step of the stored undo history (0 when none). */
  lastStep: number;
  changed: boolean;
}

export interface EditedPage extends LayoutPageRow {
  changed: boolean;
  /** Added by this batch: written with an insert. */
  created?: boolean;
}

export interface Scheme {
  id: number;
  width: number;
  height: number;
  slots: TemplateSlot[];
}

/** A sender's account as the batch's transaction reads it. */
export interface EditingAccount {
  role: Role;
  tokenVersion: number;
}

/** What placing a photo needs to know of it: its owner, its upright size and where its subject is. */
export interface PlacementPhoto {
  id: number;
  ownerId: number;
  width: number;
  height: number;
  focusX: number | null;
  focusY: number | null;
  ready: boolean;
  /** Hidden from the library by destroy_many. */
  deleted: boolean;
  /** The capture instant in ms since the epoch, from the picture or its file; null when only the upload time is known. */
  capturedAt: number | null;
  /** Its near-duplicate group (the group's first photo's id). */
  duplicateGroup: number | null;
  /** What processing saw in it (faces, quality, likeness, camera); null for a photo processed before that. */
  look: PhotoLook | null;
}

/** A background image of a theme (a theme element), as page/background takes it. */
export interface ThemeBackground {
  id: number;
  themeId: number;
  imageKey: string | null;
}

export interface BatchState {
  layouts: Map<string, EditedLayout>;
  /**
   * The pages the batch's messages name, and every page of the layouts whose messages need them all (page add,
   * remove, move; undo and redo; autofill: EditTargets.wholeLayout).
   */
  pages: Map<string, EditedPage>;
  /** Pages removed by the batch: deleted when it is written. */
  removedPages: Set<string>;
  schemes: Map<number, Scheme>;
  /** The senders' accounts, by user id; a deleted account is absent. */
  accounts: Map<number, EditingAccount>;
  /** Photos the messages name and those placed on the loaded pages. */
  photos: Map<number, PlacementPhoto>;
  backgrounds: Map<number, ThemeBackground>;
  /** Each layout's undo history, as far as the batch has read and changed it. */
  history: Map<string, HistoryLog>;
  /** PRINT_DPI: a placed photo's quality is judged against it. */
  printDpi: number;
  /** Shared books (issue 50): the senders' member roles, by `${layoutId}:${userId}`; the sender of the message applied now. */
  members?: Map<string, MemberRole>;
  sender?: { id: number; member: boolean };
}

// The undo history (history.ts).

export type PageFields = Omit<EditedPage, 'changed' | 'created' | 'layoutId'>;

export interface LayoutFields {
  lastSchemePageNum: number;
  schemeThemeRel: Record<string, number>;
  unplaced: UnplacedContent[];
  numPages: number;
  photoIds: number[];
}

/**
 * A page as a step's "before" holds it when the page is there both before and after the step: only the fields that
 * changed, and, when its blocks kept their ids and order, only the blocks that changed (by id) instead of the list.
 */
export type PageChange = Partial<PageFields> & { changedBlocks?: Record<string, Block> };

/**
 * The book as a step holds it: the layout's fields (those that changed, in a "before"), and by page id the page's
 * fields (all of them for a page the step removed, or in an "after"; a PageChange for a page it changed), or null for
 * a page that did not exist.
 */
export interface BookState {
  layout: Partial<LayoutFields>;
  pages: Record<string, PageFields | PageChange | null>;
}

export interface HistoryStep {
  step: number;
  undone: boolean;
  before: BookState;
  /** Taken when the step is undone (redo puts it back); null until then. */
  after: BookState | null;
  /** Its maker (issue 50): a member's id, or null (absent) for the book's owner. */
  userId?: number | null;
  /** The book's version when the step was last done, undone or redone (null for a step stored before it was kept). */
  version?: number | null;
  /** Refused by its maker's undo (conflict): still in the book, passed over by their undo (own-undo.ts). */
  skipped?: boolean;
  /** Written by this batch (a new step); otherwise only a changed undone flag is written. */
  created?: boolean;
  flagChanged?: boolean;
}

/**
 * A layout's history in a batch. loaded: every stored step is in `steps` (undo and redo need them); otherwise `steps`
 * holds only the batch's new steps, and the stored redo branch is dropped by `dropStoredRedo`.
 */
export interface HistoryLog {
  loaded: boolean;
  lastStep: number;
  steps: HistoryStep[];
  dropStoredRedo: boolean;
  /** Members whose stored redo branch is dropped (dropStoredRedo is the owner's): each person has their own. */
  dropMembersRedo?: number[];
  /** Stored steps to delete (a dropped redo branch of a loaded history). */
  deleted: number[];
}

