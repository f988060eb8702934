import { expect as baseExpect, test } from '@playwright/test';
import { countRu, PLURAL } from '@b2b/contracts/plural-ru';
import { PASSWORD, shopBuyerGet } from './helpers';

/*
 * Issue 39 §4: the buyer's points in the shop's header open its own points history — the balance, what it earned,
 * spent and what burns soon, and its operations newest first — as the buyer's API answers them.
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOP = '/shop/kancler';

const points = (value: string) => countRu(Number(value), PLURAL.point);

test("the header's points open the buyer's points history", async ({ page }) => {
  await page.goto(SHOP);
  await page.getByTestId('shop-login-email').fill('buyer@client.demo');
  await page.getByTestId('shop-login-password').fill(PASSWORD);
  await page.getByTestId('shop-login-submit').click();
  await expect(page.getByTestId('nav-shop-catalog')).toBeVisible();

  await page.getByTestId('shop-loyalty').click();
  await expect(page).toHaveURL(/\/shop\/kancler\/points$/);
  await expect(page.getByTestId('page-title')).toContainText('Мои баллы');
  const mine = await shopBuyerGet(page, '/v3/api/client/loyalty/history/?limit=20');
  expect(mine.NAV.CNT).toBeGreaterThan(0);

  await expect(page.getByTestId('points-balance')).toHaveAttribute('data-value', mine.BALANCE);
  await expect(page.getByTestId('points-balance')).toContainText(points(mine.BALANCE));
  await expect(page.getByTestId('points-earned')).toContainText(points(mine.EARNED));
  await expect(page.getByTestId('points-spent')).toContainText(points(mine.SPENT));
  await expect(page.getByTestId('points-burn-soon')).toContainText(`Сгорят в ближайшие ${mine.BURN_SOON.DAYS} дней`);
  await expect(page.getByTestId('points-burn-soon')).toContainText(points(mine.BURN_SOON.BONUS_CNT));
  await expect(page.getByTestId('points-burn-date')).toHaveCount(mine.BURN_SOON.DATES.length);
  // The header's balance is the page's.
  await expect(page.getByTestId('shop-loyalty')).toHaveAttribute('data-balance', mine.BALANCE);

  const rows = page.getByTestId('points-history').locator('tr[data-testid="points-row"]');
  await expect(rows).toHaveCount(mine.ITEMS.length);
  const first = mine.ITEMS[0] as { ID: number; BONUS_CNT: string; TITLE: string; DATE: number };
  await expect(rows.first()).toHaveAttribute('data-id', String(first.ID));
  await expect(rows.first()).toContainText(first.TITLE);
  await expect(rows.first().getByTestId('points-row-points')).toContainText(points(first.BONUS_CNT.replace('-', '')));
  // ru-RU dates: dd.MM.yyyy.
  await expect(rows.first()).toContainText(/\d{2}\.\d{2}\.\d{4}/);
  if (mine.NAV.CNT > mine.ITEMS.length) {
    await page.getByTestId('points-history').locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/points\?page=2/);
    const next = await shopBuyerGet(page, '/v3/api/client/loyalty/history/?limit=20&offset=20');
    await expect(rows.first()).toHaveAttribute('data-id', String(next.ITEMS[0].ID));
  }
});
