// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

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
