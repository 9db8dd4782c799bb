// The command blocks of a markdown document, as the docs test runs them: ```sh (run with bash), ```sh demo-stopped
// (run with the demo stopped), ```sh skip: <why> (not run), ```js (run with node); each with the heading it is under.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Block {
  document: string;
  heading: string;
  language: 'sh' | 'js';
  /** What follows the language on the fence line: '', 'demo-stopped' or 'skip: <why>'. */
  marker: string;
  code: string;
}

const FENCE = /^```(sh|js)(?: +(.*))?\n([\s\S]*?)^```$/gm;

/** The blocks of the file, or of its section under `## <section>` only. */
export function commandBlocks(file: string, document: string, section?: string): Block[] {
  let text = readFileSync(file, 'utf8');
  if (section) {
    const start = text.indexOf(`\n## ${section}\n`);
    if (start < 0) throw new Error(`${document} has no section "${section}"`);
    const end = text.indexOf('\n## ', start + 1);
    text = text.slice(start, end < 0 ? undefined : end);
  }
  return [...text.matchAll(FENCE)].map((match) => {
    // Headings outside code blocks only: a shell comment is not one.
    const before = text.slice(0, match.index).replace(/^```[\s\S]*?^```$/gm, '');
    const heading = [...before.matchAll(/^#{1,4} (.+)$/gm)].pop()?.[1] ?? '';
    return { document, heading, language: match[1] as 'sh' | 'js', marker: (match[2] ?? '').trim(), code: match[3] };
  });
}

const HTTP_STATUS_MARK = 'curl-answered';

/** The 4xx and 5xx statuses the block's curl calls were answered with, in order (a block whose curl sets -w has none). */
export function httpErrorsOf(output: string): string[] {
  return [...output.matchAll(new RegExp(`^${HTTP_STATUS_MARK} ([45]\\d\\d) (\\S*)$`, 'gm'))].map((match) => `${match[1]} ${match[2]}`);
}

export interface BlockRun {
  code: number | null;
  output: string;
}

/**
 * Runs a sh block with bash as a reader's terminal would after the blocks before it: the variables and functions
 * they set are read from stateFile first and written back after (set -e, so a failing command fails the block).
 */
export function runShellBlock(code: string, stateFile: string, options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<BlockRun> {
  const script = [
    '__inherited=" $(compgen -v | tr "\\n" " ") "',
    `[ -f '${stateFile}' ] && . '${stateFile}'`,
    // curl -s exits 0 on a 404: every answer's status goes to stderr (where $(...) does not take it) for httpErrorsOf.
    `curl() { command curl -w '%{stderr}\\n${HTTP_STATUS_MARK} %{http_code} %{url_effective}\\n' "$@"; }`,
    'set -e',
    code,
    'set +e',
    `{ declare -f; for __name in $(compgen -v); do case "$__name" in __*) continue;; esac; case "$__inherited" in *" $__name "*) ;; *) declare -p "$__name";; esac; done; } > '${stateFile}'`,
  ].join('\n');
  return runChild('bash', ['-c', script], options);
}

export function runNodeBlock(code: string, options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<BlockRun> {
  return runChild(process.execPath, ['-e', code], options);
}

function runChild(file: string, args: string[], { cwd, env, timeoutMs }: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<BlockRun> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs, killSignal: 'SIGKILL' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}
