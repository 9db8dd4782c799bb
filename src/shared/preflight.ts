// A book's preflight as its readers see it: the problems a print would have, per page, errors and warnings. Made by
// src/layouts/preflight/service.ts; the cart and the confirmation of a set refuse a book with errors and carry the warnings.
export type PreflightKind = 'empty_photo' | 'low' | 'cannot_print' | 'missing_photo' | 'text_overflow' | 'missing_glyphs' | 'unsafe_margin'
  | 'page_count';
export type PreflightSeverity = 'error' | 'warning';

export interface PreflightProblem {
  block_id: string;
  kind: PreflightKind;
  severity: PreflightSeverity;
  message: string;
  dpi?: number;
  characters?: string;
  /** page_count: the book's interior pages and the range its print partner takes. */
  pages?: number;
  min_pages?: number;
  max_pages?: number;
}

export interface PreflightPage {
  num: number;
  problems: PreflightProblem[];
}

export interface Preflight {
  layout: string;
  print_dpi: number;
  safe_margin_mm: number;
  printable: boolean;
  errors: number;
  warnings: number;
  pages: PreflightPage[];
}

/** The preflights of a set's books (or one book's), by what a caller needs to refuse or warn. */
export type PreflightOf = (layoutId: string) => Promise<Preflight | undefined>;
