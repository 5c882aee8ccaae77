// Renders test-fixtures/printed-notice.png (a printed notice) and scanned-notice.png (a page of
// scanned-notice.json: headings in a row and a short list, on paper-grey with a little scanner
// noise) as images (DejaVu Sans through fontkit, filled by a small scanline rasteriser), so OCR
// tests have real text in a real PNG.
// Run: node apps/server/src/modules/knowledge/test-fixtures/make-notice-png.mjs
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import { PNG } from 'pngjs';

const LINES = [
  { text: 'School Notice', size: 44 },
  { text: 'The library is open every weekday', size: 30 },
  { text: 'from 8 am to 5 pm.', size: 30 },
  { text: 'Swimming lessons start on Monday', size: 30 },
  { text: 'in the main pool.', size: 30 },
];
const WIDTH = 760;
const HEIGHT = 360;
const font = fontkit.openSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf');

/** de Casteljau: the point at t of a Bézier curve given by its control points. */
function bezierPoint(points, t) {
  let p = points;
  while (p.length > 1)
    p = p.slice(1).map((q, k) => [p[k][0] + (q[0] - p[k][0]) * t, p[k][1] + (q[1] - p[k][1]) * t]);
  return p[0];
}

/** Polygons (flattened outlines) of a line of text at (x, baseline). */
function outline(text, size, x0, baseline) {
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  const polygons = [];
  let x = x0;
  run.glyphs.forEach((glyph, i) => {
    let current = [];
    let last = [0, 0];
    const pt = (px, py) => [x + px * scale, baseline - py * scale];
    for (const cmd of glyph.path.commands) {
      const a = cmd.args;
      if (cmd.command === 'moveTo') {
        if (current.length) polygons.push(current);
        current = [pt(a[0], a[1])];
        last = [a[0], a[1]];
      } else if (cmd.command === 'lineTo') {
        current.push(pt(a[0], a[1]));
        last = [a[0], a[1]];
      } else if (cmd.command === 'quadraticCurveTo' || cmd.command === 'bezierCurveTo') {
        const ctrl =
          cmd.command === 'quadraticCurveTo'
            ? [[a[0], a[1]]]
            : [
                [a[0], a[1]],
                [a[2], a[3]],
              ];
        const end = cmd.command === 'quadraticCurveTo' ? [a[2], a[3]] : [a[4], a[5]];
        for (let s = 1; s <= 8; s++) {
          const [bx, by] = bezierPoint([last, ...ctrl, end], s / 8);
          current.push(pt(bx, by));
        }
        last = end;
      } else if (cmd.command === 'closePath') {
        if (current.length) polygons.push(current);
        current = [];
      }
    }
    if (current.length) polygons.push(current);
    x += run.positions[i].xAdvance * scale;
  });
  return polygons;
}

/** Rasterises the lines (nonzero winding, 4×4 supersampling) to a greyscale PNG at `file`. */
function render(lines, { width, height, paper = 255, ink = 0, noise = 0 }, file) {
  const polygons = [];
  let baseline = 60;
  for (const line of lines) {
    polygons.push(...outline(line.text, line.size, 30, baseline));
    baseline += line.size * 1.6;
  }
  const SS = 4;
  const coverage = new Float32Array(width * height);
  for (let sy = 0; sy < height * SS; sy++) {
    const y = (sy + 0.5) / SS;
    const crossings = [];
    for (const poly of polygons)
      for (let i = 0; i < poly.length; i++) {
        const [x1, y1] = poly[i];
        const [x2, y2] = poly[(i + 1) % poly.length];
        if ((y1 <= y && y2 > y) || (y2 <= y && y1 > y))
          crossings.push({ x: x1 + ((y - y1) / (y2 - y1)) * (x2 - x1), dir: y2 > y1 ? 1 : -1 });
      }
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (let i = 0; i < crossings.length - 1; i++) {
      winding += crossings[i].dir;
      if (winding === 0) continue;
      for (let sx = Math.ceil(crossings[i].x * SS - 0.5); (sx + 0.5) / SS < crossings[i + 1].x; sx++) {
        const px = Math.floor(sx / SS);
        if (px >= 0 && px < width) coverage[Math.floor(y) * width + px] += 1 / (SS * SS);
      }
    }
  }
  // A fixed pseudo-random sequence (same file on every run) for the scanner noise.
  let seed = 20260801;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    const c = Math.min(1, coverage[i]);
    const v = Math.max(0, Math.min(255, Math.round(paper * (1 - c) + ink * c + noise * random())));
    png.data.set([v, v, v, 255], i * 4);
  }
  fs.writeFileSync(file, PNG.sync.write(png));
  process.stdout.write(`wrote ${file}\n`);
}

const here = path.dirname(fileURLToPath(import.meta.url));
render(LINES, { width: WIDTH, height: HEIGHT }, path.join(here, 'printed-notice.png'));
const scanned = JSON.parse(fs.readFileSync(path.join(here, 'scanned-notice.json'), 'utf8'));
render(
  scanned.lines,
  { width: 960, height: 420, paper: 238, ink: 20, noise: 24 },
  path.join(here, 'scanned-notice.png'),
);
