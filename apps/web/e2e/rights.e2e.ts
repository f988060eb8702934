import { expect, test } from '@playwright/test';
import { signInAs, visibleNav } from './helpers';

/** What each demo account may see (back-office.md §6, shop-pricing-offers-loyalty.md §6). */
const ALL_PARTNER = ['nav-orders', 'nav-clients', 'nav-employees', 'nav-pricing', 'nav-assortment', 'nav-offers', 'nav-loyalty', 'nav-settings'];
const EXPECTED: Record<string, string[]> = {
  'owner@partner.demo': ALL_PARTNER,
  'admin@partner.demo': ALL_PARTNER,
  'owner@second.demo': ALL_PARTNER,
  'orders@partner.demo': ['nav-orders', 'nav-clients', 'nav-offers', 'nav-settings'],
  'price@partner.demo': ['nav-orders', 'nav-clients', 'nav-pricing', 'nav-assortment', 'nav-offers', 'nav-settings'],
  'clients@partner.demo': ['nav-orders', 'nav-clients', 'nav-pricing', 'nav-assortment', 'nav-offers', 'nav-settings'],
  'loyalty@partner.demo': ['nav-orders', 'nav-clients', 'nav-offers', 'nav-loyalty', 'nav-settings'],
  'manager@platform.demo': ['nav-orders', 'nav-offers', 'nav-reports', 'nav-partners'],
};

for (const [email, nav] of Object.entries(EXPECTED)) {
  test(`${email} sees exactly the sections its rights allow`, async ({ page }) => {
    await signInAs(page, email, '/');
    expect(await visibleNav(page)).toEqual(nav);
  });
}

test('a section outside the rights is refused even when opened by its address', async ({ page }) => {
  await signInAs(page, 'orders@partner.demo', '/partner/managers');
  await expect(page.getByText('Недостаточно прав')).toBeVisible();
  await page.goto('/partner/orderlist');
  await expect(page.getByText('Недостаточно прав')).toHaveCount(0);
});

test('a client of the shop is neither partner nor manager: it lands on / with no back-office navigation', async ({ page }) => {
  await signInAs(page, 'buyer@client.demo', '/partner/orderlist');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('nav-orders')).toHaveCount(0);
});
