import { createRequire } from 'node:module';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';

/*
 * A product's photo (issue 38.6). The distributor's picture files are not loaded yet (catalog_products' picture paths
 * name files nobody serves), so every product is shown as a drawn card: its brand and code on the brand's colour, so
 * that a list of products stays readable. One route serves it to the shop, the back office and the YML feeds, as a
 * PNG: feed readers (Yandex) take JPEG, PNG, GIF or WEBP pictures, not SVG.
 */

/** The photo's side in pixels: feed readers want at least 300 and recommend 600. */
export const PHOTO_SIDE = 600;

const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => XML[c]);

/** A stable pastel colour of a text. */
function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

export interface PhotoProduct {
  code: string;
  brand: string | null;
  name: string;
}

export function productCardSvg(p: PhotoProduct): string {
  const brand = (p.brand ?? p.name.split(' ')[0] ?? '').slice(0, 18);
  const h = hue(brand || p.code);
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escape(p.name)}">
  <rect width="240" height="240" fill="#ffffff"/>
  <rect width="240" height="240" rx="16" fill="hsl(${h} 45% 92%)"/>
  <rect x="24" y="60" width="192" height="120" rx="12" fill="hsl(${h} 40% 80%)"/>
  <text x="120" y="118" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="700" fill="hsl(${h} 35% 30%)">${escape(brand)}</text>
  <text x="120" y="148" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" fill="hsl(${h} 25% 40%)">${escape(p.code)}</text>
</svg>`;
}

const require = createRequire(import.meta.url);
/** The fonts the PDF uses too: a machine without system fonts draws the same card. */
const RENDER: ResvgRenderOptions = {
  fitTo: { mode: 'width', value: PHOTO_SIDE },
  font: {
    fontFiles: [require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')],
    loadSystemFonts: false,
    defaultFontFamily: 'DejaVu Sans',
  },
};

/** The card as PNG bytes: parsing, drawing and encoding all run on the calling thread (the photo worker's). */
export const drawCardPng = (p: PhotoProduct): Buffer => new Resvg(productCardSvg(p), RENDER).render().asPng();
