import { expect as baseExpect, test, type Page } from '@playwright/test';
import { moneyText, rubles } from '@b2b/contracts/storefront';
import { PASSWORD, shopBuyerToken, signInAs } from './helpers';
import { downloadedPdfText } from './pdf-text';

/*
 * Issue 38 §4–5: a buyer chooses a paid delivery zone in checkout and sees its price; the КП downloaded from the
 * basket prints the same delivery line and total (its text read with unpdf); the order placed stores the zone, and
 * the partner's order card shows the same delivery and zone.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOP = '/shop/kancler';
const BUYER = 'buyer@client.demo';
const OWNER = 'owner@partner.demo';

type Zone = { ID: number; NAME: string; PRICE: string; DELIVERY_PRICE: string };
type Basket = { SUM: string; CURRENCY: string; MIN_ORDER_SUM: string | null; DELIVERY_ZONES: Zone[]; DELIVERY_PRICE: string };

async function basketOf(page: Page, query = ''): Promise<Basket> {
  const res = await page.request.get(`/v3/api/client/basket/${query}`, { headers: { authorization: `Bearer ${await shopBuyerToken(page)}` } });
  return (await res.json()) as Basket;
}

const cents = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

test('a buyer chooses a paid zone, its price is on the checkout, the КП and the order card', async ({ page }) => {
  await page.goto(SHOP);
  await page.getByTestId('shop-login-email').fill(BUYER);
  await page.getByTestId('shop-login-password').fill(PASSWORD);
  await page.getByTestId('shop-login-submit').click();
  await expect(page.getByTestId('nav-shop-catalog')).toBeVisible();

  // One product, enough packs for the shop's minimum order (read from the basket the buyer has).
  const row = page.getByTestId('catalog-table').locator('tr[data-testid="product-row"]').first();
  await expect(row).toBeVisible();
  const price = (await row.getAttribute('data-price'))!;
  const pack = Number(await row.getAttribute('data-multiplicity'));
  const minimum = (await basketOf(page)).MIN_ORDER_SUM ?? '0';
  const packs = Number(cents(minimum) / (cents(price) * BigInt(pack)) + 1n);
  await row.getByTestId('product-qty-input').fill(String(packs * pack));
  await row.getByTestId('product-add').click();
  await expect(page.getByTestId('basket-counter')).not.toHaveAttribute('data-count', '0');

  // The zones as the server prices them: the paid one whose delivery this basket pays.
  const zones = (await basketOf(page)).DELIVERY_ZONES;
  const paid = zones.find((z) => cents(z.DELIVERY_PRICE) > 0n)!;
  expect(paid).toBeTruthy();

  // Checkout: delivery, the paid zone chosen from the list, its price in the totals.
  await page.getByTestId('basket-counter').click();
  await expect(page.getByTestId('basket-line').first()).toBeVisible();
  await page.getByTestId('basket-checkout').click();
  await expect(page.getByTestId('checkout-form')).toBeVisible();
  await page.getByTestId('checkout-delivery').click();
  await expect(page.getByTestId('checkout-zone')).toHaveCount(zones.length);
  const option = page.locator(`[data-testid="checkout-zone"][data-zone="${paid.ID}"]`);
  await expect(option).toContainText(paid.NAME);
  await expect(option).toContainText(`${rubles(paid.PRICE)} ₽`);
  await option.click();
  await expect(page.getByTestId('basket-delivery')).toHaveText(moneyText(paid.DELIVERY_PRICE));
  const basket = await basketOf(page, `?delivery_zone_id=${paid.ID}`);
  const total = moneyText((cents(basket.SUM) + cents(paid.DELIVERY_PRICE)).toString().replace(/(\d\d)$/, '.$1'));
  await expect(page.getByTestId('basket-total')).toHaveText(total);

  // Back to the basket: the zone chosen stays, and the КП prints its delivery line and the same total.
  await page.getByText('Вернуться в корзину').click();
  await expect(page.getByTestId('basket-delivery')).toHaveText(moneyText(paid.DELIVERY_PRICE));
  const text = await downloadedPdfText(page, page.getByTestId('basket-offer'));
  expect(text).toContain(`Доставка (${paid.NAME})`);
  expect(text).toContain(`Итого: ${total}`);

  // Place the order with that zone.
  await page.getByTestId('basket-checkout').click();
  await expect(page.getByTestId('checkout-form')).toBeVisible();
  await page.getByTestId('checkout-delivery').click();
  await expect(page.locator(`[data-testid="checkout-zone"][data-zone="${paid.ID}"]`)).toBeVisible();
  await expect(page.getByTestId('basket-delivery')).toHaveText(moneyText(paid.DELIVERY_PRICE));
  const address = page.getByTestId('checkout-address');
  if (!(await address.inputValue())) await address.fill('г. Москва, Дмитровское ш., д. 100');
  await page.locator('[data-testid^="checkout-payment-"]').first().click();
  if (!(await page.getByTestId('checkout-contact-name').inputValue())) await page.getByTestId('checkout-contact-name').fill('Покупатель Демо');
  if (!(await page.getByTestId('checkout-contact-phone').inputValue())) await page.getByTestId('checkout-contact-phone').fill('9161234567');
  await page.getByTestId('checkout-submit').click();
  await expect(page).toHaveURL(/\/shop\/kancler\/placed\/\d+$/);
  const id = /placed\/(\d+)$/.exec(page.url())![1];

  // The back office's card: the same delivery, and the zone.
  await page.goto('/login');
  await signInAs(page, OWNER, `/partner/orderlist/${id}`);
  await expect(page.getByTestId('order-card')).toBeVisible();
  await expect(page.getByTestId('order-field-delivery-price')).toHaveText(moneyText(paid.DELIVERY_PRICE));
  await expect(page.getByTestId('order-field-delivery-zone')).toHaveText(paid.NAME);
});
