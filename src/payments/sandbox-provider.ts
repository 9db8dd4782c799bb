// What the sandbox payment provider adds to a provider (its page pays or declines): declared beside the service that
// uses it, so the payments domain never imports its providers/ folder, which imports the domain's provider interface.
import type { SqlExecutor } from '../db/database';
import type { PaymentProvider, RemotePayment } from './provider';

export interface SandboxPayment extends RemotePayment {
  description: string;
  returnUrl: string;
}

export interface SandboxPaymentProvider extends PaymentProvider {
  /** sql: the caller's transaction, to read what it wrote (see complete). */
  find(id: string, sql?: SqlExecutor): Promise<SandboxPayment | null>;
  /**
   * Pays or declines a pending payment; false when it was no longer pending. sql: the caller's transaction, so that
   * the shop applies the outcome in the same one (a crash between the two would strand the payment).
   */
  complete(id: string, outcome: 'succeeded' | 'canceled', sql?: SqlExecutor): Promise<boolean>;
}
