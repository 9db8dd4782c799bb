// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

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
