// Lulu's Print API: an OAuth client-credentials token, POST /print-jobs/ and GET /print-jobs/<id>/, webhooks signed
// with the client secret. Lulu takes no idempotency key: before each create the shop looks for a job of the book's
// external_id (GET /print-jobs/?search=), so a create whose answer was lost is found, not made again.
import type { LuluConfig } from '../../config';
import { isObject, type VendorCall, VendorError, vendorRequest } from '../../util/vendor-http';
import type { PrintPartner } from './partner';
import { type NewPrintJob, printJobBody, printJobOf, type RemotePrintJob, signatureMatches } from './protocol';

const TOKEN_PATH = '/auth/realms/glasstree/protocol/openid-connect/token';
/** A token is renewed this long before Lulu says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const JOB_ID = /^[0-9A-Za-z_-]{1,64}$/;

export function createLuluPartner(name: string, options: LuluConfig): PrintPartner {
  const vendor = name;
  const call: VendorCall = { vendor, timeoutMs: options.timeoutMs };
  const safeCall: VendorCall = { ...call, retries: 2, backoffMs: (attempt) => 250 * 2 ** (attempt - 1) };
  let token: { value: string; until: number } | undefined;

  const fail = (message: string, status?: number): never => {
    throw new VendorError(vendor, message, status);
  };

  async function bearer(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await vendorRequest(`${options.url}${TOKEN_PATH}`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${options.clientKey}:${options.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }, safeCall);
    const json = response.json;
    if (response.status !== 200 || !isObject(json) || typeof json.access_token !== 'string') return fail(`token refused (${response.status})`, response.status);
    const lifetimeMs = (typeof json.expires_in === 'number' ? json.expires_in : 300) * 1000;
    token = { value: json.access_token, until: Date.now() + lifetimeMs - TOKEN_MARGIN_MS };
    return token.value;
  }

  const jobOf = (status: number, json: unknown): RemotePrintJob => printJobOf(json) ?? fail(`answered ${status} without a print job`, status);

  return {
    name,
    async create(job: NewPrintJob) {
      const response = await vendorRequest(`${options.url}/print-jobs/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await bearer()}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(printJobBody(job)),
      }, call);
      if (response.status !== 201 && response.status !== 200) {
        const detail = isObject(response.json) ? `: ${JSON.stringify(response.json).slice(0, 500)}` : '';
        return fail(`refused the print job (${response.status})${detail}`, response.status);
      }
      return jobOf(response.status, response.json);
    },
    async findByExternalId(externalId) {
      const response = await vendorRequest(`${options.url}/print-jobs/?search=${encodeURIComponent(externalId)}`, {
        headers: { Authorization: `Bearer ${await bearer()}` },
      }, safeCall);
      if (response.status !== 200 || !isObject(response.json) || !Array.isArray(response.json.results)) {
        return fail(`answered the search ${response.status}`, response.status);
      }
      // The search also matches other fields, and parts of them: only the exact external_id is this book's job.
      return response.json.results.map(printJobOf).find((job) => job?.externalId === externalId) ?? null;
    },
    async fetch(id) {
      if (!JOB_ID.test(id)) return null;
      const response = await vendorRequest(`${options.url}/print-jobs/${encodeURIComponent(id)}/`, {
        headers: { Authorization: `Bearer ${await bearer()}` },
      }, safeCall);
      if (response.status === 404) return null;
      if (response.status !== 200) return fail(`answered ${response.status}`, response.status);
      return jobOf(response.status, response.json);
    },
    signed: (rawBody, signature) => signatureMatches(rawBody, signature, options.clientSecret),
  };
}
