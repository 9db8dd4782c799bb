// Autofill's event titles in the book: each event's title (title.ts) written into the first empty TEXT block of the
// first page that shows its photos; a page without an empty text block leaves the event untitled.
import type { Block } from '../../shared/layout-document';
import type { FillPhoto } from './plan';
import { eventTitle } from './title';

export function eventTitles(events: FillPhoto[][]) {
  const eventOf = new Map<number, number>();
  events.forEach((event, index) => { for (const photo of event) eventOf.set(photo.id, index); });
  const titles = events.map(eventTitle);
  const placed = new Set<number>();
  return {
    /** Puts the title of the event the page's photos begin, on that event's first page, into `blocks` (changed in place). */
    place(photos: FillPhoto[], blocks: Block[]): void {
      const event = photos.length === 0 ? undefined : eventOf.get(photos[0].id);
      if (event === undefined || placed.has(event)) return;
      placed.add(event);
      const title = titles[event];
      const at = blocks.findIndex((block) => block.type === 'TEXT' && !block.content.text);
      if (title && at >= 0) blocks[at] = { ...blocks[at], content: { ...blocks[at].content, text: title } };
    },
  };
}
