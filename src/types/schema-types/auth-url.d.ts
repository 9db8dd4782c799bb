// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace AuthorizationUrlSchema {
export interface AuthorizationUrl {
/**
 * The provider's authorization URL, with a fresh single-use state
 */
url: string
}
}
export type AuthorizationUrl = AuthorizationUrlSchema.AuthorizationUrl;
