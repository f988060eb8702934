import { expect, type Page } from '@playwright/test';

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
] as const;

/** The navigation items shown on the page, in the order of NAV_IDS. */
export async function visibleNav(page: Page): Promise<string[]> {
  await expect(page.getByTestId('logout')).toBeVisible();
  const shown: string[] = [];
  for (const id of NAV_IDS) if (await page.getByTestId(id).count()) shown.push(id);
  return shown;
}
