// The strip of pages, spread by spread: a click opens a spread; dragging a page onto another moves its spread after
// that one's (page/move); the cover stays first, and dropping onto it moves a spread to the start.
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
