// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace VisitorTokenSchema {
/**
 * POST /auth/autoreg/: a signed JWT for an anonymous visitor. Its payload: user {id: null, role: "visitor"}, iat, exp, iss, aud; no sub. The service reads it as no token at all.
 */
export interface VisitorToken {
token: string
}
}
export type VisitorToken = VisitorTokenSchema.VisitorToken;
