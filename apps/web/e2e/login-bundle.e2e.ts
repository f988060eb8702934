import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@b2b/contracts/messages';
import { signInAs } from './helpers';

/*
 * Issue 10.6: the login page downloads no back-office screen (each loads on its first visit) and its JS stays within
 * 300 KB gzip; the notice for browsers too old for the app is a classic script that runs where modules do not.
 */

const BUDGET = 300 * 1024;
const SCREEN_CHUNKS =
  /(my-shop-tab|my-shipping-tab|orders-entry|order-card-(page|entry)|offers-entry|reports-page|client-list-page|client-card-page|employees-page|partner-shell)/;

/** Every script the page fetches while `act` runs, with its body. */
async function scriptsDuring(page: Page, act: () => Promise<void>) {
  const scripts: { url: string; body: Buffer }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || response.status() !== 200) return;
    pending.push(response.body().then((body) => void scripts.push({ url: response.url(), body })));
  });
  await act();
  await Promise.all(pending);
  return scripts;
}

test('the login page loads only its own code, within 300 KB of gzip JS', async ({ page }) => {
  const scripts = await scriptsDuring(page, async () => {
    await page.goto('/login');
    await expect(page.getByTestId('login-email')).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.map((s) => s.url).filter((url) => SCREEN_CHUNKS.test(url))).toEqual([]);
  const gzip = scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0);
  expect(gzip).toBeLessThanOrEqual(BUDGET);
});

test('a screen loads its code on the first visit', async ({ page }) => {
  await signInAs(page, 'owner@partner.demo', '/');
  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(request.url());
  });
  // An in-app navigation: the settings screen's chunk (with Editor.js) is fetched now, not with the login page.
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('shop-form-save')).toBeVisible();
  expect(requested.some((url) => /my-shop-tab/.test(url))).toBe(true);
});

test('a browser without ES modules sees the outdated-browser notice from the classic script', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) blocked.push(m.text());
  });
  // What an old browser lacks: the module script's noModule property.
  await page.addInitScript(() => {
    delete (HTMLScriptElement.prototype as unknown as { noModule?: boolean }).noModule;
  });
  await page.goto('/login');
  await expect(page.getByTestId('outdated-browser-static')).toHaveText(MSG.outdatedBrowser);
  expect(blocked).toEqual([]);
});

test('a current browser gets no notice', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-email')).toBeVisible();
  await expect(page.getByTestId('outdated-browser-static')).toHaveCount(0);
});
