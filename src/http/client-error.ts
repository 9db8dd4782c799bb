// Requests Node's HTTP parser refuses before any middleware sees them (Koa never runs): answered here in the
// service's error shape, and logged, instead of Node's empty 400. The common case is a URL with raw non-ASCII text,
// as curl sends `?search=Москва` unless told to encode it.
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { HSTS_MAX_AGE_SECONDS } from './security-headers';

interface ParserError extends Error {
  code?: string;
  reason?: string;
}

function answerOf(code: string | undefined): { status: number; text: string; detail: string } {
  if (code === 'HPE_INVALID_URL') {
    return {
      status: 400, text: 'Bad Request',
      detail: 'The URL holds characters that must be percent-encoded: send non-ASCII text (such as Cyrillic) as UTF-8 %XX escapes, e.g. with curl --data-urlencode or encodeURIComponent.',
    };
  }
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, text: 'Request Header Fields Too Large', detail: 'Request header fields too large.' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, text: 'Request Timeout', detail: 'Request timeout.' };
  return { status: 400, text: 'Bad Request', detail: 'Malformed request.' };
}

/**
 * The security headers the app's answers carry (security-headers.ts), as they apply to a JSON error body: this answer
 * is written on the socket, where no middleware runs.
 */
function securityHeaderLines(https: boolean): string {
  return "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\nX-Content-Type-Options: nosniff\r\n"
    + 'X-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\n'
    + (https ? `Strict-Transport-Security: max-age=${HSTS_MAX_AGE_SECONDS}\r\n` : '');
}

/** The HTTP server's 'clientError' listener. publicBaseUrl: the service's public address (HSTS when it is https). */
export function clientErrorHandler(log: Logger, publicBaseUrl: string) {
  const headers = securityHeaderLines(new URL(publicBaseUrl).protocol === 'https:');
  return (error: ParserError, socket: Socket) => {
    // A connection the client dropped has no one to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const answer = answerOf(error.code);
    log.warn({ code: error.code, reason: error.reason, status: answer.status, remoteAddress: socket.remoteAddress }, 'request refused by the HTTP parser');
    const body = JSON.stringify({ detail: answer.detail });
    socket.end(`HTTP/1.1 ${answer.status} ${answer.text}\r\nContent-Type: application/json; charset=utf-8\r\n${headers}`
      + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };
}
