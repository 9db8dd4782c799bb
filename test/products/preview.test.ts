import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { drawCoverPreview } from '../../src/products/preview';

const LONG_NAME = 'Воспоминания о лете на даче у бабушки с дедушкой и всеми внуками, собаками, кошками и соседями по улице Садовой, дом 12А';
const WIDE_NAME = 'W'.repeat(120);

async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { at: (x: number, y: number) => data[y * info.width + x], width: info.width, height: info.height };
}

/** Rows of the lower part (the title band) that hold dark (text) pixels. */
function textRows(image: Awaited<ReturnType<typeof pixels>>): number[] {
  const rows: number[] = [];
  for (let y = Math.round(image.height * 0.68); y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if (image.at(x, y) < 110) {
        rows.push(y);
        break;
      }
    }
  }
  return rows;
}

describe('cover previews', () => {
  for (const [widthCm, heightCm, shape] of [[20, 28, 'portrait'], [28, 20, 'landscape'], [20, 20, 'square']] as const) {
    for (const name of [LONG_NAME, WIDE_NAME]) {
      it(`keep a ${name.length}-character title (${name[0]}...) inside the margins of a ${shape} cover, on several lines`, async () => {
        expect(name.length).to.equal(120);
        const image = await pixels(await drawCoverPreview({ widthCm, heightCm, background: undefined, title: name }));
        const rows = textRows(image);
        expect(rows.length, 'the title is drawn').to.be.greaterThan(0);
        // The text spans more than one line's height: it was wrapped, not cut to one line.
        expect(rows[rows.length - 1] - rows[0]).to.be.greaterThan(Math.min(image.width, image.height) * 0.07 * 1.5);
        const margin = Math.round(image.width * 0.04);
        for (const y of rows) {
          for (const x of [...Array(margin).keys()].flatMap((offset) => [offset, image.width - 1 - offset])) {
            expect(Math.abs(image.at(x, y) - image.at(0, y)), `pixel ${x},${y} of the margin`).to.be.at.most(8);
          }
        }
      });
    }
  }

  it('draws a short title as before: one line at the usual size', async () => {
    const drawn = await sharp(await drawCoverPreview({ widthCm: 20, heightCm: 28, background: undefined, title: 'Осень' })).raw().toBuffer();
    const before = await sharp(readFileSync(path.join(__dirname, 'fixtures/preview-short-title.jpg'))).raw().toBuffer();
    expect(drawn.length).to.equal(before.length);
    let difference = 0;
    for (let index = 0; index < drawn.length; index += 1) difference += Math.abs(drawn[index] - before[index]);
    expect(difference / drawn.length).to.be.lessThan(0.5);
  });
});
