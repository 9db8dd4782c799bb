// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace DeliveryCityQuerySchema {
export interface DeliveryCityQuery {
/**
 * Part of the city's name
 */
q: string
}
}
export type DeliveryCityQuery = DeliveryCityQuerySchema.DeliveryCityQuery;
