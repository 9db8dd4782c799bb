// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LoginErrorSchema {
/**
 * Denial: {"err": "access_denied"} (google) or {"err": "<error_reason> <error_description>"} (vk, instagram). Other failures: missing_state, invalid_state, expired_state, state_already_used, browser_mismatch (the state was asked for by another browser, or the photobook_login cookie is missing), invalid_code, provider_unavailable, provider_bad_response.
 */
export interface LoginError {
err: string
}
}
export type LoginError = LoginErrorSchema.LoginError;
