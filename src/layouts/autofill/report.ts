// What layout/autofill answers (response_data.autofill of its ack; docs/api.md, "Autofill").
import type { LeftOutReason } from './plan';

export interface AutofillReport {
  /** The interior pages it filled, by number. */
  pages_changed: number[];
  /** Interior pages before and after (they differ with pages: fit). */
  pages_before: number;
  pages_after: number;
  photos_placed: number;
  /** Photos not placed, each with why: a near-duplicate of one placed, no slot left for it, or not processed yet. */
  photos_left_out: { photo_id: number; reason: LeftOutReason }[];
  /** Placed photos in slots of the other orientation. */
  mismatched_slots: number;
  /** The preflight's counts for the placed photos. */
  low: number;
  cannot_print: number;
}
