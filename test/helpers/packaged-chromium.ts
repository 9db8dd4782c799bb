// The Chromium build that @sparticuz/chromium ships inside its npm tarball, unpacked once per package version into
// the temporary folder, so the browser tests need no system package and download nothing.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface PackagedChromium {
  executablePath: string;
  /** LD_LIBRARY_PATH and FONTCONFIG_PATH pointing at the libraries and fonts unpacked beside the binary. */
  env: Record<string, string>;
}

const PACKAGE_FOLDER = path.dirname(path.dirname(path.dirname(require.resolve('@sparticuz/chromium'))));
const PACKAGE_VERSION: string = JSON.parse(readFileSync(path.join(PACKAGE_FOLDER, 'package.json'), 'utf8')).version;

// The package unpacks into os.tmpdir() with fixed names and no atomic step, trusting whatever it finds there: a run
// interrupted mid-unpack, another version or another checkout's run at the same time would leave or read a broken
// binary. So it unpacks in a child process whose TMPDIR is a private staging folder, renamed into place when done.
// AWS_EXECUTION_ENV makes it also unpack the NSS and expat libraries it ships for Amazon Linux: the binary needs
// them and a bare Debian does not have them (they come with Debian's chromium package).
const UNPACK_SCRIPT = "require('@sparticuz/chromium').executablePath().then((p) => process.stdout.write(p))";

function layoutIn(folder: string): PackagedChromium {
  return {
    executablePath: path.join(folder, 'chromium'),
    env: { LD_LIBRARY_PATH: path.join(folder, 'al2023', 'lib'), FONTCONFIG_PATH: path.join(folder, 'fonts') },
  };
}

// The package's fonts.conf names Lambda's folders (/tmp/fonts, /var/task/fonts): without fonts every line of text is
// zero pixels high and Playwright finds no element visible. This one names the fonts unpacked in the final folder.
function fontConfigFor(folder: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${path.join(folder, 'fonts', 'fonts')}</dir>
  <cachedir>${path.join(folder, 'fonts-cache')}</cachedir>
</fontconfig>
`;
}

let unpacked: Promise<PackagedChromium> | undefined;

async function unpack(): Promise<PackagedChromium> {
  const folder = path.join(os.tmpdir(), `photobook-chromium-${PACKAGE_VERSION}`);
  if (existsSync(folder)) return layoutIn(folder);
  const staging = mkdtempSync(path.join(os.tmpdir(), 'photobook-chromium-unpacking-'));
  try {
    await promisify(execFile)(process.execPath, ['-e', UNPACK_SCRIPT], {
      cwd: PACKAGE_FOLDER,
      env: { ...process.env, TMPDIR: staging, AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x' },
    });
    const staged = layoutIn(staging);
    if (!existsSync(staged.executablePath) || !existsSync(staged.env.LD_LIBRARY_PATH)) {
      throw new Error(`@sparticuz/chromium ${PACKAGE_VERSION} did not unpack a binary and its libraries into ${staging}`);
    }
    writeFileSync(path.join(staged.env.FONTCONFIG_PATH, 'fonts.conf'), fontConfigFor(folder));
    renameSync(staging, folder);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    // Another process finished the same unpacking first: its folder is complete, since it too was renamed into place.
    if (!existsSync(folder)) throw error;
  }
  return layoutIn(folder);
}

/** Unpacks on the first call of the process (a few seconds), then answers at once. */
export function packagedChromium(): Promise<PackagedChromium> {
  unpacked ??= unpack();
  return unpacked;
}
