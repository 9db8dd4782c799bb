import { expect } from 'chai';
import { createUrlSigner } from '../../src/http/signed-url';
import { createPhotoLinks, PHOTO_LINK_WINDOW_SECONDS } from '../../src/photos/photo-links';

describe('photo links (made once per window)', () => {
  it('are the same throughout a window and new in the next, each opening its photo until it expires', () => {
    let clock = Date.UTC(2026, 10, 27, 0, 0, 1);
    const now = () => clock;
    const links = createPhotoLinks(createUrlSigner('secret', 'photo files', now), 'http://photobook.test', now);
    const first = { image: links.image(7), original: links.original(7) };
    clock += (PHOTO_LINK_WINDOW_SECONDS - 10) * 1000;
    expect({ image: links.image(7), original: links.original(7) }).to.deep.equal(first);
    expect(links.image(8)).not.to.equal(first.image);
    clock += 20 * 1000;
    const next = links.image(7);
    expect(next).not.to.equal(first.image);
    const token = (link: string) => link.slice(link.lastIndexOf('/') + 1);
    expect(links.verifyImage(7, token(next))).to.equal(true);
    expect(links.verifyImage(7, token(first.image))).to.equal(true);
    // The first window's link lives until the end of the window after its own, and not beyond.
    clock += PHOTO_LINK_WINDOW_SECONDS * 1000;
    expect(links.verifyImage(7, token(first.image))).to.equal(false);
    expect(links.verifyImage(8, token(links.image(7)))).to.equal(false);
  });
});
