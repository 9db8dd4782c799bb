import { expect } from 'chai';
import {
  assignSlots, chooseScheme, dropNearDuplicates, EVENT_GAP_MS, type FillPhoto, type FillScheme, orderPhotos, photosPerPage, splitEvents,
} from '../../src/layouts/autofill/plan';

const PAGE = { width: 200, height: 200 };
const landscape = (id: number, capturedAt: number | null = null): FillPhoto => ({ id, width: 1500, height: 1000, capturedAt, duplicateGroup: id });
const portrait = (id: number, capturedAt: number | null = null): FillPhoto => ({ id, width: 1000, height: 1500, capturedAt, duplicateGroup: id });
const slot = (kind: 'L' | 'P' | 'S', x: number) => ({ kind: 'photo' as const, x, y: 0.1, w: kind === 'P' ? 0.25 : 0.4, h: kind === 'L' ? 0.25 : 0.4 });
/** Schemes whose photo slots have both orientations, in every order and count up to three. */
const SCHEMES: FillScheme[] = [
  { id: 1, slots: [slot('L', 0.05)] }, { id: 2, slots: [slot('P', 0.05)] },
  { id: 3, slots: [slot('L', 0.05), slot('P', 0.5)] }, { id: 4, slots: [slot('P', 0.05), slot('L', 0.5)] },
  { id: 5, slots: [slot('L', 0.05), slot('L', 0.5)] }, { id: 6, slots: [slot('P', 0.05), slot('P', 0.5)] },
  { id: 7, slots: [slot('P', 0.05), slot('L', 0.35), slot('P', 0.75)] }, { id: 8, slots: [slot('L', 0.05), slot('P', 0.35), slot('L', 0.6)] },
];

/** A deterministic mix of orientations: the same for every run. */
function mixedPhotos(count: number): FillPhoto[] {
  let state = 12345;
  return Array.from({ length: count }, (_, index) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % 3 === 0 ? portrait(index + 1) : landscape(index + 1);
  });
}

const isPortrait = (photo: FillPhoto) => photo.height > photo.width;
const slotIsPortrait = (item: { w: number; h: number }) => item.h > item.w;

describe('autofill plan', () => {
  it('puts photos in far fewer slots of the other orientation than filling the slots in order', () => {
    const photos = mixedPhotos(60);
    const pages = photosPerPage([photos], 24, true);
    let ours = 0;
    let greedy = 0;
    pages.forEach((onPage, index) => {
      const plan = chooseScheme(SCHEMES, onPage, PAGE, index);
      ours += plan.mismatches;
      // The greedy baseline: the same number of photos a page, a scheme of that many slots taken in turn (as a book's
      // pages have them), its slots filled in the photos' order.
      const sized = SCHEMES.filter((scheme) => scheme.slots.length === onPage.length);
      const scheme = sized[index % sized.length];
      scheme.slots.forEach((item, at) => {
        if (onPage[at] && isPortrait(onPage[at]) !== slotIsPortrait(item)) greedy += 1;
      });
    });
    expect(greedy).to.be.above(10);
    expect(ours).to.be.at.most(Math.floor(greedy / 4));
  });

  it('counts mismatches it could not avoid, and places each photo once', () => {
    const plan = assignSlots(SCHEMES[2], [portrait(1), portrait(2)], PAGE);
    expect(plan.photos.map((photo) => photo?.id)).to.deep.equal([1, 2]);
    expect(plan.mismatches).to.equal(1);
    const swapped = assignSlots(SCHEMES[2], [portrait(1), landscape(2)], PAGE);
    expect(swapped.photos.map((photo) => photo?.id)).to.deep.equal([2, 1]);
    expect(swapped.mismatches).to.equal(0);
  });

  it('orders by instant, leaves untimed photos at their upload place, and splits events at large gaps', () => {
    const hour = 3600_000;
    const photos = [landscape(1, 10 * hour), landscape(2), landscape(3, 2 * hour), landscape(4, 30 * hour), landscape(5, 11 * hour)];
    const ordered = orderPhotos(photos, 'capture_time');
    expect(ordered.map((photo) => photo.id)).to.deep.equal([3, 2, 1, 5, 4]);
    expect(orderPhotos(photos, 'given').map((photo) => photo.id)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(splitEvents(ordered).map((event) => event.map((photo) => photo.id))).to.deep.equal([[3, 2], [1, 5], [4]]);
    expect(EVENT_GAP_MS).to.equal(4 * hour);
  });

  it('keeps one photo of each near-duplicate group', () => {
    const photos = [{ ...landscape(1), duplicateGroup: 1 }, { ...landscape(2), duplicateGroup: 1 }, landscape(3)];
    const { kept, duplicates } = dropNearDuplicates(photos);
    expect(kept.map((photo) => photo.id)).to.deep.equal([1, 3]);
    expect(duplicates.map((photo) => photo.id)).to.deep.equal([2]);
  });

  it('gives each event whole spreads when every event can have one', () => {
    const events = [[1, 2, 3].map((id) => landscape(id)), [4, 5].map((id) => landscape(id))];
    // Three spreads: two for the larger event, whose last page stays empty so that the next event starts a spread.
    const pages = photosPerPage(events, 6, true).map((page) => page.map((photo) => photo.id));
    expect(pages).to.deep.equal([[1], [2], [3], [], [4], [5]]);
    // Not starting on a spread: each event still has pages of its own (issue 51), never sharing one with another.
    expect(photosPerPage(events, 3, false).map((page) => page.map((photo) => photo.id))).to.deep.equal([[1, 2], [3], [4, 5]]);
    // Fewer pages than events: the photos run on over the pages.
    expect(photosPerPage([...events, [landscape(6)]], 2, false).map((page) => page.map((photo) => photo.id))).to.deep.equal([[1, 2, 3], [4, 5, 6]]);
  });
});
