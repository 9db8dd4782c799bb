// A progress bar for long commands when they run in a terminal; plain silence otherwise (CI, logs, pipes).
import { SingleBar, Presets } from 'cli-progress';

export function progressReporter(
  label: string, stream: NodeJS.WritableStream & { isTTY?: boolean },
): { update(done: number, total: number): void; stop(): void } {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  let bar: SingleBar | undefined;
  return {
    update(done, total) {
      if (!bar) {
        bar = new SingleBar({ format: `${label} [{bar}] {value}/{total} {eta_formatted}`, stream }, Presets.shades_classic);
        bar.start(total, 0);
      }
      bar.update(done);
    },
    stop: () => bar?.stop(),
  };
}
