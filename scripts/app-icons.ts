/**
 * Draws the installable app's icons (apps/web/public/icons/) from the logo (apps/web/public/favicon.svg)
 * with sharp: 192 and 512 pixels, and a maskable 512 whose logo sits inside the safe zone (the middle
 * 80%) on the logo's own blue, since launchers crop maskable icons to any shape. Run it after the logo
 * changes: `npx tsx scripts/app-icons.ts`; its output is committed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const logo = await readFile(join(publicDir, 'favicon.svg'));
const BRAND = '#4c6ef5';

for (const size of [192, 512]) {
  await sharp(logo, { density: (72 * size) / 64 }).resize(size, size).png().toFile(join(publicDir, 'icons', `icon-${size}.png`));
}
const inner = Math.round(512 * 0.7);
const art = await sharp(logo, { density: (72 * inner) / 64 }).resize(inner, inner).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: art, gravity: 'center' }])
  .png()
  .toFile(join(publicDir, 'icons', 'maskable-512.png'));
console.log('App icons written to apps/web/public/icons/.');
