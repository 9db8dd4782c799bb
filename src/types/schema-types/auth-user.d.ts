// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace UserSchema {
export interface User {
id: number
/**
 * The id as a string: the shop's front end opens /photos/ws only when it has one
 */
uid: string
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
