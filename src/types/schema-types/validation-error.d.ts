// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace ValidationErrorSchema {
/**
 * 400: each invalid field with its messages; problems of several fields under non_field_errors.
 */
export interface ValidationError {
/**
 * @minItems 1
 */
[k: string]: [string, ...(string)[]]
}
}
export type ValidationError = ValidationErrorSchema.ValidationError;
