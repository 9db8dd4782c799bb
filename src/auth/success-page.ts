// GET /oauth/success/?set_token=<JWT>: stores the token in localStorage under auth_token and closes itself when
// it was opened as a popup. The token is read by the script from the address, never written into the page.
import { createHash } from 'node:crypto';

const SCRIPT = `(function () {
  var token = new URLSearchParams(window.location.search).get('set_token');
  if (token) window.localStorage.setItem('auth_token', token);
  window.history.replaceState(null, '', window.location.pathname);
  if (window.opener) { window.close(); } else { document.getElementById('status').textContent = token ? 'You are logged in.' : 'No token was given.'; }
})();`;

export const SUCCESS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Logged in</title></head>
<body><p id="status">Logging in…</p><script>${SCRIPT}</script></body></html>`;

// Only this exact script may run, and the token in the address is sent to no other site.
export const SUCCESS_PAGE_HEADERS = {
  'Content-Security-Policy': `default-src 'none'; script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`,
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};
