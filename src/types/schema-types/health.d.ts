// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace HealthSchema {
export interface Health {
status: ("ok" | "ready")
}
}
export type Health = HealthSchema.Health;
