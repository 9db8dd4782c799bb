// The raster renderer's canvas: a background that covers it is cut to the canvas's proportions (never stretched), and
// what lies over it is drawn on it.
import { expect } from 'chai';
import sharp from 'sharp';
import { fontFace } from '../../src/render/fonts';
import { renderSceneToPixels } from '../../src/render/raster';
import { lineWidth } from '../../src/render/text-layout';
import type { Scene } from '../../src/render/scene';

/** A 300 x 100 picture in three upright stripes: red, green, blue. */
async function stripes(): Promise<Buffer> {
  const stripe = (color: string) => sharp({ create: { width: 100, height: 100, channels: 3, background: color } }).png().toBuffer();
  return sharp({ create: { width: 300, height: 100, channels: 3, background: '#000000' } })
    .composite([{ input: await stripe('#ff0000'), left: 0, top: 0 }, { input: await stripe('#00ff00'), left: 100, top: 0 }, { input: await stripe('#0000ff'), left: 200, top: 0 }])
    // Opaque RGB, as a theme's background is (compositing would give it an alpha channel).
    .removeAlpha().png().toBuffer();
}

describe('raster canvas', () => {
  it('cuts a covering background to the canvas, centred, and draws what lies over it', async () => {
    const full = { x: 0, y: 0, width: 100, height: 100 };
    const scene: Scene = {
      width: 100, height: 100, background: '#808080',
      items: [
        { kind: 'image', source: await stripes(), rect: full, clip: full, photo: false },
        { kind: 'fill', rect: { x: 0, y: 80, width: 100, height: 20 }, color: '#ffffff', opacity: 1 },
      ],
    };
    const { data, width, channels } = await renderSceneToPixels(scene, 100, 100);
    const at = (x: number, y: number) => [...data.subarray((y * width + x) * channels, (y * width + x) * channels + 3)];
    // The square canvas shows the middle third of the picture, edge to edge: stretched, its sides would be red and blue.
    for (const x of [3, 50, 96]) expect(at(x, 40), `x ${x}`).to.deep.equal([0, 255, 0]);
    // The fill over the background.
    for (const x of [3, 50, 96]) expect(at(x, 90), `x ${x}`).to.deep.equal([255, 255, 255]);
  });

  it('draws a line of text across the width its glyphs advance, from its start', async () => {
    const line = 'Фотокнига «Море» 30x20';
    const fontSize = 8;
    const scene: Scene = {
      width: 200, height: 40, background: '#ffffff',
      items: [{ kind: 'text', font: 'DejaVu Sans', lines: [line], fontSize, starts: [10], baselines: [25], color: '#000000' }],
    };
    // Two pixels a millimetre.
    const { data, width, height, channels } = await renderSceneToPixels(scene, 400, 80);
    const inked: number[] = [];
    for (let x = 0; x < width; x += 1) {
      for (let y = 0; y < height; y += 1) {
        if (data[(y * width + x) * channels] < 128) {
          inked.push(x);
          break;
        }
      }
    }
    const measured = lineWidth(fontFace('DejaVu Sans'), line, fontSize) * 2;
    expect(inked[0], 'where the ink starts').to.be.closeTo(20, 4);
    // The last glyph's ink ends a little before its advance does.
    expect(inked.at(-1)! - inked[0], 'the ink\'s width').to.be.closeTo(measured, measured * 0.05);
  });
});
