// What the print would get wrong (GET /api/ua/layout/<id>/preflight/), page by page; a click opens the page.
import { words } from './i18n';
import type { Preflight } from './types';

export interface PreflightPanelProps {
  preflight: Preflight | null;
  onCheck(): void;
  onOpenPage(num: number): void;
}

export function PreflightPanel({ preflight, onCheck, onOpenPage }: PreflightPanelProps) {
  return (
    <section className="preflight" aria-label={words.preflight}>
      <h2>{words.preflight}</h2>
      <button type="button" onClick={onCheck}>{words.check}</button>
      {preflight && preflight.errors === 0 && preflight.warnings === 0 && <p>{words.noProblems}</p>}
      {preflight && (
        <ul>
          {preflight.pages.flatMap((page) => page.problems.map((problem, index) => (
            <li key={`${page.num}-${index}`} className={problem.severity}>
              <button type="button" onClick={() => onOpenPage(page.num)}>
                {page.num === 0 ? words.cover : `${words.page} ${page.num}`}: {problem.message}
              </button>
            </li>
          )))}
        </ul>
      )}
    </section>
  );
}
