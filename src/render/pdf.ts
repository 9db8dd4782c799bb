// A scene as a page of a print PDF: trim and bleed boxes, an sRGB output intent, photos embedded at the print
// resolution from their masters (never enlarged, one JPEG encode), text as real PDF text in its embedded font (the
// glyphs used, Cyrillic included), sizes in millimetres. The document is written to its file page by page
// (pdf-file.ts): a page's pictures are out of memory once the next page is drawn.
import { createHash } from 'node:crypto';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFImage, PDFName, PDFString, rgb } from 'pdf-lib';
import sharp from 'sharp';
import type { TextFont } from '../shared/layout-document';
import { fontBytes, fontFace } from './fonts';
import { prepareImage } from './images';
import { openPdfFile } from './pdf-file';
import { preparePlacedPhoto } from './placed-photo';
import type { Rect, Scene } from './scene';

const POINTS_PER_MM = 72 / 25.4;
const JPEG_QUALITY = 92;
const SRGB = 'sRGB IEC61966-2.1';

let srgbProfile: Promise<Buffer> | undefined;
/** The sRGB ICC profile libvips attaches to its sRGB output (the profile the photos' masters carry). */
const srgbIcc = () => (srgbProfile ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
  .withIccProfile('srgb').jpeg().toBuffer().then(async (jpeg) => (await sharp(jpeg).metadata()).icc!));

export interface PrintDocument {
  pdf: PDFDocument;
  /** The font embedded in this document (its glyphs subset at save). */
  font(name: TextFont): Promise<PDFFont>;
  /**
   * The image embedded in this document, once per file however many pages draw it (a theme's background on every
   * page is one XObject, not one per page): keyed by its bytes.
   */
  image(data: Buffer, format: 'png' | 'jpeg'): Promise<PDFImage>;
  /** Writes the pages drawn so far to the file: call after each page. */
  endPage(): Promise<void>;
  /** Embeds the fonts (their glyphs of every page) and closes the file; its size in bytes. */
  finish(): Promise<number>;
  /** Closes and removes an unfinished file. */
  abort(): Promise<void>;
}

/**
 * An empty print document, written to a new file at path, with the sRGB output intent a printer's preflight looks
 * for (DeviceRGB means sRGB). The title is set before any page is written.
 */
export async function createPrintDocument(path: string, title: string): Promise<PrintDocument> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('photobook');
  pdf.registerFontkit(fontkit);
  const profile = pdf.context.register(pdf.context.flateStream(await srgbIcc(), { N: 3 }));
  const intent = pdf.context.obj({
    Type: 'OutputIntent', S: 'GTS_PDFX', OutputConditionIdentifier: PDFString.of(SRGB), Info: PDFString.of(SRGB),
    RegistryName: PDFString.of('http://www.color.org'), DestOutputProfile: profile,
  });
  pdf.catalog.set(PDFName.of('OutputIntents'), pdf.context.obj([intent]));
  const fonts = new Map<TextFont, Promise<PDFFont>>();
  const images = new Map<string, Promise<PDFImage>>();
  const file = await openPdfFile(pdf, path);
  return {
    pdf,
    image(data, format) {
      const key = `${format}:${createHash('sha256').update(data).digest('hex')}`;
      let image = images.get(key);
      if (!image) images.set(key, (image = embedNow(format === 'png' ? pdf.embedPng(data) : pdf.embedJpg(data))));
      return image;
    },
    endPage: () => file.flush(),
    async finish() {
      for (const font of fonts.values()) await (await font).embed();
      return file.finish();
    },
    abort: () => file.abort(),
    font(name) {
      let font = fonts.get(name);
      // Subset: only the glyphs used are embedded, a few kilobytes instead of the whole font; named as PDF names a subset.
      if (!font) fonts.set(name, (font = pdf.embedFont(fontBytes(name), { subset: true, customName: subsetName(name) })));
      return font;
    },
  };
}

/** The image with its stream in the document now, so that the page's flush writes it (pdf-lib embeds at save). */
async function embedNow(image: Promise<PDFImage>): Promise<PDFImage> {
  await (await image).embed();
  return image;
}

/** "ABCDEF+DejaVuSerif": a subset's name starts with six capital letters and a plus (PDF 1.7, 9.6.4), here from the font's name. */
function subsetName(name: TextFont): string {
  const digest = createHash('sha256').update(name).digest();
  const tag = [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
  return `${tag}+${fontFace(name).postscriptName}`;
}

const color = (hex: string) => rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);

export interface ImageResolution {
  /** The effective resolution of the photo on paper, in dots per inch. */
  dpi: number;
  photo: boolean;
}

/**
 * Adds the scene as a page (the scene's size in millimetres, the media and bleed box), trim marking the trimmed page
 * inside it; returns the resolution each image prints at.
 */
export async function addScenePage(document: PrintDocument, scene: Scene, trim: Rect, dpi: number): Promise<ImageResolution[]> {
  const { pdf } = document;
  const page = pdf.addPage([scene.width * POINTS_PER_MM, scene.height * POINTS_PER_MM]);
  const x = (mm: number) => mm * POINTS_PER_MM;
  const y = (mm: number, height = 0) => (scene.height - mm - height) * POINTS_PER_MM;
  page.setBleedBox(0, 0, page.getWidth(), page.getHeight());
  page.setTrimBox(x(trim.x), y(trim.y, trim.height), x(trim.width), x(trim.height));
  const resolutions: ImageResolution[] = [];
  page.drawRectangle({ x: 0, y: 0, width: page.getWidth(), height: page.getHeight(), color: color(scene.background) });
  const pixelsPerMm = dpi / 25.4;
  for (const item of scene.items) {
    if (item.kind === 'photo') {
      const photo = await preparePlacedPhoto(item, { scaleX: pixelsPerMm, scaleY: pixelsPerMm, upscale: false, jpegQuality: JPEG_QUALITY });
      if (!photo) continue;
      resolutions.push({ dpi: photo.sourceDpi, photo: true });
      const { rect } = item;
      page.drawImage(await embedNow(pdf.embedJpg(photo.data)), { x: x(rect.x), y: y(rect.y, rect.height), width: x(rect.width), height: x(rect.height) });
    } else if (item.kind === 'image') {
      const image = await prepareImage(item, { scaleX: pixelsPerMm, scaleY: pixelsPerMm, upscale: false, quality: JPEG_QUALITY });
      if (!image) continue;
      resolutions.push({ dpi: Math.round(image.sourceScale * 25.4), photo: item.photo });
      const embedded = await document.image(image.data, image.format);
      page.drawImage(embedded, { x: x(image.left), y: y(image.top, image.height), width: x(image.width), height: x(image.height) });
    } else if (item.kind === 'text') {
      const font = await document.font(item.font);
      const size = item.fontSize * POINTS_PER_MM;
      item.lines.forEach((line, index) => {
        page.drawText(line, { x: x(item.starts[index]), y: y(item.baselines[index]), size, font, color: color(item.color) });
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
