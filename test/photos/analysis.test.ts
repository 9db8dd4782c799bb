// What processing sees in a photo (issue 51), on photos with real faces (face-api's own samples and copies of them
// made with sharp): faces with landmarks and eyes-open scores from the model in its worker thread, sharpness,
// exposure and colour signatures, near-duplicates by structure and colour, and a framing that keeps faces whole.
import { expect } from 'chai';
import { analysePhoto, type PhotoAnalysis } from '../../src/photos/analysis/analysis';
import { createFaceDetector, type FaceDetector } from '../../src/photos/analysis/face-detector';
import { looksDuplicate } from '../../src/photos/analysis/similarity';
import { processPhoto } from '../../src/photos/processing';
import type { Box } from '../../src/shared/layout-document';
import { framedCrop } from '../../src/shared/face-framing';
import { coveringCrop } from '../../src/shared/photo-placement';
import { faceSample, sampleCopy } from './face-samples';
import { describeBeyondTheDatabase } from '../helpers/database';

const OPTIONS = { maxPixels: 50_000_000, uploadTime: new Date('2026-01-02T03:04:05Z') };

const inside = (face: Box, crop: Box) => face.x >= crop.x - 1e-6 && face.y >= crop.y - 1e-6
  && face.x + face.width <= crop.x + crop.width + 1e-6 && face.y + face.height <= crop.y + crop.height + 1e-6;

describeBeyondTheDatabase('photos: the analysis of a picture', function () {
  // The model loads once (about a second) in its worker; each photo then takes a fraction of a second.
  this.timeout(120_000);
  let detector: FaceDetector;
  const analysed = async (file: Buffer) => {
    const processed = await processPhoto(file, OPTIONS);
    return { processed, analysis: await analysePhoto(processed.master, file, detector) };
  };
  const looks = (processed: { perceptualHash: string }, analysis: PhotoAnalysis) => ({ perceptualHash: processed.perceptualHash, colourSignature: analysis.colourSignature });

  before(() => {
    detector = createFaceDetector();
  });
  after(async () => {
    await detector.close();
  });

  it('finds the faces of a group photo, each with 68 landmarks and an open-eyes score, and none in a picture without people', async () => {
    const { analysis } = await analysed(faceSample(6));
    expect(analysis.faces.length).to.be.at.least(4);
    for (const face of analysis.faces) {
      expect(face.landmarks).to.have.length(68);
      expect(face.box.width).to.be.within(0.02, 0.5);
      // Eyes open, looking at the camera.
      expect(face.eyes_open).to.be.above(0.5);
    }
    expect(analysis.eyesOpen).to.be.above(0.5);
    const { analysis: empty } = await analysed(await sampleCopy(1, { blur: 60 }));
    expect(empty.faces).to.deep.equal([]);
    expect(empty.eyesOpen).to.equal(null);
    // The process's memory with the model loaded, as the worker measured it.
    expect(detector.memory()).to.be.above(0);
  });

  it('reads the camera, its clock and the GPS from the EXIF', async () => {
    const file = await sampleCopy(2, { exif: { make: 'Phone', model: 'X', at: '2026:07:03 12:00:00', gps: { date: '2026:07:03', time: [9, 0, 30], latitude: 43.5855, longitude: 39.7231 } } });
    const { analysis } = await analysed(file);
    expect(analysis.camera).to.deep.equal({ make: 'Phone', model: 'X', serial: '' });
    expect(analysis.cameraTime?.toISOString()).to.equal('2026-07-03T12:00:00.000Z');
    expect(analysis.gpsTime?.toISOString()).to.equal('2026-07-03T09:00:30.000Z');
    expect(analysis.latitude).to.be.closeTo(43.5855, 1e-3);
    expect(analysis.longitude).to.be.closeTo(39.7231, 1e-3);
    // The town, from the list shipped in a package: nothing is asked of anyone.
    expect(analysis.place).to.equal('Sochi');
  });

  it('scores a blurred copy less sharp and a darkened one worse exposed, and takes both for near-duplicates of the original', async () => {
    const original = await analysed(await sampleCopy(3));
    const blurred = await analysed(await sampleCopy(3, { blur: 3 }));
    const dark = await analysed(await sampleCopy(3, { brightness: 0.6 }));
    expect(blurred.analysis.sharpness).to.be.below(original.analysis.sharpness - 0.15);
    expect(dark.analysis.exposure).to.be.below(original.analysis.exposure - 0.1);
    expect(looksDuplicate(looks(original.processed, original.analysis), looks(blurred.processed, blurred.analysis))).to.equal(true);
    expect(looksDuplicate(looks(original.processed, original.analysis), looks(dark.processed, dark.analysis))).to.equal(true);
  });

  it('does not take one composition in other colours for a near-duplicate, though its greyscale hash is the same', async () => {
    const original = await analysed(await sampleCopy(4));
    for (const hue of [90, 180, 270]) {
      const recoloured = await analysed(await sampleCopy(4, { hue }));
      expect(recoloured.processed.perceptualHash === original.processed.perceptualHash
        || looksDuplicate({ perceptualHash: original.processed.perceptualHash, colourSignature: null }, { perceptualHash: recoloured.processed.perceptualHash, colourSignature: null }),
      'the structure alone says duplicate').to.equal(true);
      expect(looksDuplicate(looks(original.processed, original.analysis), looks(recoloured.processed, recoloured.analysis)), `hue ${hue}`).to.equal(false);
    }
  });

  it('frames every face whole in a narrow slot where the centre and the attention point cut one', async () => {
    const { processed, analysis } = await analysed(await sampleCopy(5));
    const boxes = analysis.faces.map((face) => face.box);
    // A slot a third as wide as tall holds a narrow strip of the landscape photo: not all five faces, so the largest.
    const slot = { width: 120, height: 150 };
    const centre = coveringCrop(processed, 0, slot);
    const attention = coveringCrop(processed, 0, slot, processed.focus);
    const framed = framedCrop(processed, 0, slot, processed.focus, boxes);
    const cut = (crop: Box) => boxes.filter((box) => !inside(box, crop) && !(box.x >= crop.x + crop.width || box.x + box.width <= crop.x)).length;
    expect(cut(centre) + cut(attention), 'the centre or the attention point cuts a face').to.be.above(0);
    expect(cut(framed), JSON.stringify({ framed, boxes })).to.equal(0);
    // The largest face is in it whole.
    const largest = [...boxes].sort((a, b) => b.width * b.height - a.width * a.height)[0];
    expect(inside(largest, framed)).to.equal(true);
    // A slot wide enough for all: every face whole.
    const wide = framedCrop(processed, 0, { width: 200, height: 150 }, processed.focus, boxes);
    expect(boxes.every((box) => inside(box, wide))).to.equal(true);
  });
});
