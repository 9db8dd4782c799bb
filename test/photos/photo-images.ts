// Test pictures for the photo processing: an asymmetric picture stored under each EXIF orientation, photo-like
// pictures for the perceptual hash, an Adobe RGB (1998) ICC profile, and HEIF containers built box by box.
import sharp from 'sharp';

export const QUADRANTS = { topLeft: [220, 30, 30], topRight: [30, 200, 40], bottomLeft: [30, 40, 210], bottomRight: [240, 240, 240] };
export const UPRIGHT = { width: 48, height: 32 };

/** The upright picture as raw RGB: four coloured quadrants, so any turn or mirror shows. */
export function uprightPixels(size = UPRIGHT): Buffer {
  const { width, height } = size;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const colour = y < height / 2 ? (x < width / 2 ? QUADRANTS.topLeft : QUADRANTS.topRight)
        : (x < width / 2 ? QUADRANTS.bottomLeft : QUADRANTS.bottomRight);
      pixels.set(colour, (y * width + x) * 3);
    }
  }
  return pixels;
}

/** Where the pixel shown at (x, y) of the upright W x H picture is stored under EXIF orientation n (TIFF 6.0 / EXIF 2.3). */
function storedAt(n: number, x: number, y: number, W: number, H: number): [number, number] {
  switch (n) {
    case 1: return [x, y];
    case 2: return [W - 1 - x, y];
    case 3: return [W - 1 - x, H - 1 - y];
    case 4: return [x, H - 1 - y];
    case 5: return [y, x];
    case 6: return [y, W - 1 - x];
    case 7: return [H - 1 - y, W - 1 - x];
    default: return [H - 1 - y, x];
  }
}

/** A JPEG whose stored pixels, shown with EXIF orientation n, are the upright picture. */
export async function orientedJpeg(n: number, size = UPRIGHT): Promise<Buffer> {
  const { width: W, height: H } = size;
  const upright = uprightPixels(size);
  const turned = n >= 5;
  const storedWidth = turned ? H : W;
  const stored = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y += 1) {
    for (let x = 0; x < W; x += 1) {
      const [sx, sy] = storedAt(n, x, y, W, H);
      upright.copy(stored, (sy * storedWidth + sx) * 3, (y * W + x) * 3, (y * W + x) * 3 + 3);
    }
  }
  return sharp(stored, { raw: { width: storedWidth, height: turned ? W : H, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).withMetadata({ orientation: n }).toBuffer();
}

/** A photo-like picture: blurred noise, so it has structure at every place and no two are alike. */
export async function photoLike(width = 640, height = 480): Promise<Buffer> {
  const noise = await sharp({ create: { width: width / 32, height: height / 32, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 70 } } })
    .png().toBuffer();
  return sharp(noise).resize(width, height, { kernel: 'cubic' }).blur(3).jpeg({ quality: 95 }).toBuffer();
}

function s15Fixed16(values: number[]): Buffer {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => bytes.writeInt32BE(Math.round(value * 65536), index * 4));
  return bytes;
}

/** An ICC v2 matrix/TRC display profile of Adobe RGB (1998): its primaries adapted to D50, gamma 563/256. */
export function adobeRgbProfile(): Buffer {
  const xyz = (values: number[]) => Buffer.concat([Buffer.from('XYZ \0\0\0\0', 'latin1'), s15Fixed16(values)]);
  const gamma = Buffer.concat([Buffer.from('curv\0\0\0\0', 'latin1'), Buffer.from([0, 0, 0, 1, 0x02, 0x33])]);
  const name = 'Adobe RGB (1998) test\0';
  const desc = Buffer.concat([Buffer.from('desc\0\0\0\0', 'latin1'), Buffer.from([0, 0, 0, name.length]), Buffer.from(name, 'latin1'),
    Buffer.alloc(4 + 4 + 2 + 1 + 67)]);
  const tags: Array<[string, Buffer]> = [
    ['desc', desc], ['cprt', Buffer.from('text\0\0\0\0No copyright, test profile\0', 'latin1')],
    ['wtpt', xyz([0.9642, 1, 0.8249])],
    ['rXYZ', xyz([0.60974, 0.31111, 0.01947])], ['gXYZ', xyz([0.20528, 0.62567, 0.06087])], ['bXYZ', xyz([0.14919, 0.06322, 0.74457])],
    ['rTRC', gamma], ['gTRC', gamma], ['bTRC', gamma],
  ];
  const table = Buffer.alloc(4 + tags.length * 12);
  table.writeUInt32BE(tags.length);
  let offset = 128 + table.length;
  const bodies: Buffer[] = [];
  tags.forEach(([signature, body], index) => {
    table.write(signature, 4 + index * 12, 'latin1');
    table.writeUInt32BE(offset, 8 + index * 12);
    table.writeUInt32BE(body.length, 12 + index * 12);
    const padded = Buffer.concat([body, Buffer.alloc((4 - (body.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8);
  header.write('mntrRGB XYZ ', 12, 'latin1');
  header.write('acsp', 36, 'latin1');
  s15Fixed16([0.9642, 1, 0.8249]).copy(header, 68);
  return Buffer.concat([header, table, ...bodies]);
}

export function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from(type, 'latin1'), body]);
}

export function fullBox(type: string, version: number, flags: number, ...content: Buffer[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE((version << 24) | flags);
  return box(type, head, ...content);
}

const u16 = (value: number) => { const bytes = Buffer.alloc(2); bytes.writeUInt16BE(value); return bytes; };
const u32 = (value: number) => { const bytes = Buffer.alloc(4); bytes.writeUInt32BE(value); return bytes; };

export type HeifProperty = { ispe: [number, number] } | { irot: number } | { imir: number } | { icc: Buffer } | { nclxPrimaries: number };

function property(value: HeifProperty): Buffer {
  if ('ispe' in value) return fullBox('ispe', 0, 0, u32(value.ispe[0]), u32(value.ispe[1]));
  if ('irot' in value) return box('irot', Buffer.from([value.irot]));
  if ('imir' in value) return box('imir', Buffer.from([value.imir]));
  if ('icc' in value) return box('colr', Buffer.from('prof', 'latin1'), value.icc);
  return box('colr', Buffer.from('nclx', 'latin1'), u16(value.nclxPrimaries), u16(13), u16(6), Buffer.from([0x80]));
}

/**
 * A HEIF file's container with one primary item (id 1) whose properties are given in order (no coded image data):
 * enough for what the header says, not for decoding. A decoy item 2 has a property of its own (a 16x16 ispe).
 */
export function heifContainer(properties: HeifProperty[], brand = 'heic', exif?: Buffer): Buffer {
  const ipco = box('ipco', ...properties.map(property), property({ ispe: [16, 16] }));
  const primary = Buffer.concat([u16(1), Buffer.from([properties.length]), ...properties.map((_, index) => Buffer.from([0x80 | (index + 1)]))]);
  const decoy = Buffer.concat([u16(2), Buffer.from([1, properties.length + 1])]);
  const ipma = fullBox('ipma', 0, 0, u32(2), primary, decoy);
  const ftyp = box('ftyp', Buffer.from(`${brand}\0\0\0\0mif1heic`, 'latin1'));
  const metaOf = (exifAt: number) => fullBox('meta', 0, 0,
    fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(13)),
    fullBox('pitm', 0, 0, u16(1)),
    ...(exif ? exifItem(exif, exifAt) : []),
    box('iprp', ipco, ipma));
  // The EXIF item's data sits in an mdat after meta: its offset depends on meta's length, which does not.
  const exifAt = ftyp.length + metaOf(0).length + 8;
  return Buffer.concat([ftyp, metaOf(exifAt), ...(exif ? [box('mdat', u32(0), exif)] : [])]);
}

/** An item info entry and location of an 'Exif' item (id 3): 4 bytes of offset to the TIFF header, then the TIFF. */
function exifItem(tiff: Buffer, at: number): Buffer[] {
  const infe = fullBox('infe', 2, 0, u16(3), u16(0), Buffer.from('Exif\0', 'latin1'));
  const iloc = fullBox('iloc', 0, 0, Buffer.from([0x44, 0x00]), u16(1), u16(3), u16(0), u16(1), u32(at), u32(tiff.length + 4));
  return [fullBox('iinf', 0, 0, u16(1), infe), iloc];
}

/**
 * A picture with one clear salient object: a small patch of saturated, busy red centred at (x, y), in fractions of
 * the picture, on a plain grey ground.
 */
export async function salientObjectAt(x: number, y: number, width = 1200, height = 900): Promise<Buffer> {
  const side = Math.round(Math.min(width, height) / 6);
  const patch = await sharp({ create: { width: side, height: side, channels: 3, background: '#d02020', noise: { type: 'gaussian', mean: 128, sigma: 80 } } })
    .png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#708090' } })
    .composite([{ input: patch, left: Math.round(x * width - side / 2), top: Math.round(y * height - side / 2) }])
    .jpeg({ quality: 92 }).toBuffer();
}

/**
 * A flat grey progressive JPEG of 1 + 3 x 63 valid scans (a DC scan, then each AC coefficient of each component in a
 * scan of its own), built segment by segment as the security review's generator does: no encoder writes so many.
 */
export function manyScanJpeg(size: number): Buffer {
  const segment = (marker: number, payload: number[]) => Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload]);
  const bits = () => {
    const bytes: number[] = [];
    let accumulator = 0;
    let count = 0;
    const put = (value: number, width: number) => {
      for (let bit = width - 1; bit >= 0; bit -= 1) {
        accumulator = (accumulator << 1) | ((value >> bit) & 1);
        count += 1;
        if (count === 8) {
          bytes.push(accumulator);
          if (accumulator === 0xff) bytes.push(0);
          accumulator = 0;
          count = 0;
        }
      }
    };
    const done = () => {
      if (count > 0) put((1 << (8 - count)) - 1, 8 - count);
      return Buffer.from(bytes);
    };
    return { put, done };
  };
  const blocks = Math.ceil(size / 8) ** 2;
  const dc = bits();
  for (let block = 0; block < blocks; block += 1) dc.put(0, 3); // a DC difference of 0 in every block: flat
  const endOfBands = bits(); // one run of end-of-bands covering every block
  for (let left = blocks; left > 0;) {
    const run = Math.min(left, 32767);
    const width = Math.floor(Math.log2(run));
    endOfBands.put(width, 4);
    if (width > 0) endOfBands.put(run - (1 << width), width);
    left -= run;
  }
  const endOfBandsData = endOfBands.done();
  const parts = [
    Buffer.from([0xff, 0xd8]),
    segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    segment(0xc2, [8, size >> 8, size & 0xff, size >> 8, size & 0xff, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    segment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0]),
    segment(0xc4, [0x10, 0, 0, 0, 15, ...new Array<number>(12).fill(0), ...Array.from({ length: 15 }, (_, run) => run << 4)]),
    segment(0xda, [3, 1, 0, 2, 0, 3, 0, 0, 0, 0]), dc.done(),
  ];
  for (let component = 1; component <= 3; component += 1) {
    for (let coefficient = 1; coefficient < 64; coefficient += 1) {
      parts.push(segment(0xda, [1, component, 0, coefficient, coefficient, 13]), endOfBandsData);
    }
  }
  parts.push(Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}
