import { expect as baseExpect, test } from '@playwright/test';
import { countRu, PLURAL } from '@b2b/contracts/plural-ru';
import { PASSWORD, shopBuyerGet } from './helpers';

/*
 * Issue 39 §4: a buyer searching in one section for a product of another is told how many the whole catalogue has,
 * with «Искать во всём каталоге»; the link finds the product. While the results load the table shows a skeleton,
 * never «Товары не найдены».
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOP = '/shop/kancler';

test('a search in a section shows the whole catalogue’s count and its link finds the product', async ({ page }) => {
  await page.goto(SHOP);
  await page.getByTestId('shop-login-email').fill('buyer@client.demo');
  await page.getByTestId('shop-login-password').fill(PASSWORD);
  await page.getByTestId('shop-login-submit').click();
  await expect(page.getByTestId('nav-shop-catalog')).toBeVisible();

  // Two top sections the shop sells in, and a product of the second (read as the buyer's API has them).
  const sections = (await shopBuyerGet(page, '/v3/api/catalog/sections/')).ITEMS as { ID: number; IBLOCK_SECTION_ID: number | null; NAME: string }[];
  const [here, there] = sections.filter((s) => s.IBLOCK_SECTION_ID === null);
  const product = (await shopBuyerGet(page, `/v3/api/catalog/product/?section_id=${there.ID}&limit=12`)).ITEMS[0] as {
    UP_CODE_1C: string;
    NAME: string;
  };
  const everywhere = (await shopBuyerGet(page, `/v3/api/catalog/product/?query=${product.UP_CODE_1C}`)).NAV.CNT as number;
  expect(everywhere).toBeGreaterThanOrEqual(1);

  await page.goto(`${SHOP}?section=${here.ID}`);
  await expect(page.getByTestId('page-title')).toHaveText(here.NAME);
  await page.getByTestId('catalog-search').locator('input').fill(product.UP_CODE_1C);
  await page.getByTestId('catalog-search').locator('input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`section=${here.ID}.*q=${product.UP_CODE_1C}`));
  await expect(page.getByTestId('catalog-empty')).toBeVisible();
  await expect(page.getByTestId('catalog-wider-count')).toHaveText(`Во всём каталоге найдено ${countRu(everywhere, PLURAL.product)}`);

  // The whole catalogue's search answers slowly: the table shows a skeleton meanwhile, and «не найдены» never shows.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v3/api/catalog/product/?*', async (route) => {
    if (!new URL(route.request().url()).searchParams.has('section_id')) await held;
    await route.continue();
  });
  await page.evaluate(() => {
    const w = window as unknown as { sawEmpty: boolean };
    w.sawEmpty = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="catalog-empty"]')) w.sawEmpty = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId('catalog-search-everywhere').click();
  await expect(page).not.toHaveURL(/section=/);
  await expect(page.getByTestId('catalog-skeleton')).toBeVisible();
  release();
  const row = page.getByTestId('catalog-table').locator(`tr[data-testid="product-row"][data-code="${product.UP_CODE_1C}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(product.NAME);
  await expect(page.getByTestId('catalog-wider')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sawEmpty: boolean }).sawEmpty)).toBe(false);
  await page.unroute('**/v3/api/catalog/product/?*');
});
