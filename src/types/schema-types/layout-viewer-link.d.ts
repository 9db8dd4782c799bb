// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutViewerLinkSchema {
export interface LayoutViewerLink {
/**
 * The viewer page, signed: opens in a plain browser tab with no token
 */
url: string
expires: string
}
}
export type LayoutViewerLink = LayoutViewerLinkSchema.LayoutViewerLink;
