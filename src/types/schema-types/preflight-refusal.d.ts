// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PreflightRefusalSchema {
/**
 * A 409 of the cart: the set is no longer OPEN (detail only), or the book cannot be printed as it is (detail and its preflight, whose problems of severity error are what to fix).
 */
export interface PreflightRefusal {
detail: string
preflight?: Preflight
}
/**
 * What a book's print would get wrong, page by page: the checks a print shop runs before it prints. Errors (severity error) keep the book out of the cart and a set from being confirmed; warnings are shown and allowed.
 */
export interface Preflight {
layout: string
/**
 * The resolution photos should print at (PRINT_DPI); low is below it, cannot_print below half of it
 */
print_dpi: number
/**
 * Content closer than this to the trim may be cut
 */
safe_margin_mm: number
/**
 * No errors
 */
printable: boolean
errors: number
warnings: number
/**
 * Only the pages with problems, in page order (0 is the cover)
 */
pages: Page[]
}
export interface Page {
num: number
problems: Problem[]
}
export interface Problem {
/**
 * The block with the problem; empty for page_count, a problem of the book as a whole (listed on page 0)
 */
block_id: string
/**
 * empty_photo: a photo frame with nothing in it (warning). low: the photo prints below print_dpi (warning). cannot_print: below half of it (error). missing_photo: the placed photo is not in the owner's library or not processed yet (error). text_overflow: the text does not fit its block (error). missing_glyphs: characters its font has no glyph for (warning). unsafe_margin: content closer to the trim than safe_margin_mm, without running into the bleed (warning). page_count: the book's interior pages are outside the range its print partner takes for its cover (pages, min_pages, max_pages; error).
 */
kind: ("empty_photo" | "low" | "cannot_print" | "missing_photo" | "text_overflow" | "missing_glyphs" | "unsafe_margin" | "page_count")
severity: ("error" | "warning")
message: string
/**
 * low and cannot_print: what the photo prints at
 */
dpi?: number
/**
 * missing_glyphs: the characters
 */
characters?: string
/**
 * page_count: the book's interior pages
 */
pages?: number
/**
 * page_count: the fewest interior pages the print partner takes for this cover
 */
min_pages?: number
/**
 * page_count: the most interior pages the print partner takes for this cover
 */
max_pages?: number
}
}
export type PreflightRefusal = PreflightRefusalSchema.PreflightRefusal;
