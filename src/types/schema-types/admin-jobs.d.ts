// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

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
stuck: {
id: string
started_at: string
expires_at: string
past_expiry: boolean
payload: {

}
}[]
/**
 * @maxItems 20
 */
recent_failures: {
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
}[]
}[]
}
export type AdminJobs = AdminJobsSchema.AdminJobs;
