// The viewer's HTML: the layout's name, format and page count, then every page as an image, the cover first.
import { escapeHtml } from '../../http/html';
import type { ViewableLayout } from './service';

/** The width the page images are asked at; the browser scales them to the window. */
export const VIEWER_IMAGE_WIDTH = 1000;

export function viewerHtml(viewable: ViewableLayout, signedQuery: string): string {
  const { layout, format, pages, interiorPages } = viewable;
  const images = pages.map((page) => {
    const src = `page/${page.num}.jpg?width=${VIEWER_IMAGE_WIDTH}${signedQuery ? `&${signedQuery}` : ''}`;
    const label = page.type === 'COVER' ? 'Cover (back, spine, front)' : `Page ${page.num}`;
    return `<figure class="${page.type === 'COVER' ? 'cover' : 'page'}"><img src="${escapeHtml(src)}" alt="${label}" loading="lazy"><figcaption>${label}</figcaption></figure>`;
  });
  const name = layout.name || layout.productName || 'Layout';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(name)}</title>
<style>
body { font-family: sans-serif; margin: 0; padding: 1.5rem; background: #eeece8; color: #2b2b2b; }
h1 { margin: 0 0 .25rem; font-size: 1.5rem; }
.meta { margin: 0 0 1.5rem; color: #666; }
main { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
figure { margin: 0; flex: 0 1 calc(50% - .75rem); }
figure.cover { flex-basis: 100%; }
img { display: block; width: 100%; height: auto; box-shadow: 0 1px 6px rgba(0, 0, 0, .25); background: #fff; }
figcaption { margin-top: .4rem; font-size: .85rem; color: #666; }
</style>
</head>
<body>
<h1>${escapeHtml(name)}</h1>
<p class="meta"><span class="format">${escapeHtml(format.name)}</span>, <span class="page-count">${interiorPages}</span> pages and the cover</p>
<main>
${images.join('\n')}
</main>
</body>
</html>
`;
}
