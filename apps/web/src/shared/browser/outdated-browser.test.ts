import { describe, expect, it } from 'vitest';
import { detectBrowser, isOutdatedBrowser } from './outdated-browser';

const UA = {
  chrome120: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome48: 'Mozilla/5.0 (Windows NT 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/48.0.2564.116 Safari/537.36',
  firefox51: 'Mozilla/5.0 (Windows NT 10.0; WOW64; rv:51.0) Gecko/20100101 Firefox/51.0',
  firefox115: 'Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0',
  edge16: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.110 Safari/537.36 Edge/16.16299',
  edge17: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.140 Safari/537.36 Edge/17.17134',
  edgeChromium: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  opera35: 'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/48.0.2564.82 Safari/537.36 OPR/35.0.2066.68',
  opera12: 'Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18',
  safari8: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_5) AppleWebKit/600.8.9 (KHTML, like Gecko) Version/8.0.8 Safari/600.8.9',
  safari17: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  iosSafari9:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 9_3_5 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13G36 Safari/601.1',
  samsung9:
    'Mozilla/5.0 (Linux; Android 8.0.0; SM-G960F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/9.2 Chrome/67.0.3396.87 Mobile Safari/537.36',
  samsung23:
    'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  androidWebView48:
    'Mozilla/5.0 (Linux; Android 6.0; Nexus 5 Build/MRA58N; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/48.0.2564.106 Mobile Safari/537.36',
  androidStock:
    'Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
  androidChrome120: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  headlessChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};

describe('detectBrowser', () => {
  it.each([
    ['chrome120', 'chrome', 120],
    ['firefox51', 'firefox', 51],
    ['edge16', 'edge', 16],
    ['edgeChromium', 'edge', 120],
    ['ie10', 'ie', 10],
    ['ie11', 'ie', 11],
    ['opera35', 'opera', 35],
    ['opera12', 'opera', 12],
    ['safari8', 'safari', 8],
    ['iosSafari9', 'safari', 9],
    ['samsung9', 'samsung', 9],
    ['androidWebView48', 'android', 48],
    ['androidStock', 'android', 4],
    ['androidChrome120', 'chrome', 120],
    ['headlessChromium', 'chrome', 131],
  ] as const)('%s → %s %d', (key, name, major) => {
    expect(detectBrowser(UA[key])).toEqual({ name, major });
  });

  it('does not know an empty or unusual agent', () => {
    expect(detectBrowser('')).toBeNull();
    expect(detectBrowser('curl/8.0')).toBeNull();
  });
});

describe('isOutdatedBrowser', () => {
  it('flags browsers below the minimum versions', () => {
    for (const key of [
      'chrome48',
      'firefox51',
      'edge16',
      'ie10',
      'opera35',
      'opera12',
      'safari8',
      'samsung9',
      'androidWebView48',
      'androidStock',
    ] as const) {
      expect(isOutdatedBrowser(UA[key]), key).toBe(true);
    }
  });

  it('accepts browsers at or above the minimum versions', () => {
    for (const key of [
      'chrome120',
      'firefox115',
      'edge17',
      'edgeChromium',
      'ie11',
      'safari17',
      'iosSafari9',
      'samsung23',
      'androidChrome120',
      'headlessChromium',
    ] as const) {
      expect(isOutdatedBrowser(UA[key]), key).toBe(false);
    }
  });

  it('gives no notice to an unknown browser', () => {
    expect(isOutdatedBrowser('SomeBot/1.0')).toBe(false);
  });
});
