// Theme images for the demo catalog, drawn by sharp from SVG: a gradient in the theme's hues with soft circles.
import sharp from 'sharp';

export type DemoImageKind = 'front' | 'back' | 'spine' | 'page';

function pseudoRandom(seed: number): () => number {
  let state = seed * 2_654_435_761 % 4_294_967_296;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export async function drawDemoImage(themeSeed: number, kind: DemoImageKind, width: number, height: number): Promise<Buffer> {
  const random = pseudoRandom(themeSeed * 7 + kind.length);
  const hue = (themeSeed * 47) % 360;
  const light = kind === 'page' ? 92 : 55;
  const circles = Array.from({ length: kind === 'spine' ? 3 : 12 }, () => {
    const radius = Math.round((0.05 + random() * 0.2) * Math.min(width, height) * (kind === 'spine' ? 4 : 1));
    return `<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height)}" r="${radius}"
      fill="hsl(${(hue + Math.round(random() * 60)) % 360}, 60%, ${light + 10}%)" fill-opacity="0.35"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 55%, ${light}%)"/>
      <stop offset="1" stop-color="hsl(${(hue + 40) % 360}, 55%, ${light - 15}%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}
    ${kind === 'front' ? `<rect x="8%" y="8%" width="84%" height="84%" fill="none" stroke="white" stroke-width="${Math.round(width / 80)}"/>` : ''}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
