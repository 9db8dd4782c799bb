// The print partner as the production side of the shop sees it: create a print job, read one back, check a
// webhook's signature. One implementation speaks Lulu's Print API (lulu.ts); the sandbox partner (sandbox.ts) is a
// server of the same protocol, so the shop talks to it through that same implementation.
import type { NewPrintJob, RemotePrintJob } from './protocol';

export interface PrintPartner {
  /** The partner's name in configuration and in print_partner_jobs.partner. */
  readonly name: string;
  /** Creates the job; a VendorError when the partner refused it or could not be reached. */
  create(job: NewPrintJob): Promise<RemotePrintJob>;
  /**
   * The job made for externalId, if the partner has one: looked for before each create, so that a create whose
   * answer was lost is not made twice (Lulu takes no idempotency key).
   */
  findByExternalId(externalId: string): Promise<RemotePrintJob | null>;
  /** The job as the partner has it now; null when it knows no such job. */
  fetch(id: string): Promise<RemotePrintJob | null>;
  /** Whether a webhook body carries this partner's signature. */
  signed(rawBody: Buffer, signature: string | undefined): boolean;
}
