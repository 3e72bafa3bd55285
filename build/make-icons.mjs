// Draws the app icon (a page with a margin rule, lines of text and one highlighted span) and writes it as the
// files electron-builder wants: build/icon.png (1024 px, Linux and the source for everything else),
// build/icon.icns (macOS) and build/icon.ico (Windows), the same ICO as the pages' favicon and the card stack's
// icons (renderer/public/favicon.ico, icon-192.png and icon-512.png, which Vite copies beside index.html). No
// dependencies: PNG is zlib plus CRC-32, ICNS and ICO are containers of PNGs. Run: node build/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

// [x0, y0, x1, y1, radius, rgb] in a 0..1 square, painted in order
const BLUE = [47, 93, 138];
const shapes = [
  [0.06, 0.06, 0.94, 0.94, 0.18, BLUE], // tile
  [0.24, 0.17, 0.76, 0.83, 0.03, [255, 255, 255]], // page
  [0.33, 0.17, 0.345, 0.83, 0, [214, 69, 65]], // margin rule
  // text lines
  ...[0.3, 0.4, 0.5, 0.6, 0.7].map((y, i) => [0.39, y, i === 4 ? 0.58 : 0.69, y + 0.035, 0.0175, [176, 186, 198]]),
  [0.45, 0.485, 0.69, 0.535, 0.01, [255, 204, 51]], // highlighted span
  [0.47, 0.5, 0.64, 0.52, 0.01, [120, 96, 20]], // the span's text
];

function inside([x0, y0, x1, y1, r], x, y) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** RGBA pixels of the icon at `size` px, 4×4 supersampled so edges are smooth at every size. */
function render(size) {
  const px = Buffer.alloc(size * size * 4);
  const n = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sj = 0; sj < n; sj++) {
        for (let si = 0; si < n; si++) {
          const x = (i + (si + 0.5) / n) / size;
          const y = (j + (sj + 0.5) / n) / size;
          let hit;
          for (const s of shapes) if (inside(s, x, y)) hit = s[5];
          if (hit) {
            r += hit[0];
            g += hit[1];
            b += hit[2];
            a += 1;
          }
        }
      }
      const o = (j * size + i) * 4;
      if (a) [px[o], px[o + 1], px[o + 2]] = [r / a, g / a, b / a].map(Math.round);
      px[o + 3] = Math.round((255 * a) / (n * n));
    }
  }
  return px;
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size) {
  const rgba = render(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  // each row starts with filter byte 0
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pngs = new Map([16, 32, 48, 64, 128, 192, 256, 512, 1024].map((s) => [s, png(s)]));

// ICNS: 'icns', total length, then (type, length, PNG) entries
const icnsTypes = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
];
const entries = icnsTypes.map(([type, size]) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'ascii');
  head.writeUInt32BE(8 + pngs.get(size).length, 4);
  return Buffer.concat([head, pngs.get(size)]);
});
const icnsHead = Buffer.alloc(8);
icnsHead.write('icns', 0, 'ascii');
icnsHead.writeUInt32BE(8 + entries.reduce((n, e) => n + e.length, 0), 4);

// ICO: a directory of PNG images (Windows Vista and later read PNG entries)
const icoSizes = [16, 32, 48, 64, 128, 256];
const icoHead = Buffer.alloc(6 + 16 * icoSizes.length);
icoHead.writeUInt16LE(1, 2);
icoHead.writeUInt16LE(icoSizes.length, 4);
let offset = icoHead.length;
icoSizes.forEach((s, i) => {
  const e = 6 + 16 * i;
  icoHead[e] = s % 256; // 0 means 256
  icoHead[e + 1] = s % 256;
  icoHead.writeUInt16LE(1, e + 4); // planes
  icoHead.writeUInt16LE(32, e + 6); // bits per pixel
  icoHead.writeUInt32LE(pngs.get(s).length, e + 8);
  icoHead.writeUInt32LE(offset, e + 12);
  offset += pngs.get(s).length;
});

writeFileSync(join(here, 'icon.png'), pngs.get(1024));
writeFileSync(join(here, 'icon.icns'), Buffer.concat([icnsHead, ...entries]));
const ico = Buffer.concat([icoHead, ...icoSizes.map((s) => pngs.get(s))]);
writeFileSync(join(here, 'icon.ico'), ico);
mkdirSync(join(here, '../renderer/public'), { recursive: true });
writeFileSync(join(here, '../renderer/public/favicon.ico'), ico);
// the card stack's web manifest names these two, the sizes a phone asks for to install the page as an app
for (const s of [192, 512]) writeFileSync(join(here, `../renderer/public/icon-${s}.png`), pngs.get(s));
console.log(
  'wrote build/icon.png, build/icon.icns, build/icon.ico, renderer/public/favicon.ico, icon-192.png, icon-512.png',
);
