// Generated from schemas/ by scripts/schema-types.ts (npm run schema-types): do not edit by hand.

export declare namespace PrintJobSchema {
/**
 * A book's latest print job at the print partner (issue 53), or null before the book is sent (during the hold). status is the partner's (Lulu's print-job statuses), or SENDING while the partner has not yet answered. messages: the partner's words about the status (a rejection's reasons). A rejected book re-sent by an administrator is a new attempt.
 */
export type PrintJob = ({
/**
 * The configured partner's name (sandbox, lulu)
 */
partner: string
/**
 * The partner's print job id
 */
id: (string | null)
attempt: number
status: ("SENDING" | "CREATED" | "UNPAID" | "PAYMENT_IN_PROGRESS" | "PRODUCTION_DELAYED" | "PRODUCTION_READY" | "IN_PRODUCTION" | "SHIPPED" | "REJECTED" | "CANCELED")
/**
 * When the status changed, by the partner's clock
 */
status_changed: (string | null)
messages: string[]
tracking_id: (string | null)
tracking_urls: string[]
carrier_name: (string | null)
} & ({
/**
 * The configured partner's name (sandbox, lulu)
 */
partner: string
/**
 * The partner's print job id
 */
id: (string | null)
attempt: number
status: ("SENDING" | "CREATED" | "UNPAID" | "PAYMENT_IN_PROGRESS" | "PRODUCTION_DELAYED" | "PRODUCTION_READY" | "IN_PRODUCTION" | "SHIPPED" | "REJECTED" | "CANCELED")
/**
 * When the status changed, by the partner's clock
 */
status_changed: (string | null)
messages: string[]
tracking_id: (string | null)
tracking_urls: string[]
carrier_name: (string | null)
} | null))
}
export type PrintJob = PrintJobSchema.PrintJob;
