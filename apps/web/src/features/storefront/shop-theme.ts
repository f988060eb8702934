import type { COLOR_SCHEMES } from '@b2b/contracts/shop';

/** The accent colour of each of the shop's colour schemes (shop settings «Цветовая схема»). */
const SCHEME_COLOR: Record<keyof typeof COLOR_SCHEMES, string> = {
  green: '#2e7d32',
  blue: '#1565c0',
  red: '#c62828',
  orange: '#e65100',
  purple: '#6a1b9a',
  gray: '#455a64',
};

const HEX = /^#[0-9a-f]{6}$/i;

export interface ShopColors {
  /** Buttons, links, the active section. */
  primary: string;
  /** The header's background: the shop's logo colour, else the scheme's. */
  header: string;
  /** Text on the header: dark on a light background, white on a dark one. */
  headerText: string;
}

/** Relative luminance of an #rrggbb colour (WCAG), 0 black … 1 white. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function shopColors(scheme: string, logoColor: string): ShopColors {
  const primary = SCHEME_COLOR[scheme as keyof typeof SCHEME_COLOR] ?? SCHEME_COLOR.blue;
  const header = HEX.test(logoColor) ? logoColor.toLowerCase() : primary;
  return { primary, header, headerText: luminance(header) > 0.45 ? '#1f1f1f' : '#ffffff' };
}
