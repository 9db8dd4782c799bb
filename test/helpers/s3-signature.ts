// AWS Signature Version 4 as an S3 server checks it: the request's canonical form, signed with the secret of the
// access key it names, must give the signature in its Authorization header. Reference: the AWS documentation,
// "Signature Version 4 signing process" (canonical request, string to sign, signing key).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface SignatureProblem {
  status: number;
  code: string;
  message: string;
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as the signer writes query parameters. */
const escape = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(rawQuery: string): string {
  return rawQuery.split('&').filter(Boolean)
    .map((pair) => {
      const [name, value = ''] = pair.split('=');
      return [escape(decodeURIComponent(name)), escape(decodeURIComponent(value))];
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/**
 * Undefined when the request is signed by accessKeyId with secretAccessKey over this body; otherwise the S3 error
 * to answer. S3 paths are signed as sent (encoded once, never normalised).
 */
export function signatureProblem(request: IncomingMessage, body: Buffer, accessKeyId: string, secretAccessKey: string): SignatureProblem | undefined {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
  if (!match) return { status: 403, code: 'AccessDenied', message: 'No AWS Signature Version 4 authorization.' };
  const [, keyId, day, region, signedHeaders, signature] = match;
  if (keyId !== accessKeyId) return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS access key Id you provided does not exist in our records.' };
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(day) || !signedHeaders.split(';').includes('host')) {
    return { status: 403, code: 'AccessDenied', message: 'The date or the signed headers do not add up.' };
  }
  if (/^[0-9a-f]{64}$/.test(payloadHash) ? payloadHash !== sha256(body) : payloadHash !== 'UNSIGNED-PAYLOAD') {
    return { status: 400, code: 'XAmzContentSHA256Mismatch', message: 'The provided x-amz-content-sha256 header does not match what was computed.' };
  }
  const [rawPath, rawQuery = ''] = (request.url ?? '/').split('?');
  const headers = signedHeaders.split(';').map((name) => {
    const value = request.headers[name];
    return `${name}:${(Array.isArray(value) ? value.join(',') : value ?? '').trim().replace(/\s+/g, ' ')}\n`;
  }).join('');
  const canonicalRequest = [request.method, rawPath, canonicalQuery(rawQuery), headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    return { status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
  }
  return undefined;
}
