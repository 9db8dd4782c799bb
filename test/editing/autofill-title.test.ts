// Event titles (issue 51): the place from the photos' GPS, offline, with the event's dates, in the first empty text
// block of the event's first page.
import { expect } from 'chai';
import { placeName } from '../../src/photos/analysis/place';
import type { FillPhoto } from '../../src/layouts/autofill/plan';
import { dateSpan, eventTitle } from '../../src/layouts/autofill/title';
import { eventTitles } from '../../src/layouts/autofill/titles';
import type { Block } from '../../src/shared/layout-document';

const at = (day: string) => Date.parse(`${day}T12:00:00Z`);
const photo = (id: number, day: string, place: string | null): FillPhoto => ({
  id, width: 4, height: 3, capturedAt: at(day), duplicateGroup: id,
  look: { faces: [], sharpness: 1, exposure: 1, eyesOpen: null, perceptualHash: null, colourSignature: '', deviceId: null, latitude: null, longitude: null, place },
});
const block = (id: string, type: Block['type'], text?: string) => ({ id, type, content: { text } }) as unknown as Block;

describe('autofill: event titles', function () {
  // The list of towns is read once (seconds on a busy machine).
  this.timeout(60_000);

  it('names the town a GPS position is in from the list the package ships', () => {
    expect(placeName(43.5855, 39.7231)).to.equal('Sochi');
    expect(placeName(55.7539, 37.6208)).to.equal('Moscow');
    // A village next to a city: the city.
    expect(placeName(43.62, 39.75)).to.equal('Sochi');
    // In the middle of the Pacific: none.
    expect(placeName(0, -150)).to.equal(null);
  });

  it('writes the dates of a span of days as the shop speaks', () => {
    expect(dateSpan(new Date(at('2026-07-03')), new Date(at('2026-07-05')))).to.equal('3–5 июля 2026');
    expect(dateSpan(new Date(at('2026-07-03')), new Date(at('2026-07-03')))).to.equal('3 июля 2026');
    expect(dateSpan(new Date(at('2026-06-30')), new Date(at('2026-07-02')))).to.equal('30 июня – 2 июля 2026');
    expect(dateSpan(new Date(at('2025-12-30')), new Date(at('2026-01-02')))).to.equal('30 декабря 2025 – 2 января 2026');
  });

  it('titles an event by its most frequent place and its dates, and puts it in the first empty text block of its first page only', () => {
    const event = [photo(1, '2026-07-03', 'Sochi'), photo(2, '2026-07-04', null), photo(3, '2026-07-05', 'Sochi'), photo(4, '2026-07-05', 'Adler')];
    expect(eventTitle(event)).to.equal('Sochi, 3–5 июля 2026');
    expect(eventTitle([photo(5, '2026-07-03', null)])).to.equal(null);
    const titles = eventTitles([event, [photo(5, '2026-08-01', null)]]);
    const first = [block('a', 'PHOTO'), block('b', 'TEXT', 'Kept'), block('c', 'TEXT', ''), block('d', 'TEXT', '')];
    titles.place(event.slice(0, 2), first);
    expect(first.map((item) => item.content.text)).to.deep.equal([undefined, 'Kept', 'Sochi, 3–5 июля 2026', '']);
    const second = [block('e', 'TEXT', '')];
    titles.place(event.slice(2), second);
    expect(second[0].content.text, 'only the first page of the event').to.equal('');
    const untitled = [block('f', 'TEXT', '')];
    titles.place([photo(5, '2026-08-01', null)], untitled);
    expect(untitled[0].content.text).to.equal('');
  });
});
