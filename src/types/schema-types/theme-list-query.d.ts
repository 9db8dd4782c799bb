// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ThemeListQuerySchema {
export interface ThemeListQuery {
/**
 * Only approved (true) or unapproved (false) themes; all when absent
 */
approved?: boolean
}
}
export type ThemeListQuery = ThemeListQuerySchema.ThemeListQuery;
