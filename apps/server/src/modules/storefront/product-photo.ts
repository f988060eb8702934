/*
 * A product without a photo of its own (the distributor's pictures are not loaded yet) is shown as a drawn card: its
 * brand and code on the brand's colour, so that a list of products stays readable.
 */

const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => XML[c]);

/** A stable pastel colour of a text. */
function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

export function productCardSvg(p: { code: string; brand: string | null; name: string }): string {
  const brand = (p.brand ?? p.name.split(' ')[0] ?? '').slice(0, 18);
  const h = hue(brand || p.code);
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escape(p.name)}">
  <rect width="240" height="240" rx="16" fill="hsl(${h} 45% 92%)"/>
  <rect x="24" y="60" width="192" height="120" rx="12" fill="hsl(${h} 40% 80%)"/>
  <text x="120" y="118" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="700" fill="hsl(${h} 35% 30%)">${escape(brand)}</text>
  <text x="120" y="148" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" fill="hsl(${h} 25% 40%)">${escape(p.code)}</text>
</svg>`;
}
