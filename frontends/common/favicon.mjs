// The product's icon (the mark of the shell's Logo: a capsule-shaped tile in the theme colour
// #2a5d78, a white cross, a red dot) as favicon.svg and favicon.ico, drawn from one description.
// The .ico is rasterised here (16, 32 and 48 px, 32-bit BMP images) so the build needs no
// image tools and the repository no binary file.

const PRIMARY = '#2a5d78';
const WHITE = '#ffffff';
const RED = '#f44336';

/** Shapes on a 48 × 48 canvas, painted in order. */
const SHAPES = [
  { kind: 'rect', x: 2, y: 2, w: 44, h: 44, r: 12, fill: PRIMARY },
  { kind: 'rect', x: 20, y: 10, w: 8, h: 28, r: 2, fill: WHITE },
  { kind: 'rect', x: 10, y: 20, w: 28, h: 8, r: 2, fill: WHITE },
  { kind: 'circle', cx: 37, cy: 37, r: 6, fill: RED },
];

export function faviconSvg() {
  const body = SHAPES.map((s) =>
    s.kind === 'rect'
      ? `<rect x="${s.x}" y="${s.y}" width="${s.w}" height="${s.h}" rx="${s.r}" fill="${s.fill}"/>`
      : `<circle cx="${s.cx}" cy="${s.cy}" r="${s.r}" fill="${s.fill}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">${body}</svg>\n`;
}

function inside(s, x, y) {
  if (s.kind === 'circle') return (x - s.cx) ** 2 + (y - s.cy) ** 2 <= s.r ** 2;
  if (x < s.x || y < s.y || x > s.x + s.w || y > s.y + s.h) return false;
  // Distance to the nearest corner centre decides inside the rounded corners.
  const cx = Math.min(Math.max(x, s.x + s.r), s.x + s.w - s.r);
  const cy = Math.min(Math.max(y, s.y + s.r), s.y + s.h - s.r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= s.r ** 2;
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** RGBA pixels (top row first) of the icon at `size` px, 4 × 4 samples per pixel. */
function raster(size) {
  const out = new Uint8Array(size * size * 4);
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = ((px + (sx + 0.5) / n) * 48) / size;
          const y = ((py + (sy + 0.5) / n) * 48) / size;
          let fill = null;
          for (const s of SHAPES) if (inside(s, x, y)) fill = s.fill;
          if (!fill) continue;
          const [cr, cg, cb] = rgb(fill);
          r += cr;
          g += cg;
          b += cb;
          a += 1;
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      out[o + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return out;
}

/** One ICO image: BITMAPINFOHEADER, BGRA rows bottom-up, then the (unused) AND mask. */
function bmp(size) {
  const px = raster(size);
  const maskRow = Math.ceil(size / 32) * 4;
  const buf = Buffer.alloc(40 + size * size * 4 + maskRow * size);
  buf.writeUInt32LE(40, 0);
  buf.writeInt32LE(size, 4);
  buf.writeInt32LE(size * 2, 8); // height counts the colour and the mask image
  buf.writeUInt16LE(1, 12);
  buf.writeUInt16LE(32, 14);
  buf.writeUInt32LE(size * size * 4 + maskRow * size, 20);
  let o = 40;
  for (let y = size - 1; y >= 0; y--) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      buf[o++] = px[i + 2];
      buf[o++] = px[i + 1];
      buf[o++] = px[i];
      buf[o++] = px[i + 3];
    }
  }
  return buf;
}

export function faviconIco(sizes = [16, 32, 48]) {
  const images = sizes.map(bmp);
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size % 256, e);
    header.writeUInt8(size % 256, e + 1);
    header.writeUInt16LE(1, e + 4);
    header.writeUInt16LE(32, e + 6);
    header.writeUInt32LE(images[i].length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += images[i].length;
  });
  return Buffer.concat([header, ...images]);
}
