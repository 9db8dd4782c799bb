// What one batch of editing messages reads, changes in memory and writes back in one transaction.
import type { LayoutStatus, TemplateSlot, UnplacedContent } from '../../shared/layout-document';
import type { Role } from '../../shared/user';
import type { LayoutPageRow } from '../repository';

export interface EditedLayout {
  id: string;
  ownerId: number | null;
  status: LayoutStatus;
  version: number;
  lastSchemePageNum: number;
  schemeThemeRel: Record<string, number>;
  unplaced: UnplacedContent[];
  /** The layout's format in cm; null for a layout without one (no scheme can be checked against it). */
  format: { widthCm: number; heightCm: number } | null;
  changed: boolean;
}

export interface EditedPage extends LayoutPageRow {
  changed: boolean;
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

export interface BatchState {
  layouts: Map<string, EditedLayout>;
  pages: Map<string, EditedPage>;
  schemes: Map<number, Scheme>;
  /** The senders' accounts, by user id; a deleted account is absent. */
  accounts: Map<number, EditingAccount>;
}
