// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace RefundErrorSchema {
/**
 * The payment provider did not confirm the refund: the order set is not canceled; a retry asks for the same refund.
 */
export interface RefundError {
error: "provider_unavailable"
detail: string
}
}
export type RefundError = RefundErrorSchema.RefundError;
