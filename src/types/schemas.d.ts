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

export declare namespace AdminJobsSchema {
/**
 * Per background job name: how many jobs are in each state, the jobs that look stuck, and the most recent failures.
 */
export type AdminJobs = {
name: string
counts: {
[k: string]: number
}
/**
 * Active jobs running for more than half their expiry, oldest first: a hung job, or (past_expiry) one whose worker died, which the queue retries within 10 s of its expiry
 * 
 * @maxItems 20
 */
stuck: []|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]|[{
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}, {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}]
/**
 * @maxItems 20
 */
recent_failures: []|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]|[{
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}, {
id: string
/**
 * retry: it will be tried again; failed: for good
 */
state: ("retry" | "failed")
error: string
attempts: number
failed_at: (string | null)
payload: {

}
}]
}[]
}
export type AdminJobs = AdminJobsSchema.AdminJobs;

export declare namespace AdminOrderSetListSchema {
/**
 * An order set's delivery once one is saved, else null: its type, state (draft, placing, placed), price in roubles and the address fields that were sent.
 */
export type OrderSetDelivery = ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} & ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} | null))

export interface AdminOrderSetList {
count: number
next: (number | null)
previous: (number | null)
/**
 * @maxItems 30
 */
results: AdminOrderSet[]
}
/**
 * An order set as administrators see it: the shopper's view plus its owner, its refund and every status change (oldest first).
 */
export interface AdminOrderSet {
id: number
status: ("OPEN" | "CONFIRMED" | "PAID" | "IN_PRODUCTION" | "SHIPPED" | "DELIVERED" | "CANCELED")
tracking_number: (string | null)
total_cost: number
created: string
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
orders: Order[]
user: {
id: number
email: (string | null)
}
/**
 * null: never refunded. requested: asked of the provider, not confirmed (the set is not canceled); pending or succeeded: accepted.
 */
refund: (null | {
status: ("requested" | "pending" | "succeeded")
amount: number
provider_refund_id: (string | null)
})
history: {
from_status: string
status: string
tracking_number: (string | null)
changed_by: (null | {
id: number
email: (string | null)
})
changed_at: string
}[]
}
/**
 * The parcel the order set packs into (see the packing rule in the README): sides in centimetres, weight in kilograms. All zero for an empty cart.
 */
export interface DeliveryBoxSize {
width: number
height: number
depth: number
weight: number
}
/**
 * One layout in an order set, with what the front end shows of the layout. price = one copy's price; cost = price x count; total_cost, delivery_box_size and delivery are the whole order set's. Money in roubles.
 */
export interface Order {
id: number
orderset_id: number
layout_id: string
/**
 * The layout's hash (the editor's URL)
 */
hash: string
layout_name: string
/**
 * The layout's format id
 */
fmt: (number | null)
num_pages: number
/**
 * Absolute URL of the cover preview image of the product the layout was made from; null until it is rendered
 */
cover: (string | null)
/**
 * When the layout last changed
 */
changed: string
count: number
/**
 * One copy's price
 */
price: number
cost: number
total_cost: number
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
}
}
export type AdminOrderSetList = AdminOrderSetListSchema.AdminOrderSetList;

export declare namespace AdminOrderSetQuerySchema {
export interface AdminOrderSetQuery {
/**
 * Only sets in this status
 */
status?: ("OPEN" | "CONFIRMED" | "PAID" | "IN_PRODUCTION" | "SHIPPED" | "DELIVERED" | "CANCELED")
}
}
export type AdminOrderSetQuery = AdminOrderSetQuerySchema.AdminOrderSetQuery;

export declare namespace AdminOrderSetSchema {
/**
 * An order set's delivery once one is saved, else null: its type, state (draft, placing, placed), price in roubles and the address fields that were sent.
 */
export type OrderSetDelivery = ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} & ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} | null))

/**
 * An order set as administrators see it: the shopper's view plus its owner, its refund and every status change (oldest first).
 */
export interface AdminOrderSet {
id: number
status: ("OPEN" | "CONFIRMED" | "PAID" | "IN_PRODUCTION" | "SHIPPED" | "DELIVERED" | "CANCELED")
tracking_number: (string | null)
total_cost: number
created: string
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
orders: Order[]
user: {
id: number
email: (string | null)
}
/**
 * null: never refunded. requested: asked of the provider, not confirmed (the set is not canceled); pending or succeeded: accepted.
 */
refund: (null | {
status: ("requested" | "pending" | "succeeded")
amount: number
provider_refund_id: (string | null)
})
history: {
from_status: string
status: string
tracking_number: (string | null)
changed_by: (null | {
id: number
email: (string | null)
})
changed_at: string
}[]
}
/**
 * The parcel the order set packs into (see the packing rule in the README): sides in centimetres, weight in kilograms. All zero for an empty cart.
 */
export interface DeliveryBoxSize {
width: number
height: number
depth: number
weight: number
}
/**
 * One layout in an order set, with what the front end shows of the layout. price = one copy's price; cost = price x count; total_cost, delivery_box_size and delivery are the whole order set's. Money in roubles.
 */
export interface Order {
id: number
orderset_id: number
layout_id: string
/**
 * The layout's hash (the editor's URL)
 */
hash: string
layout_name: string
/**
 * The layout's format id
 */
fmt: (number | null)
num_pages: number
/**
 * Absolute URL of the cover preview image of the product the layout was made from; null until it is rendered
 */
cover: (string | null)
/**
 * When the layout last changed
 */
changed: string
count: number
/**
 * One copy's price
 */
price: number
cost: number
total_cost: number
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
}
}
export type AdminOrderSet = AdminOrderSetSchema.AdminOrderSet;

export declare namespace LoginErrorSchema {
/**
 * Denial: {"err": "access_denied"} (google) or {"err": "<error_reason> <error_description>"} (vk, instagram). Other failures: missing_state, invalid_state, expired_state, state_already_used, browser_mismatch (the state was asked for by another browser, or the photobook_login cookie is missing), invalid_code, provider_unavailable, provider_bad_response.
 */
export interface LoginError {
err: string
}
}
export type LoginError = LoginErrorSchema.LoginError;

export declare namespace VisitorTokenSchema {
/**
 * POST /auth/autoreg/: a signed JWT for an anonymous visitor. Its payload: user {id: null, role: "visitor"}, iat, exp, iss, aud; no sub. The service reads it as no token at all.
 */
export interface VisitorToken {
token: string
}
}
export type VisitorToken = VisitorTokenSchema.VisitorToken;

export declare namespace AuthorizationUrlSchema {
export interface AuthorizationUrl {
/**
 * The provider's authorization URL, with a fresh single-use state
 */
url: string
}
}
export type AuthorizationUrl = AuthorizationUrlSchema.AuthorizationUrl;

export declare namespace UserSchema {
export interface User {
id: number
email: (string | null)
name: string
/**
 * The name to show (the same as name)
 */
full_name: string
/**
 * visitor: an account made by POST /auth/autoreg/ (no e-mail) until it logs in
 */
role: ("visitor" | "user" | "moderator" | "admin")
}
}
export type User = UserSchema.User;

export declare namespace DeliveryBoxSizeSchema {
/**
 * The parcel the order set packs into (see the packing rule in the README): sides in centimetres, weight in kilograms. All zero for an empty cart.
 */
export interface DeliveryBoxSize {
width: number
height: number
depth: number
weight: number
}
}
export type DeliveryBoxSize = DeliveryBoxSizeSchema.DeliveryBoxSize;

export declare namespace CartCountSchema {
/**
 * How many orders (layouts) the cart holds.
 */
export interface CartCount {
count: number
}
}
export type CartCount = CartCountSchema.CartCount;

export declare namespace DeliveryCityListSchema {
/**
 * Cities the aggregator knows whose name contains q.
 */
export type DeliveryCityList = {
id: number
name: string
region: string
}[]
}
export type DeliveryCityList = DeliveryCityListSchema.DeliveryCityList;

export declare namespace DeliveryCityQuerySchema {
export interface DeliveryCityQuery {
/**
 * Part of the city's name
 */
q: string
}
}
export type DeliveryCityQuery = DeliveryCityQuerySchema.DeliveryCityQuery;

export declare namespace DeliveryCompanyListSchema {
export type DeliveryCompanyList = {
id: number
name: string
}[]
}
export type DeliveryCompanyList = DeliveryCompanyListSchema.DeliveryCompanyList;

export declare namespace DeliveryCreateSchema {
/**
 * The delivery request of an OPEN order set: places the order at the aggregator (as a draft there unless is_confirm), confirms the set and starts the payment. price and delivery_sum, when sent, are checked against the server's. Declared value, sides and weight are accepted but the server uses its own (the cart's value and the packing rule). delivery_company is accepted and ignored. Unknown fields are ignored. On a CONFIRMED order set the body is not read (the pay action).
 */
export type DeliveryCreate = ({
[k: string]: unknown
} & {
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
delivery_point_id?: Id
delivery_company_id?: Id
pickup_company_id?: Id
/**
 * An id; a string of digits is taken too
 */
to_city_id?: (number | string)
to_street?: string
to_house?: string
to_flat?: string
to_postal_code?: string
declared_price?: number
dimension_side1?: number
dimension_side2?: number
dimension_side3?: number
weight?: number
/**
 * The number of parcels (the aggregator's places) the set ships in, 1 up to the number of books in the set (the sum of its orders' counts); more is 400. The product lines stay the whole cart's.
 */
item_count: number
fio_name: string
fio_surname: string
/**
 * The patronymic; "" for someone who has none
 */
fio_fathername: string
to_phone: Phone
to_add_phone?: Phone
to_email?: string
/**
 * The parcel's lines (spec 2.3), one per order of the cart in its order. The aggregator gets the cart's own lines ({name: the layout's name, price_declared: the unit price in whole roubles, count}); a line sent must agree with the cart's in those fields where it gives them, else 400. vendor_code, barcode, nds and other fields are ignored.
 * 
 * @maxItems 1000
 */
products?: {
name?: Text
vendor_code?: string
barcode?: string
/**
 * VAT in percent
 */
nds?: (0 | 10 | 18)
/**
 * Declared price, whole roubles
 */
price_declared?: number
count?: number
}[]
/**
 * @maxItems 20
 */
services?: []|[(number | string)]|[(number | string), (number | string)]|[(number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]|[(number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string), (number | string)]
comment?: string
company_info?: ({

} | string | null)
/**
 * The goods' total declared price in roubles (the order set's total_cost); checked against the server's when sent
 */
price?: number
/**
 * The delivery's cost in roubles, as check_delivery_price quoted it; checked against the server's when sent
 */
delivery_sum?: number
npp_option: boolean
/**
 * The aggregator's flag: false places the order there as a draft, confirmed once the order set is paid; true places it confirmed
 */
is_confirm: boolean
/**
 * Sent by the pay action; accepted and ignored
 */
delivery_company?: {

}
})
/**
 * An id; a string of digits is taken too
 */
export type Id = (number | string)
/**
 * A Russian number: XXXXXXXXXX (10 digits), +7XXXXXXXXXX or 8XXXXXXXXXX; stored and sent as +7XXXXXXXXXX
 */
export type Phone = string
export type Text = string
}
export type DeliveryCreate = DeliveryCreateSchema.DeliveryCreate;

export declare namespace DeliveryCreatedSchema {
/**
 * The payment link of the order set (its payment page at the payment provider).
 */
export interface DeliveryCreated {
link: string
}
}
export type DeliveryCreated = DeliveryCreatedSchema.DeliveryCreated;

export declare namespace DeliveryErrorSchema {
/**
 * A delivery or payment failure: error is the HTTP status (409 a conflict, with the current price (the goods) and delivery_sum (the delivery) when the client's figures are stale; 423 a confirm in progress, with Retry-After; 500 the aggregator refused or the payment provider failed; 503 the aggregator did not answer whether it placed the order, with Retry-After: a retry then adopts that order).
 */
export interface DeliveryError {
error: number
detail: string
price?: number
delivery_sum?: number
}
}
export type DeliveryError = DeliveryErrorSchema.DeliveryError;

export declare namespace DeliveryOptionsQuerySchema {
export interface DeliveryOptionsQuery {
to_city_id: number
}
}
export type DeliveryOptionsQuery = DeliveryOptionsQuerySchema.DeliveryOptionsQuery;

export declare namespace DeliveryOptionsSchema {
/**
 * DD.MM.YYYY, or "-" when there is none
 */
export type Date = string

/**
 * The aggregator form (the calculator's envelope): per type code (1 PVZ, 2 COURIER, 3 POCHTA) every company with its price in roubles and its dates. total_price = price_delivery + price_commission_declared; total_price is what check_delivery_price answers.
 */
export interface DeliveryOptions {
status: "ok"
message: string
data: {
/**
 * This interface was referenced by `undefined`'s JSON-Schema definition
 * via the `patternProperty` "^[123]$".
 */
[k: string]: {
type: (1 | 2 | 3)
type_name: string
delivery: {
/**
 * The company takes cash on delivery
 */
is_cash: boolean
/**
 * The commission on the declared value, roubles
 */
price_commission_declared: number
/**
 * That commission in percent of the declared value
 */
percent_commission_declared: number
pickup_company_id: number
/**
 * The delivery's price: price_delivery + price_commission_declared
 */
total_price: number
/**
 * The carriage alone
 */
price_delivery: number
delivery_company_name: string
delivery_company_abbr: string
delivery_company_id: number
delivery_date: Date
/**
 * DD.MM.YYYY, or "-" when there is none
 */
delivery_hold_date: string
delivery_days: number
/**
 * The company's extra services, as the aggregator describes them
 */
service: unknown[]
}[]
}
}
}
}
export type DeliveryOptions = DeliveryOptionsSchema.DeliveryOptions;

export declare namespace DeliveryPointListSchema {
/**
 * The pickup points (PVZ) in a city.
 */
export type DeliveryPointList = {
id: number
name: string
address: string
city_id: number
delivery_company_id: number
}[]
}
export type DeliveryPointList = DeliveryPointListSchema.DeliveryPointList;

export declare namespace DeliveryPointQuerySchema {
export interface DeliveryPointQuery {
city_id: number
}
}
export type DeliveryPointQuery = DeliveryPointQuerySchema.DeliveryPointQuery;

export declare namespace DeliveryPriceCheckSchema {
/**
 * A delivery choice to price for the order set's parcel. to_city_id and delivery_company_id are required for every type but PICKUP.
 */
export interface DeliveryPriceCheck {
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
/**
 * An id; a string of digits is taken too
 */
to_city_id?: (number | string)
/**
 * An id; a string of digits is taken too
 */
delivery_company_id?: (number | string)
}
}
export type DeliveryPriceCheck = DeliveryPriceCheckSchema.DeliveryPriceCheck;

export declare namespace DeliveryPriceErrorSchema {
/**
 * The aggregator failed (down, slow, an unreadable answer or an error envelope); the cause is logged.
 */
export interface DeliveryPriceError {
/**
 * @minItems 1
 * @maxItems 1
 */
check_delivery_price: ["server_error"]
}
}
export type DeliveryPriceError = DeliveryPriceErrorSchema.DeliveryPriceError;

export declare namespace DeliveryPriceSchema {
export interface DeliveryPrice {
/**
 * Roubles
 */
price: number
}
}
export type DeliveryPrice = DeliveryPriceSchema.DeliveryPrice;

export declare namespace OrderSetDeliverySchema {
/**
 * An order set's delivery once one is saved, else null: its type, state (draft, placing, placed), price in roubles and the address fields that were sent.
 */
export type OrderSetDelivery = ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} & ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} | null))
}
export type OrderSetDelivery = OrderSetDeliverySchema.OrderSetDelivery;

export declare namespace ErrorDetailSchema {
/**
 * An error that concerns the whole request (401, 403, 404, 405, 413, 415, 429, 500, 503).
 */
export interface ErrorDetail {
detail: string
}
}
export type ErrorDetail = ErrorDetailSchema.ErrorDetail;

export declare namespace FolderListSchema {
/**
 * The caller's folders, oldest first (the front end shows them reversed).
 */
export type FolderList = Folder[]

/**
 * A folder of the caller's photos.
 */
export interface Folder {
id: number
name: string
}
}
export type FolderList = FolderListSchema.FolderList;

export declare namespace FolderMoveManySchema {
/**
 * Photos of the folder in the path to move into another folder.
 */
export interface FolderMoveMany {
/**
 * @minItems 1
 * @maxItems 1000
 */
photo_id_list: [number, ...(number)[]]
new_folder_id: number
}
}
export type FolderMoveMany = FolderMoveManySchema.FolderMoveMany;

export declare namespace FolderNameSchema {
export interface FolderName {
/**
 * 1 to 20 characters, not only spaces
 */
name: string
}
}
export type FolderName = FolderNameSchema.FolderName;

export declare namespace FolderRemoveCountSchema {
/**
 * How many of the photos the folder held (they stay in the library).
 */
export interface FolderRemoveCount {
remove_count: number
}
}
export type FolderRemoveCount = FolderRemoveCountSchema.FolderRemoveCount;

export declare namespace FolderToCountSchema {
/**
 * How many of the photos the folder held, now in the new folder.
 */
export interface FolderToCount {
to_count: number
}
}
export type FolderToCount = FolderToCountSchema.FolderToCount;

export declare namespace FolderSchema {
/**
 * A folder of the caller's photos.
 */
export interface Folder {
id: number
name: string
}
}
export type Folder = FolderSchema.Folder;

export declare namespace GalleryFilterSchema {
/**
 * Product type ids (see /api/gallery/meta/ product_type).
 * 
 * @maxItems 50
 */
export type Ids = number[]
/**
 * Format ids (meta fmt).
 * 
 * @maxItems 50
 */
export type Ids1 = number[]
/**
 * Theme category ids (meta theme_cat, or /api/gallery2/themecategory/).
 * 
 * @maxItems 50
 */
export type Ids2 = number[]
/**
 * Theme color ids.
 * 
 * @maxItems 50
 */
export type Ids3 = number[]
/**
 * Theme style ids.
 * 
 * @maxItems 50
 */
export type Ids4 = number[]
/**
 * Theme author ids.
 * 
 * @maxItems 50
 */
export type Ids5 = number[]

/**
 * Filters of GET /api/gallery/product/ (version 1). A repeated parameter means any of its values; different parameters must all hold. Unknown parameters are ignored.
 */
export interface GalleryFilter {
/**
 * Case-insensitive substring of the product's name or description, matched literally (% and _ are plain characters).
 */
search?: string
type?: Ids
fmt?: Ids1
/**
 * Format orientations.
 * 
 * @maxItems 3
 */
fmt_orient?: []|[("HORIZONTAL" | "VERTICAL" | "SQUARE")]|[("HORIZONTAL" | "VERTICAL" | "SQUARE"), ("HORIZONTAL" | "VERTICAL" | "SQUARE")]|[("HORIZONTAL" | "VERTICAL" | "SQUARE"), ("HORIZONTAL" | "VERTICAL" | "SQUARE"), ("HORIZONTAL" | "VERTICAL" | "SQUARE")]
/**
 * Template categories of the product's pages, by the string ids the metadata lists (variablephoto, bigphoto, ...). The original specification types this as an integer; the metadata's ids are strings, and those are what is accepted.
 * 
 * @maxItems 50
 */
template_cat?: string[]
theme_cat?: Ids2
theme_color?: Ids3
theme_style?: Ids4
theme_author?: Ids5
/**
 * new: newest first (the default); top: most popular first. Ties are broken by id.
 */
sort?: ("new" | "top")
}
}
export type GalleryFilter = GalleryFilterSchema.GalleryFilter;

export declare namespace GalleryMetaSchema {
export type IntegerIds = {
id: number
name: string
}[]
export type StringIds = {
id: string
name: string
}[]
/**
 * Names are sizes in cm: 15x15 ... 30x30.
 */
export type IntegerIds1 = {
id: number
name: string
}[]

export interface GalleryMeta {
theme_color: IntegerIds
product_type: IntegerIds
theme_cat: IntegerIds
theme_style: IntegerIds
fmt_orient: StringIds
template_cat: StringIds
theme_author: IntegerIds
fmt: IntegerIds1
}
}
export type GalleryMeta = GalleryMetaSchema.GalleryMeta;

export declare namespace GalleryPagingSchema {
/**
 * Paging of the gallery's product lists (documentation of the query; the rules are applied as described, never as a 400).
 */
export interface GalleryPaging {
/**
 * Integer from 1, or "last" (default 1). Anything else, or a page past the last, is 404 {"detail": "Invalid page."}; page 1 of an empty result is a valid empty page.
 */
page?: string
/**
 * Default 20, at most 30 (a larger value is served as 30); a missing, zero, negative or non-numeric value means 20.
 */
page_size?: string
}
}
export type GalleryPaging = GalleryPagingSchema.GalleryPaging;

export declare namespace GalleryProductListV1Schema {
/**
 * Version 1 of the product list. Frozen: it never changes once published.
 */
export interface GalleryProductListV1 {
/**
 * Products matching the filters
 */
count: number
/**
 * The next page's number, null on the last page
 */
next: (number | null)
/**
 * The previous page's number, null on the first page
 */
previous: (number | null)
/**
 * @maxItems 30
 */
results: {
id: number
name: string
description: string
theme_id: number
format_id: number
/**
 * <width>x<height> in cm
 */
format: string
orientation: ("HORIZONTAL" | "VERTICAL" | "SQUARE")
product_type_id: number
special_project: (string | null)
popularity: number
/**
 * Absolute URL of the preview image, null until it is rendered
 */
preview_cover: (string | null)
created_at: string
}[]
}
}
export type GalleryProductListV1 = GalleryProductListV1Schema.GalleryProductListV1;

export declare namespace Gallery2FilterSchema {
/**
 * Filters of GET /api/gallery2/product/: every version 1 filter (gallery-filter.json) and sort, plus special_project.
 */
export type Gallery2Filter = (GalleryFilter & {
/**
 * Products carrying that special project code.
 * 
 * @maxItems 50
 */
special_project?: string[]
})
/**
 * Product type ids (see /api/gallery/meta/ product_type).
 * 
 * @maxItems 50
 */
export type Ids = number[]
/**
 * Format ids (meta fmt).
 * 
 * @maxItems 50
 */
export type Ids1 = number[]
/**
 * Theme category ids (meta theme_cat, or /api/gallery2/themecategory/).
 * 
 * @maxItems 50
 */
export type Ids2 = number[]
/**
 * Theme color ids.
 * 
 * @maxItems 50
 */
export type Ids3 = number[]
/**
 * Theme style ids.
 * 
 * @maxItems 50
 */
export type Ids4 = number[]
/**
 * Theme author ids.
 * 
 * @maxItems 50
 */
export type Ids5 = number[]

/**
 * Filters of GET /api/gallery/product/ (version 1). A repeated parameter means any of its values; different parameters must all hold. Unknown parameters are ignored.
 */
export interface GalleryFilter {
/**
 * Case-insensitive substring of the product's name or description, matched literally (% and _ are plain characters).
 */
search?: string
type?: Ids
fmt?: Ids1
/**
 * Format orientations.
 * 
 * @maxItems 3
 */
fmt_orient?: []|[("HORIZONTAL" | "VERTICAL" | "SQUARE")]|[("HORIZONTAL" | "VERTICAL" | "SQUARE"), ("HORIZONTAL" | "VERTICAL" | "SQUARE")]|[("HORIZONTAL" | "VERTICAL" | "SQUARE"), ("HORIZONTAL" | "VERTICAL" | "SQUARE"), ("HORIZONTAL" | "VERTICAL" | "SQUARE")]
/**
 * Template categories of the product's pages, by the string ids the metadata lists (variablephoto, bigphoto, ...). The original specification types this as an integer; the metadata's ids are strings, and those are what is accepted.
 * 
 * @maxItems 50
 */
template_cat?: string[]
theme_cat?: Ids2
theme_color?: Ids3
theme_style?: Ids4
theme_author?: Ids5
/**
 * new: newest first (the default); top: most popular first. Ties are broken by id.
 */
sort?: ("new" | "top")
}
}
export type Gallery2Filter = Gallery2FilterSchema.Gallery2Filter;

export declare namespace GalleryProductListV2Schema {
export interface GalleryProductListV2 {
/**
 * Products matching the filters
 */
count: number
/**
 * The next page's number, null on the last page
 */
next: (number | null)
/**
 * The previous page's number, null on the first page
 */
previous: (number | null)
/**
 * @maxItems 30
 */
results: {
id: number
orientation: ("HORIZONTAL" | "VERTICAL" | "SQUARE")
name: string
theme_id: number
/**
 * <width>x<height> in cm
 */
format: string
/**
 * Absolute URL of the preview image, null until it is rendered
 */
preview_cover: (string | null)
/**
 * The product's type (reference data), in the request's language; the front end opens a theme through it
 */
product_group: {
id: number
name: string
}
}[]
/**
 * In filtered responses: the applied query parameters as strings (repeated values joined by commas).
 */
query_params?: {
[k: string]: string
}
}
}
export type GalleryProductListV2 = GalleryProductListV2Schema.GalleryProductListV2;

export declare namespace HealthSchema {
export interface Health {
status: ("ok" | "ready")
}
}
export type Health = HealthSchema.Health;

export declare namespace LayoutMessageAckSchema {
/**
 * The acknowledgement of an editing message: the page after the change and the layout's version, or an error.
 */
export type LayoutMessageAck = ({
transaction_id: string
response_data: {
data: LayoutPage
}
version: number
} | {
/**
 * As sent, or null when the message had none
 */
transaction_id: (string | null)
error: Error
})

/**
 * A page of a layout. num 0 is the cover (type COVER): the whole spread, back, spine and front, whose template is the format's cover template (its size in millimetres, spine included). The others are type PAGE and follow a page scheme.
 */
export interface LayoutPage {
id: string
/**
 * The layout's id
 */
layout: string
num: number
type: ("COVER" | "PAGE")
/**
 * On the cover, the viewbox units per millimetre of its height (100 / template.height): the front end lets a cover background run over the board's edges by so many units per millimetre. On pages, 1.
 */
factor: number
width_px: number
/**
 * The page in the units of its blocks: 100 x 100 on pages (percent); on the cover 100 high and 100 * template.width / template.height wide (a unit as long across as down).
 */
viewbox: {
width: number
height: number
}
/**
 * The page's scheme, or for the cover the format's cover template (width and height in millimetres)
 */
template: {
id: number
width: number
height: number
}
blocks: LayoutBlock[]
}
/**
 * A block on a page, in the units of its page's viewbox: x, y, width, height are percent of a page; on the cover y and height are percent of its height and x and width run in the same units (100 to the height), so the spread is viewbox.width wide. content_warp is the rectangle the content (the image) fills, in the same units as the block (it may reach past the block, which clips it).
 */
export interface LayoutBlock {
id: string
type: ("BACKGROUND" | "PHOTO" | "TEXT")
/**
 * For BACKGROUND blocks: the theme element type (FRONT_COVER_BACKGROUND on the cover, over its front side; PAGE_BACKGROUND on pages); null for others.
 */
theme_element_type: (string | null)
x: number
y: number
width: number
height: number
content_warp: Box
content: {
/**
 * Absolute URL of the image (append _sm.jpg or _md.jpg for derivatives), null when empty
 */
image: (string | null)
text: string
link: (string | null)
}
}
export interface Box {
x: number
y: number
width: number
height: number
}
export interface Error {
code: ("invalid_message" | "forbidden" | "not_found" | "invalid_scheme" | "transaction_conflict" | "rate_limited" | "server_error" | "invalid_token" | "token_expired")
message: string
}
}
export type LayoutMessageAck = LayoutMessageAckSchema.LayoutMessageAck;

export declare namespace LayoutBlockSchema {
/**
 * A block on a page, in the units of its page's viewbox: x, y, width, height are percent of a page; on the cover y and height are percent of its height and x and width run in the same units (100 to the height), so the spread is viewbox.width wide. content_warp is the rectangle the content (the image) fills, in the same units as the block (it may reach past the block, which clips it).
 */
export interface LayoutBlock {
id: string
type: ("BACKGROUND" | "PHOTO" | "TEXT")
/**
 * For BACKGROUND blocks: the theme element type (FRONT_COVER_BACKGROUND on the cover, over its front side; PAGE_BACKGROUND on pages); null for others.
 */
theme_element_type: (string | null)
x: number
y: number
width: number
height: number
content_warp: Box
content: {
/**
 * Absolute URL of the image (append _sm.jpg or _md.jpg for derivatives), null when empty
 */
image: (string | null)
text: string
link: (string | null)
}
}
export interface Box {
x: number
y: number
width: number
height: number
}
}
export type LayoutBlock = LayoutBlockSchema.LayoutBlock;

export declare namespace LayoutChangedSchema {
/**
 * Socket.IO namespace /layout, event "layout:changed", sent to every other socket that joined the layout.
 */
export interface LayoutChanged {
layout_id: string
version: number
page: LayoutPage
}
/**
 * A page of a layout. num 0 is the cover (type COVER): the whole spread, back, spine and front, whose template is the format's cover template (its size in millimetres, spine included). The others are type PAGE and follow a page scheme.
 */
export interface LayoutPage {
id: string
/**
 * The layout's id
 */
layout: string
num: number
type: ("COVER" | "PAGE")
/**
 * On the cover, the viewbox units per millimetre of its height (100 / template.height): the front end lets a cover background run over the board's edges by so many units per millimetre. On pages, 1.
 */
factor: number
width_px: number
/**
 * The page in the units of its blocks: 100 x 100 on pages (percent); on the cover 100 high and 100 * template.width / template.height wide (a unit as long across as down).
 */
viewbox: {
width: number
height: number
}
/**
 * The page's scheme, or for the cover the format's cover template (width and height in millimetres)
 */
template: {
id: number
width: number
height: number
}
blocks: LayoutBlock[]
}
/**
 * A block on a page, in the units of its page's viewbox: x, y, width, height are percent of a page; on the cover y and height are percent of its height and x and width run in the same units (100 to the height), so the spread is viewbox.width wide. content_warp is the rectangle the content (the image) fills, in the same units as the block (it may reach past the block, which clips it).
 */
export interface LayoutBlock {
id: string
type: ("BACKGROUND" | "PHOTO" | "TEXT")
/**
 * For BACKGROUND blocks: the theme element type (FRONT_COVER_BACKGROUND on the cover, over its front side; PAGE_BACKGROUND on pages); null for others.
 */
theme_element_type: (string | null)
x: number
y: number
width: number
height: number
content_warp: Box
content: {
/**
 * Absolute URL of the image (append _sm.jpg or _md.jpg for derivatives), null when empty
 */
image: (string | null)
text: string
link: (string | null)
}
}
export interface Box {
x: number
y: number
width: number
height: number
}
}
export type LayoutChanged = LayoutChangedSchema.LayoutChanged;

export declare namespace LayoutCloneSchema {
export interface LayoutClone {
/**
 * Not blank; no control characters
 */
name: string
}
}
export type LayoutClone = LayoutCloneSchema.LayoutClone;

export declare namespace LayoutCreateSchema {
export interface LayoutCreate {
/**
 * The catalog product whose layout is copied
 */
product_id: number
}
}
export type LayoutCreate = LayoutCreateSchema.LayoutCreate;

export declare namespace LayoutGenerateSchema {
/**
 * Options the front end sends when a shopper makes a book from a product, accepted whatever their value. Kept with the layout and shown in "my products" when known: cover_type (HARD_COVER, SOFT_COVER), binding_type (glue, clip, spring), cover_lamination_types (glance, mat; one value, or a list read by its first known value); other values, paper_type and paper_density are ignored. The body may be absent.
 */
export interface LayoutGenerate {
binding_type?: unknown
cover_type?: unknown
cover_lamination_types?: unknown
paper_type?: unknown
paper_density?: unknown
}
}
export type LayoutGenerate = LayoutGenerateSchema.LayoutGenerate;

export declare namespace LayoutJoinMessageSchema {
/**
 * An editing message that joins a layout's room: {object: "layout", action: "join", params: {layout_id}} (the plain WebSocket's way to do what the Socket.IO event join does). Answered by {transaction_id, layout, version} or {transaction_id, error}.
 */
export interface LayoutJoinMessage {
/**
 * Echoed in the answer; nothing is recorded for a join
 */
transaction_id?: string
object: "layout"
action: "join"
params: LayoutJoin
payload?: {

}
}
/**
 * Socket.IO namespace /layout, event "join": start receiving a layout's changes. The ack carries {layout, version} or {error: {code, message}}.
 */
export interface LayoutJoin {
layout_id: string
}
}
export type LayoutJoinMessage = LayoutJoinMessageSchema.LayoutJoinMessage;

export declare namespace LayoutJoinSchema {
/**
 * Socket.IO namespace /layout, event "join": start receiving a layout's changes. The ack carries {layout, version} or {error: {code, message}}.
 */
export interface LayoutJoin {
layout_id: string
}
}
export type LayoutJoin = LayoutJoinSchema.LayoutJoin;

export declare namespace LayoutListQuerySchema {
export interface LayoutListQuery {
/**
 * Only the layouts with this status; DELETED: the bin. Without it: every layout but the bin's.
 */
status?: ("OPEN" | "IN_WORK" | "COMPLETED" | "DELETED")
}
}
export type LayoutListQuery = LayoutListQuerySchema.LayoutListQuery;

export declare namespace LayoutListSchema {
/**
 * The caller's layouts ("my products"), newest first, paged like the gallery (page, page_size up to 30), under layouts.
 */
export interface LayoutList {
count: number
next: (number | null)
previous: (number | null)
/**
 * @maxItems 30
 */
layouts: {
id: string
/**
 * A short, stable, unguessable id of the layout, used in the editor's URL; GET /api/ua/layout/<hash>/ answers the layout too
 */
hash: string
/**
 * The layout's format id
 */
fmt: (number | null)
/**
 * The theme id of the product the layout was made from
 */
theme: (number | null)
/**
 * When the layout last changed (the same as updated)
 */
changed: string
product_id: (number | null)
product_name: string
name: string
/**
 * OPEN: editable. IN_WORK: in an order set that is no longer open, frozen (edits are refused, it cannot go to the bin; renaming and cloning work). COMPLETED: its order set was delivered. DELETED: in the bin (restorable).
 */
status: ("OPEN" | "IN_WORK" | "COMPLETED" | "DELETED")
version: number
num_pages: number
/**
 * The format's size as the front end shows it on the "Размер" line of "my products", e.g. "20x20 см"
 */
format_name: (string | null)
/**
 * The cover picked when the book was made (generate-layout's cover_type), null when none was
 */
cover_type: ("HARD_COVER" | "SOFT_COVER" | null)
/**
 * The binding picked when the book was made (generate-layout's binding_type), null when none was
 */
binding_type: ("glue" | "clip" | "spring" | null)
/**
 * The cover's lamination picked when the book was made (generate-layout's cover_lamination_types, one value as the front end sends it), null when none was
 */
cover_lamination_types: ("glance" | "mat" | null)
created: string
updated: string
price_info: {
/**
 * The price of one copy in roubles (null when the format has no price)
 */
total_cost: (number | null)
}
/**
 * The cover, for the list's preview
 */
pages: LayoutPage[]
}[]
}
/**
 * A page of a layout. num 0 is the cover (type COVER): the whole spread, back, spine and front, whose template is the format's cover template (its size in millimetres, spine included). The others are type PAGE and follow a page scheme.
 */
export interface LayoutPage {
id: string
/**
 * The layout's id
 */
layout: string
num: number
type: ("COVER" | "PAGE")
/**
 * On the cover, the viewbox units per millimetre of its height (100 / template.height): the front end lets a cover background run over the board's edges by so many units per millimetre. On pages, 1.
 */
factor: number
width_px: number
/**
 * The page in the units of its blocks: 100 x 100 on pages (percent); on the cover 100 high and 100 * template.width / template.height wide (a unit as long across as down).
 */
viewbox: {
width: number
height: number
}
/**
 * The page's scheme, or for the cover the format's cover template (width and height in millimetres)
 */
template: {
id: number
width: number
height: number
}
blocks: LayoutBlock[]
}
/**
 * A block on a page, in the units of its page's viewbox: x, y, width, height are percent of a page; on the cover y and height are percent of its height and x and width run in the same units (100 to the height), so the spread is viewbox.width wide. content_warp is the rectangle the content (the image) fills, in the same units as the block (it may reach past the block, which clips it).
 */
export interface LayoutBlock {
id: string
type: ("BACKGROUND" | "PHOTO" | "TEXT")
/**
 * For BACKGROUND blocks: the theme element type (FRONT_COVER_BACKGROUND on the cover, over its front side; PAGE_BACKGROUND on pages); null for others.
 */
theme_element_type: (string | null)
x: number
y: number
width: number
height: number
content_warp: Box
content: {
/**
 * Absolute URL of the image (append _sm.jpg or _md.jpg for derivatives), null when empty
 */
image: (string | null)
text: string
link: (string | null)
}
}
export interface Box {
x: number
y: number
width: number
height: number
}
}
export type LayoutList = LayoutListSchema.LayoutList;

export declare namespace LayoutMessageSchema {
/**
 * The editing channel's message (Socket.IO namespace /layout, event "message"; a text frame of the plain WebSocket): the envelope of every editing message, in the specification's keys (the front end's object_type and request_data are rewritten to these first). object and action choose the operation, whose own schema then checks params and payload (page/set: scheme-set.json).
 */
export interface LayoutMessage {
/**
 * Chosen by the client, new for every change; a replay answers the first ack again
 */
transaction_id: string
object: string
action: string
params: {

}
payload: {

}
}
}
export type LayoutMessage = LayoutMessageSchema.LayoutMessage;

export declare namespace LayoutPageImageQuerySchema {
export interface LayoutPageImageQuery {
/**
 * The image's width in pixels (the height follows the page's proportions)
 */
width: number
/**
 * As on the viewer page
 */
expires?: string
/**
 * As on the viewer page
 */
sig?: string
}
}
export type LayoutPageImageQuery = LayoutPageImageQuerySchema.LayoutPageImageQuery;

export declare namespace LayoutPageSchema {
/**
 * A page of a layout. num 0 is the cover (type COVER): the whole spread, back, spine and front, whose template is the format's cover template (its size in millimetres, spine included). The others are type PAGE and follow a page scheme.
 */
export interface LayoutPage {
id: string
/**
 * The layout's id
 */
layout: string
num: number
type: ("COVER" | "PAGE")
/**
 * On the cover, the viewbox units per millimetre of its height (100 / template.height): the front end lets a cover background run over the board's edges by so many units per millimetre. On pages, 1.
 */
factor: number
width_px: number
/**
 * The page in the units of its blocks: 100 x 100 on pages (percent); on the cover 100 high and 100 * template.width / template.height wide (a unit as long across as down).
 */
viewbox: {
width: number
height: number
}
/**
 * The page's scheme, or for the cover the format's cover template (width and height in millimetres)
 */
template: {
id: number
width: number
height: number
}
blocks: LayoutBlock[]
}
/**
 * A block on a page, in the units of its page's viewbox: x, y, width, height are percent of a page; on the cover y and height are percent of its height and x and width run in the same units (100 to the height), so the spread is viewbox.width wide. content_warp is the rectangle the content (the image) fills, in the same units as the block (it may reach past the block, which clips it).
 */
export interface LayoutBlock {
id: string
type: ("BACKGROUND" | "PHOTO" | "TEXT")
/**
 * For BACKGROUND blocks: the theme element type (FRONT_COVER_BACKGROUND on the cover, over its front side; PAGE_BACKGROUND on pages); null for others.
 */
theme_element_type: (string | null)
x: number
y: number
width: number
height: number
content_warp: Box
content: {
/**
 * Absolute URL of the image (append _sm.jpg or _md.jpg for derivatives), null when empty
 */
image: (string | null)
text: string
link: (string | null)
}
}
export interface Box {
x: number
y: number
width: number
height: number
}
}
export type LayoutPage = LayoutPageSchema.LayoutPage;

export declare namespace LayoutUpdateSchema {
export interface LayoutUpdate {
/**
 * Not blank; no control characters
 */
name?: string
/**
 * true moves the layout to the bin, false restores it
 */
deleted?: boolean
}
}
export type LayoutUpdate = LayoutUpdateSchema.LayoutUpdate;

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

export declare namespace LayoutViewerQuerySchema {
export interface LayoutViewerQuery {
/**
 * With sig: the link's expiry (Unix seconds), from GET /api/ua/layout/<id>/viewer/
 */
expires?: string
/**
 * With expires: the link's signature; opens a private layout's viewer and its images until it expires
 */
sig?: string
}
}
export type LayoutViewerQuery = LayoutViewerQuerySchema.LayoutViewerQuery;

export declare namespace LayoutSchema {
export interface Layout {
id: string
/**
 * A short, stable, unguessable id of the layout, used in the editor's URL; GET /api/ua/layout/<hash>/ answers the layout too
 */
hash: string
/**
 * The layout's format id
 */
fmt: (number | null)
/**
 * The theme id of the product the layout was made from
 */
theme: (number | null)
/**
 * When the layout last changed (the same as updated)
 */
changed: string
/**
 * The catalog product the layout was made from
 */
product_id: (number | null)
product_name: string
name: string
/**
 * OPEN: editable. IN_WORK: in an order set that is no longer open, frozen (edits are refused, it cannot go to the bin; renaming and cloning work). COMPLETED: its order set was delivered. DELETED: in the bin (restorable).
 */
status: ("OPEN" | "IN_WORK" | "COMPLETED" | "DELETED")
/**
 * Raised by every change made over the editing channel
 */
version: number
num_pages: number
font_size: number
/**
 * num of the page whose scheme was set last
 */
last_scheme_page_num: number
/**
 * For each page scheme (template) id in use: how many of the layout's pages use it.
 */
scheme_theme_rel: {
[k: string]: number
}
/**
 * Photos and texts that a scheme change took off a page (page_id); they return to that page when a later scheme has room.
 */
unplaced: {
id: string
type: ("PHOTO" | "TEXT")
page_id: string
content_warp: Box
content: Content
}[]
/**
 * The format's size as the front end shows it on the "Размер" line of "my products", e.g. "20x20 см"
 */
format_name: (string | null)
/**
 * The cover picked when the book was made (generate-layout's cover_type), null when none was
 */
cover_type: ("HARD_COVER" | "SOFT_COVER" | null)
/**
 * The binding picked when the book was made (generate-layout's binding_type), null when none was
 */
binding_type: ("glue" | "clip" | "spring" | null)
/**
 * The cover's lamination picked when the book was made (generate-layout's cover_lamination_types, one value as the front end sends it), null when none was
 */
cover_lamination_types: ("glance" | "mat" | null)
created: string
updated: string
pages: LayoutPage[]
}
export interface Box {
x: number
y: number
width: number
height: number
}
export interface Content {
/**
 * Absolute URL of the image (append _sm.jpg or _md.jpg for derivatives), null when empty
 */
image: (string | null)
text: string
link: (string | null)
}
/**
 * A page of a layout. num 0 is the cover (type COVER): the whole spread, back, spine and front, whose template is the format's cover template (its size in millimetres, spine included). The others are type PAGE and follow a page scheme.
 */
export interface LayoutPage {
id: string
/**
 * The layout's id
 */
layout: string
num: number
type: ("COVER" | "PAGE")
/**
 * On the cover, the viewbox units per millimetre of its height (100 / template.height): the front end lets a cover background run over the board's edges by so many units per millimetre. On pages, 1.
 */
factor: number
width_px: number
/**
 * The page in the units of its blocks: 100 x 100 on pages (percent); on the cover 100 high and 100 * template.width / template.height wide (a unit as long across as down).
 */
viewbox: {
width: number
height: number
}
/**
 * The page's scheme, or for the cover the format's cover template (width and height in millimetres)
 */
template: {
id: number
width: number
height: number
}
blocks: LayoutBlock[]
}
/**
 * A block on a page, in the units of its page's viewbox: x, y, width, height are percent of a page; on the cover y and height are percent of its height and x and width run in the same units (100 to the height), so the spread is viewbox.width wide. content_warp is the rectangle the content (the image) fills, in the same units as the block (it may reach past the block, which clips it).
 */
export interface LayoutBlock {
id: string
type: ("BACKGROUND" | "PHOTO" | "TEXT")
/**
 * For BACKGROUND blocks: the theme element type (FRONT_COVER_BACKGROUND on the cover, over its front side; PAGE_BACKGROUND on pages); null for others.
 */
theme_element_type: (string | null)
x: number
y: number
width: number
height: number
content_warp: Box
content: Content
}
}
export type Layout = LayoutSchema.Layout;

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

export declare namespace OrderCountUpdateSchema {
/**
 * The new number of copies of an order.
 */
export interface OrderCountUpdate {
count: number
}
}
export type OrderCountUpdate = OrderCountUpdateSchema.OrderCountUpdate;

export declare namespace OrderCreateSchema {
/**
 * Puts one of the caller's layouts in the cart; the same layout again raises its count.
 */
export interface OrderCreate {
layout_id: string
count: number
}
}
export type OrderCreate = OrderCreateSchema.OrderCreate;

export declare namespace OrderDeletedSchema {
/**
 * What is left in the order set after a deletion: its parcel.
 */
export interface OrderDeleted {
delivery_box_size: DeliveryBoxSize
}
/**
 * The parcel the order set packs into (see the packing rule in the README): sides in centimetres, weight in kilograms. All zero for an empty cart.
 */
export interface DeliveryBoxSize {
width: number
height: number
depth: number
weight: number
}
}
export type OrderDeleted = OrderDeletedSchema.OrderDeleted;

export declare namespace OrderSetListSchema {
/**
 * An order set's delivery once one is saved, else null: its type, state (draft, placing, placed), price in roubles and the address fields that were sent.
 */
export type OrderSetDelivery = ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} & ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} | null))
/**
 * The caller's order sets, newest first (a plain array).
 */
export type OrderSetList = OrderSet[]

/**
 * A cart (OPEN) or a checked-out order set. total_cost is the goods' sum in roubles; delivery is paid on top.
 */
export interface OrderSet {
id: number
status: ("OPEN" | "CONFIRMED" | "PAID" | "IN_PRODUCTION" | "SHIPPED" | "DELIVERED" | "CANCELED")
/**
 * The carrier's tracking number, once the set is SHIPPED
 */
tracking_number: (string | null)
total_cost: number
created: string
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
orders: Order[]
}
/**
 * The parcel the order set packs into (see the packing rule in the README): sides in centimetres, weight in kilograms. All zero for an empty cart.
 */
export interface DeliveryBoxSize {
width: number
height: number
depth: number
weight: number
}
/**
 * One layout in an order set, with what the front end shows of the layout. price = one copy's price; cost = price x count; total_cost, delivery_box_size and delivery are the whole order set's. Money in roubles.
 */
export interface Order {
id: number
orderset_id: number
layout_id: string
/**
 * The layout's hash (the editor's URL)
 */
hash: string
layout_name: string
/**
 * The layout's format id
 */
fmt: (number | null)
num_pages: number
/**
 * Absolute URL of the cover preview image of the product the layout was made from; null until it is rendered
 */
cover: (string | null)
/**
 * When the layout last changed
 */
changed: string
count: number
/**
 * One copy's price
 */
price: number
cost: number
total_cost: number
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
}
}
export type OrderSetList = OrderSetListSchema.OrderSetList;

export declare namespace OrderSetStatusUpdateSchema {
/**
 * An administrator's move of a paid order set (the allowed moves are in the README); SHIPPED needs the carrier's tracking number.
 */
export interface OrderSetStatusUpdate {
status: ("IN_PRODUCTION" | "SHIPPED" | "DELIVERED" | "CANCELED")
tracking_number?: string
}
}
export type OrderSetStatusUpdate = OrderSetStatusUpdateSchema.OrderSetStatusUpdate;

export declare namespace OrderSetSchema {
/**
 * An order set's delivery once one is saved, else null: its type, state (draft, placing, placed), price in roubles and the address fields that were sent.
 */
export type OrderSetDelivery = ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} & ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} | null))

/**
 * A cart (OPEN) or a checked-out order set. total_cost is the goods' sum in roubles; delivery is paid on top.
 */
export interface OrderSet {
id: number
status: ("OPEN" | "CONFIRMED" | "PAID" | "IN_PRODUCTION" | "SHIPPED" | "DELIVERED" | "CANCELED")
/**
 * The carrier's tracking number, once the set is SHIPPED
 */
tracking_number: (string | null)
total_cost: number
created: string
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
orders: Order[]
}
/**
 * The parcel the order set packs into (see the packing rule in the README): sides in centimetres, weight in kilograms. All zero for an empty cart.
 */
export interface DeliveryBoxSize {
width: number
height: number
depth: number
weight: number
}
/**
 * One layout in an order set, with what the front end shows of the layout. price = one copy's price; cost = price x count; total_cost, delivery_box_size and delivery are the whole order set's. Money in roubles.
 */
export interface Order {
id: number
orderset_id: number
layout_id: string
/**
 * The layout's hash (the editor's URL)
 */
hash: string
layout_name: string
/**
 * The layout's format id
 */
fmt: (number | null)
num_pages: number
/**
 * Absolute URL of the cover preview image of the product the layout was made from; null until it is rendered
 */
cover: (string | null)
/**
 * When the layout last changed
 */
changed: string
count: number
/**
 * One copy's price
 */
price: number
cost: number
total_cost: number
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
}
}
export type OrderSet = OrderSetSchema.OrderSet;

export declare namespace OrderStatusErrorSchema {
/**
 * A move the order set's status does not allow: the current status and the allowed next ones.
 */
export interface OrderStatusError {
detail: string
status: string
allowed_statuses: string[]
}
}
export type OrderStatusError = OrderStatusErrorSchema.OrderStatusError;

export declare namespace OrderSchema {
/**
 * An order set's delivery once one is saved, else null: its type, state (draft, placing, placed), price in roubles and the address fields that were sent.
 */
export type OrderSetDelivery = ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} & ({
type: ("PVZ" | "COURIER" | "POCHTA" | "PICKUP")
status: ("draft" | "placing" | "placed")
price: number
to_city_id?: (number | null)
to_street?: (string | null)
to_house?: (string | null)
to_flat?: (string | null)
to_postal_code?: (string | null)
delivery_point_id?: (number | null)
delivery_company_id?: (number | null)
pickup_company_id?: (number | null)
} | null))

/**
 * One layout in an order set, with what the front end shows of the layout. price = one copy's price; cost = price x count; total_cost, delivery_box_size and delivery are the whole order set's. Money in roubles.
 */
export interface Order {
id: number
orderset_id: number
layout_id: string
/**
 * The layout's hash (the editor's URL)
 */
hash: string
layout_name: string
/**
 * The layout's format id
 */
fmt: (number | null)
num_pages: number
/**
 * Absolute URL of the cover preview image of the product the layout was made from; null until it is rendered
 */
cover: (string | null)
/**
 * When the layout last changed
 */
changed: string
count: number
/**
 * One copy's price
 */
price: number
cost: number
total_cost: number
delivery_box_size: DeliveryBoxSize
delivery: OrderSetDelivery
}
/**
 * The parcel the order set packs into (see the packing rule in the README): sides in centimetres, weight in kilograms. All zero for an empty cart.
 */
export interface DeliveryBoxSize {
width: number
height: number
depth: number
weight: number
}
}
export type Order = OrderSchema.Order;

export declare namespace PaymentNotificationResultSchema {
/**
 * What the notification changed: paid (the order set is now PAID), canceled (the payment was declined; the set stays CONFIRMED), unchanged (nothing to do, e.g. a duplicate), unknown (no such payment of this shop at the provider).
 */
export interface PaymentNotificationResult {
outcome: ("paid" | "canceled" | "unchanged" | "unknown")
}
}
export type PaymentNotificationResult = PaymentNotificationResultSchema.PaymentNotificationResult;

export declare namespace PaymentNotificationSchema {
/**
 * A provider's notification (YooKassa's shape). Only object.id is used: the payment is read back from the provider before anything changes.
 */
export interface PaymentNotification {
type: "notification"
event: string
object: {
/**
 * The provider's payment id: UUID-like, 8-4-4-4-12 hex digits (YooKassa's form); anything else is 400 before any call
 */
id: string
}
}
}
export type PaymentNotification = PaymentNotificationSchema.PaymentNotification;

export declare namespace PhotoCopyManySchema {
/**
 * Photos to put into a folder (they stay in the library and in their other folders).
 */
export interface PhotoCopyMany {
/**
 * @minItems 1
 * @maxItems 1000
 */
photo_id_list: [number, ...(number)[]]
folder_id: number
}
}
export type PhotoCopyMany = PhotoCopyManySchema.PhotoCopyMany;

export declare namespace PhotoIdListSchema {
export interface PhotoIdList {
/**
 * @minItems 1
 * @maxItems 1000
 */
photo_id_list: [number, ...(number)[]]
}
}
export type PhotoIdList = PhotoIdListSchema.PhotoIdList;

export declare namespace PhotoListQuerySchema {
export interface PhotoListQuery {
/**
 * Photos per page; over 100 is served as 100
 */
page_size: number
/**
 * Photos uploaded before this photo (what next carries)
 */
before?: number
}
}
export type PhotoListQuery = PhotoListQuerySchema.PhotoListQuery;

export declare namespace PhotoListSchema {
/**
 * A page of the caller's library, newest upload first.
 */
export interface PhotoList {
/**
 * @maxItems 100
 */
results: Photo[]
/**
 * The URL of the next page (absolute, for the browser to request as it is), null at the end
 */
next: (string | null)
/**
 * Photos in the whole library (or folder)
 */
all_count: number
}
/**
 * A photo of the caller's library. url and orig are null-free once uploaded: orig is the original as sent; url is the print master (upright, sRGB JPEG), null until processing is done.
 */
export interface Photo {
id: number
/**
 * The same as id (the front end reads either)
 */
photo_id: number
/**
 * The print master, null while processing or when processing failed
 */
url: (string | null)
/**
 * The original, as uploaded
 */
orig: string
/**
 * Pixel size after the EXIF orientation is applied (before processing: as the file's header says)
 */
size_orig: {
w: number
h: number
px_width: number
px_height: number
}
/**
 * When the photo was taken, in the camera's offset when known (else UTC); before processing, the upload's time
 */
date: string
/**
 * Where the photo came from: empty for an upload
 */
import_from: string
/**
 * The original's EXIF orientation (the master is already upright), null before processing
 */
orientation: (number | null)
status: ("processing" | "ready" | "failed")
/**
 * Why processing failed, for a failed photo
 */
failure_reason: (string | null)
/**
 * Photos of the library with one duplicate_group are near-duplicates: the id of the first photo this one was found close to when processed, its own id when none; null before processing
 */
duplicate_group: (number | null)
}
}
export type PhotoList = PhotoListSchema.PhotoList;

export declare namespace PhotoMoveCountSchema {
/**
 * How many of the photos were put into the folder (those already in it are not counted).
 */
export interface PhotoMoveCount {
move_count: number
}
}
export type PhotoMoveCount = PhotoMoveCountSchema.PhotoMoveCount;

export declare namespace PhotoRotateSchema {
/**
 * Turns a photo of the caller's library clockwise by angle degrees (negative: anticlockwise), a multiple of 90.
 */
export interface PhotoRotate {
photo_id: number
/**
 * The folder the front end shows the photo in; not needed to find it.
 */
folderId?: (number | null)
angle: number
}
}
export type PhotoRotate = PhotoRotateSchema.PhotoRotate;

export declare namespace PhotoUpdateCountSchema {
/**
 * How many of the listed photos were hidden from the library (ids of photos the caller does not have are not counted).
 */
export interface PhotoUpdateCount {
update_count: number
}
}
export type PhotoUpdateCount = PhotoUpdateCountSchema.PhotoUpdateCount;

export declare namespace PhotoUploadSchema {
/**
 * multipart/form-data: one file in the field files (JPEG, PNG, WebP or HEIC).
 */
export interface PhotoUpload {
files?: string
}
}
export type PhotoUpload = PhotoUploadSchema.PhotoUpload;

export declare namespace PhotoUploadedSchema {
/**
 * The uploaded photo's id; processing continues in the background (the photo's status says when it is done).
 */
export interface PhotoUploaded {
photo_id: number
}
}
export type PhotoUploaded = PhotoUploadedSchema.PhotoUploaded;

export declare namespace PhotoSchema {
/**
 * A photo of the caller's library. url and orig are null-free once uploaded: orig is the original as sent; url is the print master (upright, sRGB JPEG), null until processing is done.
 */
export interface Photo {
id: number
/**
 * The same as id (the front end reads either)
 */
photo_id: number
/**
 * The print master, null while processing or when processing failed
 */
url: (string | null)
/**
 * The original, as uploaded
 */
orig: string
/**
 * Pixel size after the EXIF orientation is applied (before processing: as the file's header says)
 */
size_orig: {
w: number
h: number
px_width: number
px_height: number
}
/**
 * When the photo was taken, in the camera's offset when known (else UTC); before processing, the upload's time
 */
date: string
/**
 * Where the photo came from: empty for an upload
 */
import_from: string
/**
 * The original's EXIF orientation (the master is already upright), null before processing
 */
orientation: (number | null)
status: ("processing" | "ready" | "failed")
/**
 * Why processing failed, for a failed photo
 */
failure_reason: (string | null)
/**
 * Photos of the library with one duplicate_group are near-duplicates: the id of the first photo this one was found close to when processed, its own id when none; null before processing
 */
duplicate_group: (number | null)
}
}
export type Photo = PhotoSchema.Photo;

export declare namespace PosterListAckSchema {
/**
 * The answer to poster/list: always an empty list (this shop sells no posters).
 */
export interface PosterListAck {
/**
 * As sent, or null when the message had none
 */
transaction_id: (string | null)
response_data: {
/**
 * @maxItems 0
 */
data: []
}
}
}
export type PosterListAck = PosterListAckSchema.PosterListAck;

export declare namespace PosterListSchema {
/**
 * {object: "poster", action: "list"}: the front end asks for the user's posters. This shop sells no posters, so the list is always empty; params and payload are accepted and ignored.
 */
export interface PosterList {
/**
 * Echoed in the answer
 */
transaction_id?: string
object: "poster"
action: "list"
params?: {

}
payload?: {

}
}
}
export type PosterList = PosterListSchema.PosterList;

export declare namespace PrintFileListSchema {
export interface PrintFileList {
order_set: number
/**
 * The order set's status
 */
status: string
/**
 * Two files per ordered layout once the set is paid and its print job has run: the interior and the cover spread
 */
files: {
id: number
layout: string
part: ("interior" | "cover")
page_count: number
/**
 * Bytes
 */
size: number
/**
 * A page of the file, 3 mm bleed on every side included
 */
width_mm: number
height_mm: number
/**
 * The cover's spine; null for the interior
 */
spine_mm: (number | null)
/**
 * Photos below 150 dpi, images that could not be read
 */
warnings: string[]
rendered: string
/**
 * Signed: downloads the PDF without a token until download_expires
 */
download_url: string
download_expires: string
}[]
}
}
export type PrintFileList = PrintFileListSchema.PrintFileList;

export declare namespace ProductAdminListSchema {
export interface ProductAdminList {
count: number
next: (number | null)
previous: (number | null)
/**
 * @maxItems 30
 */
results: ProductAdmin[]
}
export interface ProductAdmin {
id: number
name: string
description: string
theme_id: number
format_id: number
product_type_id: number
special_project: (string | null)
popularity: number
/**
 * Absolute URL of the preview (with _sm.jpg and _md.jpg beside it); null until it is rendered, within seconds of the product's creation
 */
preview_cover: (string | null)
/**
 * The product's own layout (GET /api/ua/layout/product/<id>/)
 */
layout_id: (string | null)
created_at: string
}
}
export type ProductAdminList = ProductAdminListSchema.ProductAdminList;

export declare namespace ProductAdminSchema {
export interface ProductAdmin {
id: number
name: string
description: string
theme_id: number
format_id: number
product_type_id: number
special_project: (string | null)
popularity: number
/**
 * Absolute URL of the preview (with _sm.jpg and _md.jpg beside it); null until it is rendered, within seconds of the product's creation
 */
preview_cover: (string | null)
/**
 * The product's own layout (GET /api/ua/layout/product/<id>/)
 */
layout_id: (string | null)
created_at: string
}
}
export type ProductAdmin = ProductAdminSchema.ProductAdmin;

export declare namespace ProductCreateSchema {
export interface ProductCreate {
theme_id: number
format_id: number
product_type_id: number
/**
 * Not blank; no control characters
 */
name: string
/**
 * Line breaks and tabs allowed; no other control characters
 */
description?: string
special_project?: (string | null)
}
}
export type ProductCreate = ProductCreateSchema.ProductCreate;

export declare namespace ProductListQuerySchema {
export interface ProductListQuery {
/**
 * Only this theme's products
 */
theme_id?: number
}
}
export type ProductListQuery = ProductListQuerySchema.ProductListQuery;

export declare namespace ProductUpdateSchema {
/**
 * A product's theme and format are fixed: its layout is made for them.
 */
export interface ProductUpdate {
product_type_id?: number
/**
 * Not blank; no control characters
 */
name?: string
/**
 * Line breaks and tabs allowed; no other control characters
 */
description?: string
special_project?: (string | null)
popularity?: number
}
}
export type ProductUpdate = ProductUpdateSchema.ProductUpdate;

export declare namespace RefundErrorSchema {
/**
 * The payment provider did not confirm the refund: the order set is not canceled; a retry asks for the same refund.
 */
export interface RefundError {
error: "provider_unavailable"
detail: string
}
}
export type RefundError = RefundErrorSchema.RefundError;

export declare namespace SchemeListSchema {
export type SchemeList = {
id: number
width: number
height: number
template_cat: string
/**
 * Where photos and texts go, in percent of the page, in the order contents fill them
 */
slots: {
type: ("PHOTO" | "TEXT")
x: number
y: number
width: number
height: number
}[]
}[]
}
export type SchemeList = SchemeListSchema.SchemeList;

export declare namespace SchemeQuerySchema {
export interface SchemeQuery {
/**
 * Format id: only schemes with the format's proportions
 */
fmt: number
/**
 * Template categories (repeatable); all when absent
 * 
 * @maxItems 6
 */
template_cat?: []|[("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext")]|[("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext")]|[("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext")]|[("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext")]|[("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext")]|[("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext"), ("variablephoto" | "bigphoto" | "smallphoto" | "withtext" | "shorttext" | "notext")]
}
}
export type SchemeQuery = SchemeQuerySchema.SchemeQuery;

export declare namespace SchemeSetSchema {
/**
 * Sets the scheme (page template) of a page: {object: "page", action: "set"}.
 */
export interface SchemeSet {
transaction_id: string
object: "page"
action: "set"
params: {
layout_id: string
/**
 * The page's id
 */
id: string
}
payload: {
/**
 * The scheme's id (GET /api/ua/scheme/)
 */
id: number
}
}
}
export type SchemeSet = SchemeSetSchema.SchemeSet;

export declare namespace ThemeAdminListSchema {
export interface ThemeAdminList {
count: number
next: (number | null)
previous: (number | null)
/**
 * @maxItems 30
 */
results: ThemeAdmin[]
}
export interface ThemeAdmin {
id: number
name: string
description: string
approved: boolean
author: (number | null)
color: (number | null)
style: (number | null)
categories: number[]
created_at: string
}
}
export type ThemeAdminList = ThemeAdminListSchema.ThemeAdminList;

export declare namespace ThemeAdminSchema {
export interface ThemeAdmin {
id: number
name: string
description: string
approved: boolean
author: (number | null)
color: (number | null)
style: (number | null)
categories: number[]
created_at: string
}
}
export type ThemeAdmin = ThemeAdminSchema.ThemeAdmin;

export declare namespace ThemeCreateSchema {
export interface ThemeCreate {
/**
 * Not blank; no control characters
 */
name: string
/**
 * Line breaks and tabs allowed; no other control characters
 */
description?: string
/**
 * Approved themes are shown to shoppers; saving one approved without products generates its products
 */
approved: boolean
/**
 * Theme author id (GET /api/gallery/meta/ theme_author)
 */
author?: (number | null)
/**
 * Theme color id (meta theme_color)
 */
color?: (number | null)
/**
 * Theme style id (meta theme_style)
 */
style?: (number | null)
/**
 * Theme category ids (GET /api/gallery2/themecategory/)
 * 
 * @maxItems 16
 */
categories?: []|[number]|[number, number]|[number, number, number]|[number, number, number, number]|[number, number, number, number, number]|[number, number, number, number, number, number]|[number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number]
}
}
export type ThemeCreate = ThemeCreateSchema.ThemeCreate;

export declare namespace ThemeElementListSchema {
/**
 * Oldest first.
 */
export type ThemeElementList = ThemeElement[]

export interface ThemeElement {
id: number
theme: number
/**
 * Only elements of this type; without it, all of the theme's elements.
 */
element_type: ("FRONT_COVER_BACKGROUND" | "BACK_COVER_BACKGROUND" | "COVER_BACKGROUND" | "SPINE_BACKGROUND" | "PAGE_BACKGROUND" | "FORMAT_STRIPE" | "CORNER" | "DESIGN_ELEMENT")
image_type: (string | null)
position: string
format: string
is_pattern: boolean
scale: number
/**
 * Absolute URL of the original; append _sm.jpg (300 px) or _md.jpg (1200 px on the long side) for JPEG derivatives.
 */
image: string
/**
 * The original's width in pixels
 */
width: number
/**
 * The original's height in pixels
 */
height: number
}
}
export type ThemeElementList = ThemeElementListSchema.ThemeElementList;

export declare namespace ThemeElementQuerySchema {
export interface ThemeElementQuery {
/**
 * Only elements of this type; without it, all of the theme's elements.
 */
element_type?: ("FRONT_COVER_BACKGROUND" | "BACK_COVER_BACKGROUND" | "COVER_BACKGROUND" | "SPINE_BACKGROUND" | "PAGE_BACKGROUND" | "FORMAT_STRIPE" | "CORNER" | "DESIGN_ELEMENT")
}
}
export type ThemeElementQuery = ThemeElementQuerySchema.ThemeElementQuery;

export declare namespace ThemeElementUploadSchema {
/**
 * multipart/form-data fields of POST /api/theme/{theme_id}/up-element/ besides the file. type=cover makes an element of the given cover_type, type=bg a PAGE_BACKGROUND.
 */
export interface ThemeElementUpload {
/**
 * The image: JPEG, PNG or WebP, at most 25 MB and 100 megapixels (configurable).
 */
file?: string
type: ("cover" | "bg")
/**
 * Required when type is cover.
 */
cover_type?: ("FRONT_COVER_BACKGROUND" | "SPINE_BACKGROUND" | "BACK_COVER_BACKGROUND")
position: string
format: string
is_pattern: boolean
/**
 * Percent
 */
scale: number
image_type?: string
}
}
export type ThemeElementUpload = ThemeElementUploadSchema.ThemeElementUpload;

export declare namespace ThemeElementSchema {
export interface ThemeElement {
id: number
theme: number
/**
 * Only elements of this type; without it, all of the theme's elements.
 */
element_type: ("FRONT_COVER_BACKGROUND" | "BACK_COVER_BACKGROUND" | "COVER_BACKGROUND" | "SPINE_BACKGROUND" | "PAGE_BACKGROUND" | "FORMAT_STRIPE" | "CORNER" | "DESIGN_ELEMENT")
image_type: (string | null)
position: string
format: string
is_pattern: boolean
scale: number
/**
 * Absolute URL of the original; append _sm.jpg (300 px) or _md.jpg (1200 px on the long side) for JPEG derivatives.
 */
image: string
/**
 * The original's width in pixels
 */
width: number
/**
 * The original's height in pixels
 */
height: number
}
}
export type ThemeElement = ThemeElementSchema.ThemeElement;

export declare namespace ThemeListQuerySchema {
export interface ThemeListQuery {
/**
 * Only approved (true) or unapproved (false) themes; all when absent
 */
approved?: boolean
}
}
export type ThemeListQuery = ThemeListQuerySchema.ThemeListQuery;

export declare namespace ThemeUpdateSchema {
/**
 * Theme category ids (GET /api/gallery2/themecategory/)
 * 
 * @maxItems 16
 */
export type Categories = []|[number]|[number, number]|[number, number, number]|[number, number, number, number]|[number, number, number, number, number]|[number, number, number, number, number, number]|[number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number, number, number, number]|[number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number]

/**
 * Any of the fields of a theme; categories, when given, replace the theme's categories.
 */
export interface ThemeUpdate {
/**
 * Not blank; no control characters
 */
name?: string
/**
 * Line breaks and tabs allowed; no other control characters
 */
description?: string
approved?: boolean
/**
 * Theme author id (GET /api/gallery/meta/ theme_author)
 */
author?: (number | null)
/**
 * Theme color id (meta theme_color)
 */
color?: (number | null)
/**
 * Theme style id (meta theme_style)
 */
style?: (number | null)
categories?: Categories
}
}
export type ThemeUpdate = ThemeUpdateSchema.ThemeUpdate;

export declare namespace ThemeSchema {
/**
 * Oldest first.
 */
export type ThemeElementList = ThemeElement[]

export interface Theme {
id: number
name: string
description: string
approved: boolean
author: (number | null)
color: (number | null)
style: (number | null)
theme_elements: ThemeElementList
}
export interface ThemeElement {
id: number
theme: number
/**
 * Only elements of this type; without it, all of the theme's elements.
 */
element_type: ("FRONT_COVER_BACKGROUND" | "BACK_COVER_BACKGROUND" | "COVER_BACKGROUND" | "SPINE_BACKGROUND" | "PAGE_BACKGROUND" | "FORMAT_STRIPE" | "CORNER" | "DESIGN_ELEMENT")
image_type: (string | null)
position: string
format: string
is_pattern: boolean
scale: number
/**
 * Absolute URL of the original; append _sm.jpg (300 px) or _md.jpg (1200 px on the long side) for JPEG derivatives.
 */
image: string
/**
 * The original's width in pixels
 */
width: number
/**
 * The original's height in pixels
 */
height: number
}
}
export type Theme = ThemeSchema.Theme;

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

/** The type of each schema, by its file name ($id). */
export interface SchemaTypes {
  'admin-job-retry.json': AdminJobRetry;
  'admin-jobs.json': AdminJobs;
  'admin-order-set-list.json': AdminOrderSetList;
  'admin-order-set-query.json': AdminOrderSetQuery;
  'admin-order-set.json': AdminOrderSet;
  'auth-error.json': LoginError;
  'auth-token.json': VisitorToken;
  'auth-url.json': AuthorizationUrl;
  'auth-user.json': User;
  'box-size.json': DeliveryBoxSize;
  'cart-count.json': CartCount;
  'delivery-city-list.json': DeliveryCityList;
  'delivery-city-query.json': DeliveryCityQuery;
  'delivery-company-list.json': DeliveryCompanyList;
  'delivery-create.json': DeliveryCreate;
  'delivery-created.json': DeliveryCreated;
  'delivery-error.json': DeliveryError;
  'delivery-options-query.json': DeliveryOptionsQuery;
  'delivery-options.json': DeliveryOptions;
  'delivery-point-list.json': DeliveryPointList;
  'delivery-point-query.json': DeliveryPointQuery;
  'delivery-price-check.json': DeliveryPriceCheck;
  'delivery-price-error.json': DeliveryPriceError;
  'delivery-price.json': DeliveryPrice;
  'delivery.json': OrderSetDelivery;
  'error-detail.json': ErrorDetail;
  'folder-list.json': FolderList;
  'folder-move-many.json': FolderMoveMany;
  'folder-name.json': FolderName;
  'folder-remove-count.json': FolderRemoveCount;
  'folder-to-count.json': FolderToCount;
  'folder.json': Folder;
  'gallery-filter.json': GalleryFilter;
  'gallery-meta.json': GalleryMeta;
  'gallery-paging.json': GalleryPaging;
  'gallery-product-list.json': GalleryProductListV1;
  'gallery2-filter.json': Gallery2Filter;
  'gallery2-product-list.json': GalleryProductListV2;
  'health.json': Health;
  'layout-ack.json': LayoutMessageAck;
  'layout-block.json': LayoutBlock;
  'layout-changed.json': LayoutChanged;
  'layout-clone.json': LayoutClone;
  'layout-create.json': LayoutCreate;
  'layout-generate.json': LayoutGenerate;
  'layout-join-message.json': LayoutJoinMessage;
  'layout-join.json': LayoutJoin;
  'layout-list-query.json': LayoutListQuery;
  'layout-list.json': LayoutList;
  'layout-message.json': LayoutMessage;
  'layout-page-image-query.json': LayoutPageImageQuery;
  'layout-page.json': LayoutPage;
  'layout-update.json': LayoutUpdate;
  'layout-viewer-link.json': LayoutViewerLink;
  'layout-viewer-query.json': LayoutViewerQuery;
  'layout.json': Layout;
  'named-list.json': NamedList;
  'order-count-update.json': OrderCountUpdate;
  'order-create.json': OrderCreate;
  'order-deleted.json': OrderDeleted;
  'order-set-list.json': OrderSetList;
  'order-set-status-update.json': OrderSetStatusUpdate;
  'order-set.json': OrderSet;
  'order-status-error.json': OrderStatusError;
  'order.json': Order;
  'payment-notification-result.json': PaymentNotificationResult;
  'payment-notification.json': PaymentNotification;
  'photo-copy-many.json': PhotoCopyMany;
  'photo-id-list.json': PhotoIdList;
  'photo-list-query.json': PhotoListQuery;
  'photo-list.json': PhotoList;
  'photo-move-count.json': PhotoMoveCount;
  'photo-rotate.json': PhotoRotate;
  'photo-update-count.json': PhotoUpdateCount;
  'photo-upload.json': PhotoUpload;
  'photo-uploaded.json': PhotoUploaded;
  'photo.json': Photo;
  'poster-list-ack.json': PosterListAck;
  'poster-list.json': PosterList;
  'print-file-list.json': PrintFileList;
  'product-admin-list.json': ProductAdminList;
  'product-admin.json': ProductAdmin;
  'product-create.json': ProductCreate;
  'product-list-query.json': ProductListQuery;
  'product-update.json': ProductUpdate;
  'refund-error.json': RefundError;
  'scheme-list.json': SchemeList;
  'scheme-query.json': SchemeQuery;
  'scheme-set.json': SchemeSet;
  'theme-admin-list.json': ThemeAdminList;
  'theme-admin.json': ThemeAdmin;
  'theme-create.json': ThemeCreate;
  'theme-element-list.json': ThemeElementList;
  'theme-element-query.json': ThemeElementQuery;
  'theme-element-upload.json': ThemeElementUpload;
  'theme-element.json': ThemeElement;
  'theme-list-query.json': ThemeListQuery;
  'theme-update.json': ThemeUpdate;
  'theme.json': Theme;
  'validation-error.json': ValidationError;
}
