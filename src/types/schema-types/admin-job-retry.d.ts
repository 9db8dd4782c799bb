// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace AdminJobRetrySchema {
/**
 * A job failed for good, queued to run again from its first attempt.
 */
export interface AdminJobRetry {
id: string
/**
 * The job's name, as in GET /api/admin/jobs/
 */
name: string
state: "created"
}
}
export type AdminJobRetry = AdminJobRetrySchema.AdminJobRetry;
