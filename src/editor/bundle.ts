// The book editor's assets (web/editor/), built in memory by esbuild the first time a process serves them: no build
// step to forget after `npm ci` or a `git pull`, nothing built in the repository, and the same bytes for every
// request of the process. Names carry a hash of their bytes, so a browser may keep them for a year.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { TEXT_FONTS } from '../shared/layout-document';

export interface EditorAsset {
  body: Buffer;
  type: string;
}

export interface EditorBundle {
  /** By file name under /redaktor/assets/: content-hashed names only. */
  assets: Map<string, EditorAsset>;
  script: string;
  styles: string[];
}

const EDITOR_ROOT = path.resolve(__dirname, '../../web/editor');

const hashOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 12);

function add(assets: Map<string, EditorAsset>, stem: string, extension: string, body: Buffer, type: string): string {
  const name = `${stem}-${hashOf(body)}.${extension}`;
  assets.set(name, { body, type });
  return name;
}

/** One @font-face per font the editing channel takes, under the very name the channel and the renderer use. */
function fontFaces(assets: Map<string, EditorAsset>): Buffer {
  const rules = Object.entries(TEXT_FONTS).map(([family, file]) => {
    const body = readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    const name = add(assets, file.replace(/\.ttf$/, ''), 'ttf', body, 'font/ttf');
    return `@font-face{font-family:"${family}";src:url("${name}") format("truetype");font-display:block}`;
  });
  return Buffer.from(rules.join('\n'));
}

export async function buildEditorBundle(): Promise<EditorBundle> {
  const result = await build({
    entryPoints: [path.join(EDITOR_ROOT, 'src/main.tsx')],
    bundle: true,
    // Minified for the browser, esbuild also builds React for production (NODE_ENV) by itself.
    minify: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    outdir: '/editor',
    jsx: 'automatic',
    tsconfig: path.join(EDITOR_ROOT, 'tsconfig.json'),
    logLevel: 'silent',
  });
  const assets = new Map<string, EditorAsset>();
  let script = '';
  const styles = [add(assets, 'fonts', 'css', fontFaces(assets), 'text/css; charset=utf-8')];
  for (const file of result.outputFiles) {
    const body = Buffer.from(file.contents);
    if (file.path.endsWith('.js')) script = add(assets, 'editor', 'js', body, 'text/javascript; charset=utf-8');
    else if (file.path.endsWith('.css')) styles.push(add(assets, 'editor', 'css', body, 'text/css; charset=utf-8'));
  }
  return { assets, script, styles };
}

/** Builds once, on first use; a failed build is tried again on the next request rather than kept. */
export function lazyEditorBundle(): () => Promise<EditorBundle> {
  let pending: Promise<EditorBundle> | undefined;
  return () => {
    pending ??= buildEditorBundle().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
