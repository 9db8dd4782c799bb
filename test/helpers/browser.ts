// Headless Chromium for the browser tests, driven by playwright-core: the build that @sparticuz/chromium ships in
// its npm tarball, so `npm ci && npm test` needs no system package (see packaged-chromium.ts).
import chromiumPackage from '@sparticuz/chromium';
import { type Browser, chromium } from 'playwright-core';
import { packagedChromium } from './packaged-chromium';

// The package's flags are made for AWS Lambda. Left out here:
const LEFT_OUT_FLAGS = new Set([
  // they switch off the web's security model, and the tests check what a real browser does with the service's
  // Content-Security-Policy and origins;
  '--disable-web-security', '--allow-running-insecure-content', '--disable-site-isolation-trials',
  // Lambda's sandbox needs it; here it takes the whole browser down when a page closes itself, as the login
  // success page does.
  '--single-process',
]);

export async function launchChromium(): Promise<Browser> {
  const { executablePath, env } = await packagedChromium();
  const args = chromiumPackage.args.filter((flag) => !LEFT_OUT_FLAGS.has(flag));
  return chromium.launch({ executablePath, args, env: { ...process.env, ...env } });
}
