import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { WEB_SESSION } from '@b2b/contracts/auth';

export const PASSWORD = 'demo1234';

/** Signs in through the real login form. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

export async function signInAndWait(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs in without the login form: the password grant through the API in the page's browser context (its cookie jar
 * takes the refresh cookie and the session marker) and the access token put where the app keeps it, so the next page
 * the test opens boots signed in; `path` opens one. For every test but those of the form itself: it skips the login
 * page's load and the landing list's. "/" lands where the form would have (the order list for staff).
 */
export async function signInAs(page: Page, email: string, path?: string): Promise<Response | null> {
  const context = page.context();
  const res = await context.request.post('/v3/oauth/token/', {
    form: { grant_type: 'password', client_id: 'web', client_secret: 'web-secret', username: email, password: PASSWORD },
    headers: { [WEB_SESSION.cookieHeader]: '1' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { access_token: token, expires_in: ttl } = (await res.json()) as { access_token: string; expires_in: number };
  const url = new URL(res.url()).origin;
  const expiresAt = String(Math.floor(Date.now() / 1000) + ttl);
  await context.addCookies([
    { name: WEB_SESSION.accessCookie, value: token, url, sameSite: 'Lax' },
    { name: 'access_token_expires', value: expiresAt, url, sameSite: 'Lax' },
  ]);
  if (path === undefined) return null;
  const answer = await page.goto(path);
  await expect(page).not.toHaveURL(/\/login/);
  return answer;
}

export const NAV_IDS = [
  'nav-orders',
  'nav-clients',
  'nav-employees',
  'nav-pricing',
  'nav-assortment',
  'nav-offers',
  'nav-loyalty',
  'nav-settings',
  'nav-reports',
  'nav-partners',
] as const;

/** The navigation items shown on the page, in the order of NAV_IDS. */
export async function visibleNav(page: Page): Promise<string[]> {
  await expect(page.getByTestId('logout')).toBeVisible();
  const shown: string[] = [];
  for (const id of NAV_IDS) if (await page.getByTestId(id).count()) shown.push(id);
  return shown;
}

/**
 * Picks an option of an antd Select and waits until `isDone` says the choice took effect. On a busy machine a
 * click can land while the dropdown still animates in; the pick is then tried again. `search` is typed first (a
 * Select searched on the server); `exact` picks the option whose title is the label, not one that contains it.
 */
export async function chooseOption(
  page: Page,
  select: Locator,
  label: string,
  isDone: () => Promise<boolean>,
  { search, exact = false }: { search?: string; exact?: boolean } = {},
) {
  await expect(async () => {
    if (await isDone()) return;
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    if (!(await dropdown.isVisible())) await select.click();
    if (search) await select.locator('input').fill(search);
    const option = exact
      ? dropdown.locator(`.ant-select-item-option[title="${label}"]`)
      : dropdown.locator('.ant-select-item-option', { hasText: label });
    await option.first().click({ timeout: 5_000 });
    await expect.poll(isDone, { timeout: 5_000 }).toBe(true);
  }).toPass({ timeout: 60_000 });
}

/** Whether the page's address matches, for chooseOption's `isDone`. */
export const urlHas = (page: Page, pattern: RegExp) => async () => pattern.test(page.url());

/** The access token of the buyer signed in to the demo shop (the shop keeps its session in localStorage). */
export const shopBuyerToken = (page: Page, shop = 'kancler') =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').accessToken as string, `b2b-shop-session:${shop}`);

/** A GET with the shop buyer's token, answered 200: its JSON. */
export async function shopBuyerGet(page: Page, url: string) {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${await shopBuyerToken(page)}` } });
  expect(res.status()).toBe(200);
  return res.json();
}
