// A scene as a page of a PDF document: images embedded at the print resolution (never above what their source
// gives), text as real PDF text in an embedded DejaVu Sans (which covers Cyrillic), sizes in millimetres.
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import { prepareImage } from './images';
import type { Scene } from './scene';

const POINTS_PER_MM = 72 / 25.4;
/** Below this a photo prints visibly soft: the print job reports it. */
export const LOW_RESOLUTION_DPI = 150;

let fontBytes: Buffer | undefined;
/** DejaVu Sans from the dejavu-fonts-ttf package (Bitstream Vera licence: embedding allowed). */
const dejaVuSans = () => (fontBytes ??= readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')));

export async function createPrintDocument(): Promise<{ pdf: PDFDocument; font: PDFFont }> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  // Subset: only the glyphs used are embedded, a few kilobytes instead of the whole font.
  const font = await pdf.embedFont(dejaVuSans(), { subset: true });
  return { pdf, font };
}

const color = (hex: string) => rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);

export interface ImageResolution {
  /** The effective resolution of the photo on paper, in dots per inch. */
  dpi: number;
  photo: boolean;
}

/** Adds the scene as a page (the scene's size in millimetres); returns the resolution each image prints at. */
export async function addScenePage(pdf: PDFDocument, font: PDFFont, scene: Scene, dpi: number): Promise<ImageResolution[]> {
  const page = pdf.addPage([scene.width * POINTS_PER_MM, scene.height * POINTS_PER_MM]);
  const x = (mm: number) => mm * POINTS_PER_MM;
  const y = (mm: number, height = 0) => (scene.height - mm - height) * POINTS_PER_MM;
  const resolutions: ImageResolution[] = [];
  page.drawRectangle({ x: 0, y: 0, width: page.getWidth(), height: page.getHeight(), color: color(scene.background) });
  const pixelsPerMm = dpi / 25.4;
  for (const item of scene.items) {
    if (item.kind === 'image') {
      const image = await prepareImage(item, { scaleX: pixelsPerMm, scaleY: pixelsPerMm, upscale: false, quality: 90 });
      if (!image) continue;
      resolutions.push({ dpi: Math.round(image.sourceScale * 25.4), photo: item.photo });
      const embedded = image.format === 'png' ? await pdf.embedPng(image.data) : await pdf.embedJpg(image.data);
      page.drawImage(embedded, { x: x(image.left), y: y(image.top, image.height), width: x(image.width), height: x(image.height) });
    } else if (item.kind === 'text') {
      const size = item.fontSize * POINTS_PER_MM;
      item.lines.forEach((line, index) => {
        const width = font.widthOfTextAtSize(line, size);
        page.drawText(line, { x: x(item.centerX) - width / 2, y: y(item.baselines[index]), size, font, color: color(item.color) });
      });
    } else {
      page.drawRectangle({
        x: x(item.rect.x), y: y(item.rect.y, item.rect.height), width: x(item.rect.width), height: x(item.rect.height),
        color: color(item.kind === 'fill' ? item.color : '#f4f1ec'), opacity: item.kind === 'fill' ? item.opacity : 1,
      });
    }
  }
  return resolutions;
}
