/**
 * `npm run icons`: renders resources/icon.svg into every icon file electron-builder reads.
 * The outputs are committed, so packaging never needs this script or its native renderer.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import * as png2icons from 'png2icons';

const root = resolve(__dirname, '../..');
const resources = join(root, 'resources');
const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];

// Each size is rendered from the vector, not downscaled from 1024, so small icons stay crisp.
function render(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

// macOS draws icons edge to edge, so its own icons carry Apple's grid margin (824 of 1024) and a
// soft shadow; Windows and Linux expect the tile to fill the canvas.
function macTile(svg: string): string {
  const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 1024 1024" width="1024" height="1024">
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>
  <rect x="100" y="112" width="824" height="824" rx="206" fill="#1e1b4b" opacity="0.35" filter="url(#shadow)"/>
  <image x="100" y="100" width="824" height="824" xlink:href="${source}"/>
</svg>`;
}

function write(path: string, data: Buffer | null): void {
  if (!data) throw new Error(`could not create ${path}`);
  writeFileSync(path, data);
  console.log(`  ${relative(root, path)} (${data.length} bytes)`);
}

const svg = readFileSync(join(resources, 'icon.svg'), 'utf8');
const full = render(svg, 1024);
mkdirSync(join(resources, 'icons'), { recursive: true });

console.log('Icons from resources/icon.svg:');
write(join(resources, 'icon.png'), full);
for (const size of LINUX_SIZES) write(join(resources, 'icons', `${size}x${size}.png`), render(svg, size));
// forWinExe: BMP below 64 px and PNG above, which every Windows version's Explorer can show.
write(join(resources, 'icon.ico'), png2icons.createICO(full, png2icons.BICUBIC2, 0, false, true));
write(join(resources, 'icon.icns'), png2icons.createICNS(render(macTile(svg), 1024), png2icons.BICUBIC2, 0));
