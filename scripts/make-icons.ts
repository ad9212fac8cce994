// Writes the app's icons into public/ (npx tsx scripts/make-icons.ts): the mark of the navigation (a
// rising line on a rounded blue square) rasterised at each size the browsers and the web app manifest
// ask for, as PNG (and the 32 px one wrapped as favicon.ico). Committed with its output, so the icons
// can be made again exactly; nothing here runs at build or start.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";

const BRAND = [0x1d, 0x4e, 0xd8] as const;
const LINE = [0xff, 0xff, 0xff] as const;
/** The mark's line in the 32-unit square of components/nav-bar.tsx. */
const POINTS: readonly [number, number][] = [[9, 21.5], [14, 11], [18, 18], [20.5, 14], [24, 21.5]];

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function distanceToSegment(x: number, y: number, [ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const t = Math.max(0, Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay)));
}

/** RGBA pixels of the mark at `size`, 4× supersampled. */
function png(size: number): Buffer {
  const rows: Buffer[] = [];
  const radius = 8;
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px += 1) {
      let inside = 0;
      let onLine = 0;
      for (let s = 0; s < 16; s += 1) {
        const x = ((px + ((s % 4) + 0.5) / 4) * 32) / size;
        const y = ((py + (Math.floor(s / 4) + 0.5) / 4) * 32) / size;
        const cx = Math.min(Math.max(x, radius), 32 - radius);
        const cy = Math.min(Math.max(y, radius), 32 - radius);
        if (Math.hypot(x - cx, y - cy) > radius) continue;
        inside += 1;
        for (let i = 1; i < POINTS.length; i += 1) {
          if (distanceToSegment(x, y, POINTS[i - 1] as [number, number], POINTS[i] as [number, number]) <= 1.2) {
            onLine += 1;
            break;
          }
        }
      }
      const mix = (c: number) => Math.round((BRAND[c] as number) * (1 - onLine / Math.max(inside, 1)) + (LINE[c] as number) * (onLine / Math.max(inside, 1)));
      row.set([mix(0), mix(1), mix(2), Math.round((inside / 16) * 255)], 1 + px * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", new Uint8Array())]);
}

/** An .ico holding one PNG image. */
function ico(image: Buffer, size: number): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.set([size, size, 0, 0], 6);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(image.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, image]);
}

const out = (name: string) => path.join(process.cwd(), "public", name);
writeFileSync(out("favicon.ico"), ico(png(32), 32));
for (const [name, size] of [["apple-touch-icon.png", 180], ["icon-192.png", 192], ["icon-512.png", 512]] as const) writeFileSync(out(name), png(size));
console.log("wrote public/favicon.ico, apple-touch-icon.png, icon-192.png, icon-512.png");
