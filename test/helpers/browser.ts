// Headless Chromium for the browser tests, driven by playwright-core: the build that @sparticuz/chromium ships in
// its npm tarball, so `npm ci && npm test` needs no system package (see packaged-chromium.ts); and a server for it.
import chromiumPackage from '@sparticuz/chromium';
import { type Browser, chromium } from 'playwright-core';
import { type RunningServer, startServer } from '../../src/server';
import { packagedChromium } from './packaged-chromium';
import { freePort, type TestRuntime, testRuntime } from './runtime';

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

export interface BrowserWorld {
  runtime: TestRuntime;
  browser: Browser;
  /** The server's address, which is also its PUBLIC_BASE_URL: the browser follows the URLs the service makes. */
  base: string;
  close(): Promise<void>;
}

/**
 * A listening server and a browser. env: the runtime's overrides, given the base URL; prepare: runs on the
 * runtime before the server starts; worker: whether the server also works the background jobs.
 */
export async function browserWorld(options: {
  env?: (base: string) => Record<string, string>; prepare?: (runtime: TestRuntime) => Promise<unknown>; worker?: boolean;
} = {}): Promise<BrowserWorld> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const runtime = await testRuntime({ PUBLIC_BASE_URL: base, ...options.env?.(base) });
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.stop();
    await runtime.dispose();
  };
  try {
    await options.prepare?.(runtime);
    server = await startServer(runtime, { worker: options.worker ?? false, port });
    browser = await launchChromium();
    return { runtime, browser, base, close };
  } catch (error) {
    await close();
    throw error;
  }
}
