import { MIN_BROWSERS } from '@b2b/contracts/limits';

export type BrowserName = keyof typeof MIN_BROWSERS;
export interface DetectedBrowser {
  name: BrowserName;
  major: number;
}

const major = (ua: string, pattern: RegExp): number | null => {
  const match = pattern.exec(ua);
  return match ? Number(match[1]) : null;
};

/**
 * Reads the browser and its major version from a user agent. The order matters: Edge, Opera, Samsung and
 * Android WebView also carry a Chrome token, and Chrome carries a Safari one.
 */
export function detectBrowser(ua: string): DetectedBrowser | null {
  const checks: [BrowserName, RegExp][] = [
    ['edge', /Edge?\/(\d+)/],
    ['edge', /EdgA?\/(\d+)/],
    ['opera', /OPR\/(\d+)/],
    ['opera', /Opera\/.*Version\/(\d+)/],
    ['opera', /Opera[/ ](\d+)/],
    ['samsung', /SamsungBrowser\/(\d+)/],
    ['ie', /MSIE (\d+)/],
    ['ie', /Trident\/.*rv:(\d+)/],
    ['firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ];
  for (const [name, pattern] of checks) {
    const version = major(ua, pattern);
    if (version !== null) return { name, major: version };
  }
  if (/Android/.test(ua)) {
    const webView = /; wv\)/.test(ua) || /Version\/[\d.]+ Chrome\//.test(ua);
    const chrome = major(ua, /Chrome\/(\d+)/);
    if (chrome !== null) return { name: webView ? 'android' : 'chrome', major: chrome };
    // The old stock browser has no Chrome token: its version is the system's.
    const system = major(ua, /Android (\d+)/);
    if (system !== null) return { name: 'android', major: system };
  }
  const chrome = major(ua, /(?:Chrome|CriOS)\/(\d+)/);
  if (chrome !== null) return { name: 'chrome', major: chrome };
  const safari = /Safari\//.test(ua) ? major(ua, /Version\/(\d+)/) : null;
  if (safari !== null) return { name: 'safari', major: safari };
  return null;
}

/** True for a known browser below the minimum of back-office.md §9; unknown browsers get no notice. */
export function isOutdatedBrowser(ua: string): boolean {
  const browser = detectBrowser(ua);
  return browser !== null && browser.major < MIN_BROWSERS[browser.name];
}
