// A product's gallery preview: the front of its cover as its layout describes it (the front cover background,
// a placeholder where the shopper's photo will go, the title), at the format's proportions.
import sharp from 'sharp';

const LONG_SIDE = 600;
const FALLBACK_BACKGROUND = '#d9d4cc';

export interface CoverDrawing {
  widthCm: number;
  heightCm: number;
  /** The front cover background image, when there is one to read. */
  background: Buffer | undefined;
  title: string;
}

/** Text for SVG: markup characters escaped, and characters XML cannot hold at all (control characters) dropped. */
const escapeXml = (text: string) => text
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  .replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The title's font size, its lines, and the band under them. */
interface TitleLayout {
  fontSize: number;
  lines: string[];
}

const MAX_TITLE_LINES = 3;
/** Of the preview's width, what the title may use: the rest is a margin the text never enters. */
const TITLE_WIDTH = 0.86;
/** The smallest title, as a share of the usual size; below it a title is shortened with an ellipsis instead. */
const SMALLEST_TITLE = 0.55;

/** A conservative estimate of a character's advance in DejaVu Sans, in ems: wide glyphs are counted wide. */
function advance(char: string): number {
  if (/[iljtfrI.,:;'!|()\[\] ]/.test(char)) return 0.4;
  if (/[mwMWЖжШшЩщЮюМмФф@%]/.test(char)) return 1.0;
  if (/[A-ZА-ЯЁ]/.test(char)) return 0.78;
  return 0.66;
}

const textWidth = (text: string, fontSize: number) => [...text].reduce((sum, char) => sum + advance(char), 0) * fontSize;

/** Words onto lines no wider than maxWidth; a word too long for a line is broken inside. */
function wrap(title: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (line && textWidth(line + char, fontSize) > maxWidth) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest size at which the title fits on at most three lines; at the smallest size, the rest is cut with "…". */
function layoutTitle(title: string, width: number, usualSize: number): TitleLayout {
  const maxWidth = width * TITLE_WIDTH;
  const smallest = Math.max(8, Math.round(usualSize * SMALLEST_TITLE));
  for (let fontSize = usualSize; fontSize >= smallest; fontSize -= 1) {
    const lines = wrap(title, maxWidth, fontSize);
    if (lines.length <= (fontSize === usualSize ? 1 : MAX_TITLE_LINES)) return { fontSize, lines };
  }
  const lines = wrap(title, maxWidth, smallest).slice(0, MAX_TITLE_LINES);
  let last = lines[MAX_TITLE_LINES - 1];
  while (textWidth(`${last}…`, smallest) > maxWidth) last = last.slice(0, -1);
  lines[MAX_TITLE_LINES - 1] = `${last.trimEnd()}…`;
  return { fontSize: smallest, lines };
}

/** The band behind the title and the title's lines: one line as it always was, more lines in a taller band. */
function titleSvg(width: number, height: number, title: string): string {
  const usualSize = Math.round(Math.min(width, height) * 0.07);
  const { fontSize, lines } = layoutTitle(title, width, usualSize);
  const text = (y: number, line: string) => `<text x="${width / 2}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" text-anchor="middle" fill="#2b2b2b">${escapeXml(line)}</text>`;
  if (lines.length <= 1) {
    return `<rect x="0" y="${height * 0.74}" width="${width}" height="${height * 0.16}" fill="#ffffff" fill-opacity="0.78"/>
  ${text(height * 0.84, lines[0] ?? '')}`;
  }
  const lineHeight = fontSize * 1.2;
  const bandHeight = Math.max(height * 0.16, lines.length * lineHeight + fontSize * 0.6);
  const bandTop = Math.min(height * 0.74, height * 0.95 - bandHeight);
  const firstBaseline = bandTop + (bandHeight - lines.length * lineHeight) / 2 + fontSize * 0.95;
  return `<rect x="0" y="${bandTop}" width="${width}" height="${bandHeight}" fill="#ffffff" fill-opacity="0.78"/>
  ${lines.map((line, index) => text(firstBaseline + index * lineHeight, line)).join('\n  ')}`;
}

/** The placeholder photo and the title, drawn over the background. */
function overlay(width: number, height: number, title: string): Buffer {
  const photo = { x: width * 0.15, y: height * 0.14, width: width * 0.7, height: height * 0.52 };
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect x="${photo.x}" y="${photo.y}" width="${photo.width}" height="${photo.height}" fill="#f4f1ec" stroke="#ffffff" stroke-width="${width * 0.012}"/>
  <circle cx="${photo.x + photo.width * 0.72}" cy="${photo.y + photo.height * 0.3}" r="${photo.height * 0.09}" fill="#e3b55b"/>
  <path d="M${photo.x} ${photo.y + photo.height} L${photo.x + photo.width * 0.38} ${photo.y + photo.height * 0.45} L${photo.x + photo.width * 0.62} ${photo.y + photo.height * 0.78} L${photo.x + photo.width * 0.78} ${photo.y + photo.height * 0.6} L${photo.x + photo.width} ${photo.y + photo.height} Z" fill="#9fb3a6"/>
  ${titleSvg(width, height, title)}
</svg>`);
}

export async function drawCoverPreview(drawing: CoverDrawing): Promise<Buffer> {
  const scale = LONG_SIDE / Math.max(drawing.widthCm, drawing.heightCm);
  const width = Math.round(drawing.widthCm * scale);
  const height = Math.round(drawing.heightCm * scale);
  const background = drawing.background
    ? sharp(drawing.background).rotate().resize({ width, height, fit: 'cover' })
    : sharp({ create: { width, height, channels: 3, background: FALLBACK_BACKGROUND } });
  return background
    .composite([{ input: overlay(width, height, drawing.title) }])
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer();
}
