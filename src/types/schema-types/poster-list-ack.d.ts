// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PosterListAckSchema {
/**
 * The answer to poster/list: always an empty list (this shop sells no posters).
 */
export interface PosterListAck {
/**
 * As sent, or null when the message had none
 */
transaction_id: (string | null)
response_data: {
/**
 * @maxItems 0
 */
data: unknown[]
}
}
}
export type PosterListAck = PosterListAckSchema.PosterListAck;
