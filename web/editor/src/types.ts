// The service's wire shapes, from the types generated from its JSON Schemas (one source for both ends).
import type { LayoutSchema } from '../../../src/types/schema-types/layout';
import type { LayoutChangedSchema } from '../../../src/types/schema-types/layout-changed';

/** The layout read, with the price the editing channel's answers carry (absent from the read itself). */
export type Layout = LayoutSchema.Layout & { price_info?: { total_cost: number | null } };
export type Page = LayoutSchema.LayoutPage;
export type Block = LayoutSchema.LayoutBlock;
export type BookPhoto = LayoutChangedSchema.BookPhoto;
export type LayoutDelta = LayoutChangedSchema.LayoutDelta;
export type AutofillReport = LayoutChangedSchema.Autofill;
export type PlacedPhoto = NonNullable<Block['content']['photo']>;
export type TextStyle = NonNullable<Block['content']['style']>;

/** What an applied message changed: the ack's response_data, or a layout:changed event (page for data). */
export interface LayoutChange {
  data?: Page | null;
  page?: Page;
  pages?: Page[];
  removed_page_ids?: string[];
  layout?: LayoutDelta & { status?: string };
  autofill?: AutofillReport;
}

export interface EditMessage {
  transaction_id: string;
  object: 'block' | 'page' | 'layout';
  action: string;
  params: { layout_id: string; id?: string };
  payload: Record<string, unknown>;
}

export interface EditError {
  code: string;
  message: string;
  problems?: PreflightProblem[];
  /** Who holds the block a `locked` refusal is about. */
  holder?: { user_id: number; name: string };
}

export interface Ack {
  transaction_id: string | null;
  version?: number;
  response_data?: LayoutChange;
  error?: EditError;
}

export interface PreflightProblem {
  block_id?: string;
  kind: string;
  severity: 'error' | 'warning';
  message: string;
  dpi?: number;
  page?: number;
}

export interface Preflight {
  printable: boolean;
  errors: number;
  warnings: number;
  pages: { num: number; problems: PreflightProblem[] }[];
}

export interface Scheme {
  id: number;
  width: number;
  height: number;
  template_cat: string;
  slots: { type: 'PHOTO' | 'TEXT'; x: number; y: number; width: number; height: number }[];
}

export interface ThemeElement {
  id: number;
  element_type: string;
  image: string;
}
