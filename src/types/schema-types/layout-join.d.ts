// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutJoinSchema {
/**
 * Socket.IO namespace /layout, event "join": start receiving a layout's changes. The ack carries {layout, version} or {error: {code, message}}.
 */
export interface LayoutJoin {
layout_id: string
}
}
export type LayoutJoin = LayoutJoinSchema.LayoutJoin;
