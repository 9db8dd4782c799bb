// The strip of pages, spread by spread: a click opens a spread; dragging a page onto another moves its spread after
// that one's (page/move); the cover stays first, and dropping onto it moves a spread to the start. From the keyboard,
// Alt+ArrowLeft and Alt+ArrowRight on a page move its spread one place earlier or later.
import { useState } from 'react';
import { words } from './i18n';
import { photoAt } from './images';
import type { Page } from './types';

const PAGE_DRAG_TYPE = 'application/x-photobook-page';

export interface PageStripProps {
  spreads: Page[][];
  current: number;
  readOnly: boolean;
  provisional(page: Page): boolean;
  onOpen(index: number): void;
  onMove(pageId: string, afterPageId: string): void;
}

const firstPhoto = (page: Page) => page.blocks.find((block) => block.content.photo)?.content.photo?.image;

/** The page a spread goes after to move one place (page/move's `after`; the cover means the start), if it can. */
function neighbourTarget(spreads: Page[][], index: number, key: string): string | undefined {
  if (spreads[index][0].type === 'COVER') return undefined;
  if (key === 'ArrowLeft') return index >= 2 ? spreads[index - 2].at(-1)!.id : undefined;
  if (key === 'ArrowRight') return index + 1 < spreads.length ? spreads[index + 1].at(-1)!.id : undefined;
  return undefined;
}

export function PageStrip({ spreads, current, readOnly, provisional, onOpen, onMove }: PageStripProps) {
  const [target, setTarget] = useState<string | null>(null);
  return (
    <nav className="page-strip" aria-label={words.pages}>
      <ol>
        {spreads.map((spread, index) => (
          <li key={spread[0].id} className={`spread-thumb${index === current ? ' current' : ''}`}>
            {spread.map((page) => {
              const name = page.type === 'COVER' ? words.cover : `${words.page} ${page.num}`;
              const picture = firstPhoto(page);
              return (
                <button type="button" key={page.id} aria-label={name} aria-current={index === current ? 'page' : undefined}
                  className={`page-thumb${page.type === 'COVER' ? ' cover' : ''}${target === page.id ? ' drop-target' : ''}`}
                  data-page-id={page.id} draggable={!readOnly && page.type !== 'COVER' && !provisional(page)}
                  onClick={() => onOpen(index)}
                  aria-keyshortcuts={page.type === 'COVER' ? undefined : 'Alt+ArrowLeft Alt+ArrowRight'}
                  onKeyDown={(event) => {
                    const after = event.altKey && !readOnly && !provisional(page) ? neighbourTarget(spreads, index, event.key) : undefined;
                    if (!after) return;
                    event.preventDefault();
                    onMove(page.id, after);
                  }}
                  onDragStart={(event) => event.dataTransfer.setData(PAGE_DRAG_TYPE, page.id)}
                  onDragOver={(event) => {
                    if (!event.dataTransfer.types.includes(PAGE_DRAG_TYPE)) return;
                    event.preventDefault();
                    setTarget(page.id);
                  }}
                  onDragLeave={() => setTarget(null)}
                  onDrop={(event) => {
                    event.preventDefault();
                    setTarget(null);
                    const moving = event.dataTransfer.getData(PAGE_DRAG_TYPE);
                    if (moving && !spread.some((other) => other.id === moving)) onMove(moving, page.id);
                  }}>
                  {picture && <img src={photoAt(picture, 200)!} alt="" draggable={false} />}
                  <span>{page.type === 'COVER' ? words.cover : page.num}</span>
                </button>
              );
            })}
          </li>
        ))}
      </ol>
    </nav>
  );
}
