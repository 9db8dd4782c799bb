// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace BlockTextSchema {
/**
 * Writes a TEXT block's text and style: {object: "block", action: "text"}; fields not sent keep their value. Fonts: docs/api.md, "Fonts".
 */
export interface BlockText {
transaction_id: string
object: "block"
action: "text"
params: {
layout_id: string
/**
 * The TEXT block's id
 */
id: string
}
payload: {
text?: string
font?: ("DejaVu Sans" | "DejaVu Sans Bold" | "DejaVu Sans Oblique" | "DejaVu Sans Condensed" | "DejaVu Serif" | "DejaVu Serif Bold" | "DejaVu Serif Italic" | "DejaVu Sans Mono")
/**
 * Points
 */
size?: number
color?: string
align?: ("left" | "center" | "right")
}
}
}
export type BlockText = BlockTextSchema.BlockText;
