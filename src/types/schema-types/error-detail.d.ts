// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ErrorDetailSchema {
/**
 * An error that concerns the whole request (401, 403, 404, 405, 413, 415, 429, 500, 503).
 */
export interface ErrorDetail {
detail: string
}
}
export type ErrorDetail = ErrorDetailSchema.ErrorDetail;
