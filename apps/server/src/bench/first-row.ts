import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * Time to the order list's first row in Chromium (issue 11.5): signed in, a fresh page opens /partner/orderlist
 * with a cold cache, and the clock stops when the first order row is on screen. Also the bytes the page moved.
 */
export async function timeToFirstRow(baseUrl: string, log: (m: string) => void): Promise<Record<string, number | string>> {
  if (!fs.existsSync(CHROMIUM)) return { 'order list first row': `no browser at ${CHROMIUM}` };
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-email').fill('owner@partner.demo');
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    const times: number[] = [];
    let transferred = 0;
    for (let i = 0; i < 3; i++) {
      const fresh = await context.newPage();
      const cdp = await context.newCDPSession(fresh);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      let bytes = 0;
      cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
      const started = performance.now();
      await fresh.goto('/partner/orderlist');
      await fresh.getByTestId('orders-table').locator('tr[data-row-key]').first().waitFor({ state: 'visible', timeout: 60_000 });
      times.push(performance.now() - started);
      transferred = bytes;
      await fresh.close();
    }
    times.sort((a, b) => a - b);
    const result = {
      'order list first row ms (median of 3, cold cache)': Math.round(times[1]),
      'order list page transferred KB': Math.round(transferred / 1024),
    };
    log(`browser: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await browser.close();
  }
}
