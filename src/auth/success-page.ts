// GET /oauth/success/?set_token=<JWT>: stores the token in localStorage under auth_token and closes itself when
// it was opened as a popup; without a valid token it stores the reason under auth_token_err (the opener polls both). The token is read by the script from the address, never written into the page.
// Only something shaped like a JWT is stored and greeted; anything else, or an err parameter, is a failure.
import { createHash } from 'node:crypto';

const SCRIPT = `(function () {
  var params = new URLSearchParams(window.location.search);
  var token = params.get('set_token');
  var error = params.get('err');
  var isJwt = token !== null && /^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$/.test(token);
  window.history.replaceState(null, '', window.location.pathname);
  var status = document.getElementById('status');
  if (error === null && isJwt) {
    window.localStorage.removeItem('auth_token_err');
    window.localStorage.setItem('auth_token', token);
    if (window.opener) { window.close(); } else { status.textContent = 'You are logged in.'; }
  } else {
    var reason = error !== null ? error : 'no valid token was given.';
    window.localStorage.setItem('auth_token_err', reason);
    status.textContent = 'Login failed: ' + reason;
  }
})();`;

export const SUCCESS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Logging in</title></head>
<body><p id="status">Logging in…</p><script>${SCRIPT}</script></body></html>`;

// Only this exact script may run, and the token in the address is sent to no other site.
export const SUCCESS_PAGE_HEADERS = {
  'Content-Security-Policy': `default-src 'none'; script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`,
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};
