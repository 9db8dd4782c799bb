// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace LayoutMessageSchema {
/**
 * The editing channel's message (Socket.IO namespace /layout, event "message"; a text frame of the plain WebSocket): the envelope of every editing message, in the specification's keys (the front end's object_type and request_data are rewritten to these first). object and action choose the operation, whose own schema then checks params and payload (page/set: scheme-set.json).
 */
export interface LayoutMessage {
/**
 * Chosen by the client, new for every change; a replay answers the first ack again
 */
transaction_id: string
object: string
action: string
params: {

}
payload: {

}
}
}
export type LayoutMessage = LayoutMessageSchema.LayoutMessage;
