// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PhotoMoveCountSchema {
/**
 * How many of the photos were put into the folder (those already in it are not counted).
 */
export interface PhotoMoveCount {
move_count: number
}
}
export type PhotoMoveCount = PhotoMoveCountSchema.PhotoMoveCount;
