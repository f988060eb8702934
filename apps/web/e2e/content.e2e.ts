import { expect, test } from '@playwright/test';
import { MSG } from '@b2b/contracts/messages';
import { signInAs } from './helpers';

test('content pages: a help page by its code with the other pages of its type, an empty page says so, an unknown one is not found', async ({
  page,
}) => {
  await signInAs(page, 'orders@partner.demo', '/partner/info/help/orders');
  await expect(page.getByTestId('content-title')).toHaveText('Как работать с заказами');
  await expect(page.getByTestId('content-page')).toContainText('Новые заказы из магазина появляются в разделе «Заказы»');
  await page.getByTestId('content-menu').getByText('Как загрузить цены из Excel').click();
  await expect(page.getByTestId('content-title')).toHaveText('Как загрузить цены из Excel');
  await expect(page).toHaveURL(/\/partner\/info\/help\/\d+$/);

  await page.goto('/content/news/welcome');
  await expect(page.getByTestId('content-title')).toHaveText('Добро пожаловать');
  await expect(page.getByTestId('content-empty')).toHaveText(MSG.noDescription);

  await page.goto('/content/help/no-such-page');
  await expect(page.getByTestId('content-missing')).toBeVisible();
});
