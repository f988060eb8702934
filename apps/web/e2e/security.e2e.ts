import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInAndWait, signInAs } from './helpers';

/*
 * Issue 9, point 8: the app works under its Content Security Policy, the refresh token stays out of scripts'
 * reach, and two tabs refreshing an expired session at the same moment both stay signed in.
 */

test.describe.configure({ timeout: 90_000 });

/** Every CSP report the browser writes to the console of the page. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test('the orders list, the settings map and the editor, and the API docs work without CSP violations', async ({ page }) => {
  const violations = cspViolations(page);
  const answer = await signInAs(page, 'owner@partner.demo', '/partner/orderlist');
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(answer?.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByTestId('orders-table').locator('tr[data-row-key]').first()).toBeVisible();

  await page.goto('/partner/settings/my-shop');
  const editor = page.getByTestId('about-editor').locator('[contenteditable="true"]').first();
  await editor.click();
  await editor.pressSequentially('Проверка редактора');
  await expect(page.getByTestId('about-editor')).toContainText('Проверка редактора');

  await page.goto('/partner/settings/my-shipping');
  const map = page.getByTestId('tradepoints-map');
  await expect(map.locator('.leaflet-tile-pane')).toBeAttached();
  // The tiles are asked for (the test machine has no network, so they do not arrive), and the CSP allows them.
  await expect(map.locator('img.leaflet-tile').first()).toHaveAttribute('src', /tile\.openstreetmap\.org/);
  await expect(map.locator('.leaflet-control-zoom-in')).toBeVisible();

  // The API description opens for the signed-in staff member in the same browser.
  await page.goto('/v3/api/docs/');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('B2B wholesale back office API');
  await expect(page.locator('.opblock-summary-path').first()).toBeVisible();

  expect(violations).toEqual([]);
});

test('a guest gets no API docs page', async ({ page }) => {
  const answer = await page.goto('/v3/api/docs/');
  expect(answer?.status()).toBe(401);
  await expect(page.locator('.swagger-ui')).toHaveCount(0);
});

const findCookie = async (context: BrowserContext, name: string) => (await context.cookies()).find((c) => c.name === name);

test('the refresh token is in an HttpOnly cookie that scripts cannot read', async ({ page, context }) => {
  await signInAndWait(page, 'admin@partner.demo');
  const refresh = await findCookie(context, 'oauth_refresh');
  expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v3/oauth/' });
  const readable = await page.evaluate(() => document.cookie);
  expect(readable).not.toContain('refresh');
  expect(readable).not.toContain(refresh!.value);
  expect(readable).toContain('has_session=1');
});

/**
 * Two whole back-office pages started at the same moment (each parsing the app, checking the session, one waiting
 * for the other's refresh, then loading its section): on the 2-core CI machine, beside the other worker's tests,
 * that took 17-30 s with the CPU slowed 4× here, and CI missed the 10 s default twice. A stuck tab still fails; the
 * web's own limit for a call is 30 s.
 */
const TWO_COLD_LOADS_MS = 40_000;

test('two tabs whose access token expired refresh at once and both stay signed in', async ({ page, context }) => {
  test.slow();
  await signInAs(page, 'orders@partner.demo', '/partner/orderlist');
  const second = await context.newPage();
  await second.goto('/partner/orderlist');
  await expect(second.getByTestId('orders-found')).toBeVisible();
  const before = (await findCookie(context, 'access_token'))!.value;

  const { hostname } = new URL(page.url());
  // Off the app while the token expires: a list's own refresh in a page about to be left would send a refresh whose
  // answer the navigation then drops (a busy run saw that second request).
  await Promise.all([page.goto('about:blank'), second.goto('about:blank')]);
  // Both tabs now take their access token for expired: each wants to refresh on its next call.
  const expired = String(Math.floor(Date.now() / 1000) - 60);
  await context.addCookies([{ name: 'access_token_expires', value: expired, domain: hostname, path: '/' }]);
  const refreshes: string[] = [];
  context.on('request', (r) => {
    if (r.url().includes('/v3/oauth/token/') && r.postData()?.includes('grant_type=refresh_token')) refreshes.push(r.url());
  });

  await Promise.all([page.goto('/partner/orderlist'), second.goto('/partner/clients/active-list')]);
  await expect(page.getByTestId('orders-found')).toBeVisible({ timeout: TWO_COLD_LOADS_MS });
  await expect(second.getByTestId('clients-table')).toBeVisible({ timeout: TWO_COLD_LOADS_MS });
  await expect(page).toHaveURL(/\/partner\/orderlist/);
  await expect(second).toHaveURL(/\/partner\/clients\/active-list/);

  // One tab refreshed; the other, after waiting for the lock, took its token instead of spending the cookie again.
  expect(refreshes).toHaveLength(1);
  const after = (await findCookie(context, 'access_token'))!.value;
  expect(after).not.toBe(before);
  // The session is still alive on the server: a further refresh works and both tabs keep working.
  await context.addCookies([{ name: 'access_token_expires', value: expired, domain: hostname, path: '/' }]);
  await Promise.all([page.reload(), second.reload()]);
  await expect(page.getByTestId('orders-found')).toBeVisible({ timeout: TWO_COLD_LOADS_MS });
  await expect(second.getByTestId('clients-table')).toBeVisible({ timeout: TWO_COLD_LOADS_MS });
  await expect(page).not.toHaveURL(/\/login/);
  await expect(second).not.toHaveURL(/\/login/);
});
