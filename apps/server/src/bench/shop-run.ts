import fs from 'node:fs';
import { percentile } from './load';
import type { RunningServer } from './server-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Issue 13.8: the JS a buyer's first page of the shop downloads, compressed as served (target ≤ 200 KB gzip). */
export const SHOP_JS_BUDGET_KB = 200;

export async function shopFirstPageJs(baseUrl: string, shopLink: string, log: (m: string) => void): Promise<Record<string, number | string>> {
  if (!fs.existsSync(CHROMIUM)) return { 'shop first page JS': `no browser at ${CHROMIUM}` };
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  try {
    const page = await browser.newPage({ baseURL: baseUrl });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Set<string>();
    let bytes = 0;
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
    });
    await page.goto(`/shop/${shopLink}/`, { waitUntil: 'networkidle' });
    const kb = Math.round(bytes / 1024);
    const result = { 'shop first page JS KB (as served)': kb, 'shop first page JS files': scripts.size };
    log(`shop: ${JSON.stringify(result)}${kb > SHOP_JS_BUDGET_KB ? ` — over the ${SHOP_JS_BUDGET_KB} KB budget` : ''}`);
    return result;
  } finally {
    await browser.close();
  }
}

/** Issue 13.8: placing an order of a 50-line basket (target ≤ 100 ms), ten times. */
export async function measureCheckout(server: RunningServer, buyer: Record<string, string>, log: (m: string) => void) {
  const call = async <T>(p: string, body?: Record<string, string>): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${p}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...buyer, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: body ? new URLSearchParams(body).toString() : undefined,
    });
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  type Page = { ITEMS: { ID: number; MULTIPLICITY: number }[] };
  const products = [
    ...(await call<Page>('/v3/api/catalog/product/?limit=48')).ITEMS,
    ...(await call<Page>('/v3/api/catalog/product/?limit=48&offset=48')).ITEMS,
  ].slice(0, 50);
  const checkout = await call<{ TRADEPOINTS: { ID: number }[]; PAYMENT_TYPES: { ID: string }[] }>('/v3/api/client/checkout/');
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    for (const p of products) await call('/v3/api/client/basket/', { product_id: String(p.ID), quantity: String(p.MULTIPLICITY) });
    const started = performance.now();
    const placed = await call<{ SUCCESS: string }>('/v3/api/client/order/', {
      delivery: 'PICKUP',
      tradepoint_id: String(checkout.TRADEPOINTS[0].ID),
      payment_type: checkout.PAYMENT_TYPES[0].ID,
      contact_name: 'Бенчмарк',
      contact_phone: '79160000000',
    });
    times.push(performance.now() - started);
    if (placed.SUCCESS !== 'Y') throw new Error(`checkout refused: ${JSON.stringify(placed)}`);
  }
  times.sort((a, b) => a - b);
  const result = {
    'checkout of 50 lines p50 ms': Number(percentile(times, 0.5).toFixed(1)),
    'checkout of 50 lines max ms': Number(times[times.length - 1].toFixed(1)),
  };
  log(`checkout: ${JSON.stringify(result)}`);
  return result;
}
