// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace NamedListSchema {
/**
 * Choices of a filter: ids with a display name.
 */
export type NamedList = {
id: (number | string)
name: string
}[]
}
export type NamedList = NamedListSchema.NamedList;
