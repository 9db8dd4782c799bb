// The open spread's pages: each page's scheme (page/set) and background (page/background).
import { words } from './i18n';
import { themeImageAt } from './images';
import type { Page, Scheme, ThemeElement } from './types';

export interface PagePanelProps {
  pages: Page[];
  schemes: Scheme[];
  backgrounds: ThemeElement[];
  readOnly: boolean;
  onScheme(page: Page, schemeId: number): void;
  onBackground(page: Page, elementId: number | null): void;
}

const schemeName = (scheme: Scheme) => {
  const photos = scheme.slots.filter((slot) => slot.type === 'PHOTO').length;
  const texts = scheme.slots.length - photos;
  return `№${scheme.id}: ${photos} ${words.photoLabel.toLowerCase()}${texts ? `, ${texts} ${words.text.toLowerCase()}` : ''}`;
};

export function PagePanel({ pages, schemes, backgrounds, readOnly, onScheme, onBackground }: PagePanelProps) {
  const interior = pages.filter((page) => page.type === 'PAGE');
  if (interior.length === 0) return null;
  return (
    <section className="page-panel">
      {interior.map((page) => {
        const background = page.blocks.find((block) => block.type === 'BACKGROUND');
        const current = backgrounds.find((element) => background?.content.image?.startsWith(element.image))?.id;
        return (
          <fieldset key={page.id}>
            <legend>{words.page} {page.num}</legend>
            <label>{words.scheme}
              <select value={page.template?.id ?? ''} disabled={readOnly} onChange={(event) => onScheme(page, Number(event.target.value))}>
                {!page.template && <option value="">—</option>}
                {page.template && !schemes.some((scheme) => scheme.id === page.template?.id) && <option value={page.template.id}>№{page.template.id}</option>}
                {schemes.map((scheme) => <option key={scheme.id} value={scheme.id}>{schemeName(scheme)}</option>)}
              </select>
            </label>
            {backgrounds.length > 0 && (
              <div className="backgrounds" role="group" aria-label={`${words.background}, ${words.page.toLowerCase()} ${page.num}`}>
                <button type="button" disabled={readOnly} aria-pressed={!background?.content.image} onClick={() => onBackground(page, null)}>{words.noBackground}</button>
                {backgrounds.map((element, index) => (
                  <button type="button" key={element.id} disabled={readOnly} aria-pressed={current === element.id}
                    aria-label={`${words.background} ${index + 1}`} onClick={() => onBackground(page, element.id)}>
                    <img src={themeImageAt(element.image)!} alt="" />
                  </button>
                ))}
              </div>
            )}
          </fieldset>
        );
      })}
    </section>
  );
}
