import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect as baseExpect, test, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import { MSG } from '@b2b/contracts/messages';
import { STOREFRONT_MSG } from '@b2b/contracts/storefront';
import { PASSWORD, shopBuyerToken, signInAs } from './helpers';

/*
 * Issue 13: the partner's shop for its buyers at /shop/{link}. A buyer signs in on the demo shop, finds a product by
 * its 6-digit code, adds it in packs, checks out and sees the order in «Мои заказы»; the partner's owner sees the
 * same order as NEW with the same sum. The shop is a lazily loaded part of its own that downloads nothing of the back
 * office, and its session does not disturb a staff session in the same browser.
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOP = '/shop/kancler';
const BUYER = 'buyer@client.demo';
const OWNER = 'owner@partner.demo';
/**
 * The shop's minimum order sum as its basket answers it now (5000.00 in the demo; null when the shop exempts orders
 * from it, as the settings test may have made it): read with the buyer's own token.
 */
async function minimumOrderSum(page: Page): Promise<string | null> {
  const token = await shopBuyerToken(page);
  const basket = await page.request.get('/v3/api/client/basket/', { headers: { authorization: `Bearer ${token}` } });
  return ((await basket.json()) as { MIN_ORDER_SUM: string | null }).MIN_ORDER_SUM;
}

/** Screens of the back office: none of them may be downloaded by the shop. */
const BACK_OFFICE_CHUNKS =
  /(partner-shell|manager-shell|orders-entry|order-card-(page|entry)|reports-page|client-list-page|client-card-page|employees-page|my-shop-tab|my-shipping-tab|pricing-page|price-lists-page)/;

/** Every script the page fetches while `act` runs, with its body. */
async function scriptsDuring(page: Page, act: () => Promise<void>) {
  const scripts: { url: string; body: Buffer }[] = [];
  const pending: Promise<void>[] = [];
  const listen = (response: Response) => {
    if (response.request().resourceType() !== 'script' || response.status() !== 200) return;
    pending.push(response.body().then((body) => void scripts.push({ url: response.url(), body })));
  };
  page.on('response', listen);
  await act();
  await Promise.all(pending);
  page.off('response', listen);
  return scripts;
}

const kb = (scripts: { body: Buffer }[]) => Math.round(scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0) / 1024);

async function signInToShop(page: Page, email = BUYER) {
  await page.getByTestId('shop-login-email').fill(email);
  await page.getByTestId('shop-login-password').fill(PASSWORD);
  await page.getByTestId('shop-login-submit').click();
  await expect(page.getByTestId('nav-shop-catalog')).toBeVisible();
}

const productRows = (page: Page) => page.getByTestId('catalog-table').locator('tr[data-testid="product-row"]');
const catalogLoaded = (page: Page) => expect(page.locator('[data-testid="catalog-table"][data-loading="false"]')).toBeVisible();

/** Kopecks of a decimal string. */
const cents = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

/** The least quantity in packs whose sum at `price` exceeds `target`. */
function quantityOver(price: string, pack: number, target: string): number {
  const packCents = cents(price) * BigInt(pack);
  return Number(cents(target) / packCents + 1n) * pack;
}

async function rowOf(rows: Locator, index: number) {
  const row = rows.nth(index);
  return {
    row,
    code: (await row.getAttribute('data-code')) as string,
    price: (await row.getAttribute('data-price')) as string,
    pack: Number(await row.getAttribute('data-multiplicity')),
  };
}

test('a wrong shop link shows the message of the spec', async ({ page }) => {
  await page.goto('/shop/no-such-shop-link');
  await expect(page.getByTestId('shop-unknown')).toContainText(MSG.shopLinkUnknown);
  await expect(page.getByTestId('shop-login-form')).toHaveCount(0);
});

test('a visitor sees only sign-in, registration and recovery, and downloads nothing of the back office', async ({ page }) => {
  const scripts = await scriptsDuring(page, async () => {
    await page.goto(`${SHOP}/orders`);
    await expect(page.getByTestId('shop-login-form')).toBeVisible();
    await page.waitForLoadState('networkidle');
  });
  await expect(page.getByTestId('shop-name')).toHaveText('Канцлер Опт');
  await expect(page.getByTestId('shop-phones')).toContainText('+7 (495) 787-45-12');
  await expect(page.getByTestId('nav-shop-orders')).toHaveCount(0);
  expect(scripts.some((s) => /mount-shop/.test(s.url))).toBe(true);
  expect(scripts.map((s) => s.url).filter((url) => BACK_OFFICE_CHUNKS.test(url))).toEqual([]);
  // Issue 13.8: the shop's first page within 200 KB of gzipped JS (it is drawn without antd).
  console.log(`shop sign-in page: ${kb(scripts)} KB gzip of JS`);
  expect(kb(scripts)).toBeLessThanOrEqual(200);

  // The sign-in asks for what is missing before it calls the server.
  await page.getByTestId('shop-login-submit').click();
  await expect(page.getByText(MSG.loginEmailRequired)).toBeVisible();
  await expect(page.getByText(MSG.loginPasswordRequired)).toBeVisible();
  await page.getByTestId('shop-login-email').fill(BUYER);
  await expect(page.getByText(MSG.loginEmailRequired)).toHaveCount(0);

  await page.getByTestId('shop-recovery-link').click();
  await expect(page.getByTestId('shop-recovery-form')).toBeVisible();
  await page.getByTestId('shop-back-to-sign-in').click();
  await page.getByTestId('shop-register-link').click();
  await expect(page.getByTestId('shop-register-form')).toBeVisible();

  // A wrong password: the spec's message, still on the sign-in.
  await page.goto(SHOP);
  await page.getByTestId('shop-login-email').fill(BUYER);
  await page.getByTestId('shop-login-password').fill('wrong-password');
  await page.getByTestId('shop-login-submit').click();
  await expect(page.getByTestId('shop-login-error')).toHaveText(MSG.wrongCredentials);
});

test('a buyer finds a product by code, orders it, and the partner sees the order as NEW with the same sum', async ({ page }) => {
  // A staff session in the same browser first: the buyer's session must leave it alone.
  await signInAs(page, OWNER, SHOP);
  const loaded = await scriptsDuring(page, () => signInToShop(page));
  expect(loaded.map((s) => s.url).filter((url) => BACK_OFFICE_CHUNKS.test(url))).toEqual([]);
  await catalogLoaded(page);
  await expect(productRows(page).first()).toBeVisible();
  expect(await productRows(page).count()).toBeLessThanOrEqual(24);

  // A product sold in packs when the first page has one.
  const rows = productRows(page);
  const count = await rows.count();
  let chosen = await rowOf(rows, 0);
  for (let i = 0; i < count && chosen.pack <= 1; i++) {
    const next = await rowOf(rows, i);
    if (next.pack > 1) chosen = next;
  }
  expect(chosen.code).toMatch(/^\d{6}$/);

  // Search by its 6-digit code.
  await page.getByTestId('catalog-search').locator('input').fill(chosen.code);
  await page.getByTestId('catalog-search').locator('input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${chosen.code}`));
  await catalogLoaded(page);
  await expect(productRows(page).first()).toHaveAttribute('data-code', chosen.code);
  const row = productRows(page).first();

  // The quick view shows the card.
  await row.getByTestId('product-quick-view').click();
  await expect(page.getByTestId('product-details')).toHaveAttribute('data-code', chosen.code);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('product-details')).toHaveCount(0);

  // A quantity that is not a multiple of the pack is refused with the spec's message.
  const qty = row.getByTestId('product-qty-input');
  if (chosen.pack > 1) {
    await qty.fill(String(chosen.pack + 1));
    await expect(row.getByTestId('product-qty-error')).toHaveText(STOREFRONT_MSG.multiplicity(chosen.pack));
    await row.getByTestId('product-add').click();
    await expect(page.getByTestId('basket-counter')).toHaveAttribute('data-count', '0');
  }

  // One pack first: below the minimum order sum the basket says why it cannot be ordered.
  const minimum = await minimumOrderSum(page);
  const packOnly = minimum !== null && cents(chosen.price) * BigInt(chosen.pack) < cents(minimum);
  await qty.fill(String(chosen.pack));
  await row.getByTestId('product-add').click();
  await expect(page.getByTestId('basket-counter')).toHaveAttribute('data-count', '1');
  await page.getByTestId('basket-counter').click();
  await expect(page.getByTestId('basket-line')).toHaveCount(1);
  await expect(page.getByTestId('basket-line').first()).toHaveAttribute('data-code', chosen.code);
  if (packOnly) {
    await expect(page.getByTestId('basket-message')).toBeVisible();
    await expect(page.getByTestId('basket-checkout')).toBeDisabled();
  }

  // Enough packs to pass the minimum: − and + step by the pack, a typed quantity is saved on Enter.
  // (At least three packs: the typed quantity must differ from the two packs + gives, so its save shows in the sum.)
  const enough = Math.max(quantityOver(chosen.price, chosen.pack, minimum ?? '0'), chosen.pack * 3);
  const lineQty = page.getByTestId('basket-line').first().getByTestId('basket-qty-input');
  const onePack = (await page.getByTestId('basket-sum').textContent()) as string;
  await page.getByTestId('basket-line').first().getByTestId('basket-qty-plus').click();
  await expect(lineQty).toHaveValue(String(chosen.pack * 2));
  await expect(page.getByTestId('basket-sum')).not.toHaveText(onePack);
  const twoPacks = (await page.getByTestId('basket-sum').textContent()) as string;
  await lineQty.fill(String(enough));
  await lineQty.press('Enter');
  await expect(page.getByTestId('basket-sum')).not.toHaveText(twoPacks);
  await expect(page.getByTestId('basket-checkout')).toBeEnabled();
  await expect(page.getByTestId('basket-cnt')).toHaveText('1');
  const sum = (await page.getByTestId('basket-sum').textContent())?.trim() as string;
  expect(sum).toMatch(/₽$/);

  // The basket's commercial offer downloads as a PDF.
  const [offer] = await Promise.all([page.waitForEvent('download'), page.getByTestId('basket-offer').click()]);
  expect(offer.suggestedFilename()).toBe('Коммерческое предложение.pdf');
  const pdf = fs.readFileSync((await offer.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

  // Checkout: pickup at the main point, the shop's payment type, contacts prefilled.
  await page.getByTestId('basket-checkout').click();
  await expect(page.getByTestId('checkout-form')).toBeVisible();
  await page.getByTestId('checkout-pickup').click();
  await expect(page.getByTestId('checkout-tradepoint').first()).toBeVisible();
  await page.locator('[data-testid^="checkout-payment-"]').first().click();
  if (!(await page.getByTestId('checkout-contact-name').inputValue())) await page.getByTestId('checkout-contact-name').fill('Покупатель Демо');
  if (!(await page.getByTestId('checkout-contact-phone').inputValue())) await page.getByTestId('checkout-contact-phone').fill('9161234567');
  await page.getByTestId('checkout-comment').fill('Заказ из браузерного теста');
  await page.getByTestId('checkout-submit').click();

  await expect(page).toHaveURL(/\/shop\/kancler\/placed\/\d+$/);
  const placed = page.getByTestId('order-placed-number');
  await expect(placed).toBeVisible();
  const number = (await placed.getAttribute('data-number')) as string;
  await expect(placed).toHaveText(STOREFRONT_MSG.orderPlaced(number));
  await expect(page.getByTestId('basket-counter')).toHaveAttribute('data-count', '0');

  // My orders: the order, NEW, with the sum of the basket.
  await page.getByTestId('nav-shop-orders').click();
  const mine = page.locator(`[data-testid="buyer-order-row"][data-number="${number}"]`);
  await expect(mine).toBeVisible();
  await expect(mine.getByTestId('order-status')).toHaveAttribute('data-status', 'NEW');
  await expect(mine.getByTestId('order-sum')).toHaveText(sum);

  // «Повторить заказ» puts its products into the basket again.
  await mine.getByTestId('order-link').click();
  await expect(page.getByTestId('buyer-order-line')).toHaveCount(1);
  await page.getByTestId('buyer-order-repeat').click();
  await expect(page).toHaveURL(/\/shop\/kancler\/basket$/);
  await expect(page.getByTestId('basket-line').first()).toHaveAttribute('data-code', chosen.code);

  // The owner, still signed in in the same browser, sees the order as NEW with the same sum.
  await page.goto(`/partner/orderlist?query=${encodeURIComponent(number)}`);
  const theirs = page.getByTestId('orders-table').locator('tr[data-testid="order-row"]', { has: page.getByText(number, { exact: true }) });
  await expect(theirs).toBeVisible();
  await expect(theirs).toHaveAttribute('data-status', 'NEW');
  await expect(theirs.getByTestId('order-sum')).toHaveText(sum);

  // And the buyer is still signed in to the shop; signing out of it leaves the owner signed in.
  await page.goto(SHOP);
  await expect(page.getByTestId('shop-user')).toBeVisible();
  await page.getByTestId('shop-logout').click();
  await expect(page.getByTestId('shop-login-form')).toBeVisible();
  await page.goto('/partner/orderlist');
  await expect(page.getByTestId('logout')).toBeVisible();
  await expect(page).toHaveURL(/\/partner\/orderlist/);
});

test("a member of the shop's loyalty programme sees its points in the header, as the ledger has them", async ({ page }) => {
  await page.goto(SHOP);
  await signInToShop(page);
  const token = await shopBuyerToken(page);
  const mine = (await (await page.request.get('/v3/api/client/loyalty/', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    SHOW: string;
    BALANCE: string;
  };
  expect(mine.SHOW).toBe('Y');
  await expect(page.getByTestId('shop-loyalty')).toHaveAttribute('data-balance', mine.BALANCE);
  await expect(page.getByTestId('shop-loyalty')).toContainText(/балл/);
});

test("a buyer's review reaches the partner: listed under Клиенты → Отзывы", async ({ page }) => {
  const text = `Спасибо за быструю доставку — отзыв ${Date.now()}`;
  await page.goto(SHOP);
  await signInToShop(page);
  await page.getByTestId('nav-shop-review').click();
  await page.getByTestId('review-input').fill(text);
  await page.getByTestId('review-submit').click();
  await expect(page.getByTestId('review-sent')).toHaveText('Спасибо! Отзыв отправлен поставщику');

  await signInAs(page, OWNER, '/partner/clients/reviews');
  const row = page.getByTestId('review-row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link')).toBeVisible();
});

/*
 * Issue 14.4: a running offer really changes the shop. The partner's owner starts an offer (through the API: the back
 * office's form has its own test) with a small banner for the main page, a promo price for one product and a gift
 * from 1 ₽; the buyer sees the banner, the promo price with the old one struck through, the gift in the basket, and
 * the placed order carries both (HAS_OFFER on the partner's card). The offer is switched off at the end.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function staffToken(request: APIRequestContext, email: string) {
  const res = await request.post('/v3/oauth/token/', {
    form: { grant_type: 'password', username: email, password: PASSWORD, client_id: 'web', client_secret: 'web-secret' },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const day = (offset: number) => new Date(Date.now() + 3 * 3600_000 + offset * 86400_000).toISOString().slice(0, 10);

test("a buyer sees running offers: the banner, the promo price, both offers' gifts in the basket, checkout and order", async ({ page }) => {
  await page.goto(SHOP);
  await signInToShop(page);

  // Two products far down the catalogue (other tests use its first page): one at a promo price, one as the gift.
  const buyer = { authorization: `Bearer ${await shopBuyerToken(page)}` };
  // An empty basket first (an earlier test leaves its repeated order there).
  const left = (await (await page.request.get('/v3/api/client/basket/', { headers: buyer })).json()) as { ITEMS: { PRODUCT_ID: number }[] };
  for (const line of left.ITEMS)
    await page.request.post('/v3/api/client/basket/', { headers: buyer, form: { product_id: String(line.PRODUCT_ID), quantity: '0' } });
  const found = (await (await page.request.get('/v3/api/catalog/product/?limit=12&offset=480', { headers: buyer })).json()) as {
    ITEMS: { ID: number; UP_CODE_1C: string; NAME: string; PRICE: string; MULTIPLICITY: number }[];
  };
  const [promoProduct, giftProduct, secondGift] = found.ITEMS;
  const promo = (Number(promoProduct.PRICE) / 2).toFixed(2);

  const owner = { authorization: `Bearer ${await staffToken(page.request, 'owner@partner.demo')}` };
  const name = `Витрина ${Date.now()}`;
  const created = await page.request.post('/v3/api/partner/offer/', {
    headers: owner,
    multipart: {
      name,
      type: 'GIFT',
      date_start: day(0),
      date_end: day(7),
      'presents[0][ID]': String(giftProduct.ID),
      'presents[0][sum]': '1',
      banner_main_file: { name: 'main.png', mimeType: 'image/png', buffer: PNG },
      xls_file: {
        name: 'promo.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`Код товара;Цена на сайте\n${promoProduct.UP_CODE_1C};${promo.replace('.', ',')}\n`),
      },
    },
  });
  const offerId = ((await created.json()) as { SUCCESS: string; ID: number }).ID;
  expect(offerId).toBeGreaterThan(0);
  // A second running offer with a gift from 1 ₽ (issue 38.7): the basket and checkout name both gifts, the order holds both.
  const second = await page.request.post('/v3/api/partner/offer/', {
    headers: owner,
    form: {
      name: `${name} 2`,
      type: 'GIFT',
      date_start: day(0),
      date_end: day(7),
      'presents[0][ID]': String(secondGift.ID),
      'presents[0][sum]': '1',
    },
  });
  const secondId = ((await second.json()) as { ID: number }).ID;
  expect(secondId).toBeGreaterThan(0);

  try {
    await page.reload();
    await expect(page.locator(`[data-testid="banner-banner_main"][data-offer="${offerId}"] img`)).toBeVisible();

    await page.getByTestId('catalog-search').locator('input').fill(promoProduct.UP_CODE_1C);
    await page.getByTestId('catalog-search').locator('input').press('Enter');
    const row = page.locator(`tr[data-testid="product-row"][data-code="${promoProduct.UP_CODE_1C}"]`);
    await expect(row.getByTestId('promo-badge')).toBeVisible();
    await expect(row).toHaveAttribute('data-price', promo);
    await expect(row.getByTestId('product-price-old')).toBeVisible();
    // Enough packs to pass the shop's minimum order sum.
    const minimum = await minimumOrderSum(page);
    await row.getByTestId('product-qty-input').fill(String(quantityOver(promo, promoProduct.MULTIPLICITY, minimum ?? '0')));
    await row.getByTestId('product-add').click();
    await expect(page.getByTestId('basket-counter')).toHaveAttribute('data-count', '1');

    await page.getByTestId('basket-counter').click();
    const giftNote = (offer: number) => page.locator(`[data-testid="basket-gift-reached"][data-offer="${offer}"]`);
    await expect(giftNote(offerId)).toContainText(STOREFRONT_MSG.giftReached(giftProduct.NAME));
    await expect(giftNote(secondId)).toContainText(STOREFRONT_MSG.giftReached(secondGift.NAME));
    await expect(page.getByTestId('basket-line').getByTestId('promo-badge')).toBeVisible();

    // The shop's Акции page lists it.
    await page.getByTestId('nav-shop-offers').click();
    await expect(page.locator(`[data-testid="shop-offer"][data-offer="${offerId}"]`)).toContainText(giftProduct.NAME);

    await page.getByTestId('basket-counter').click();
    await page.getByTestId('basket-checkout').click();
    await expect(giftNote(offerId)).toContainText(giftProduct.NAME);
    await expect(giftNote(secondId)).toContainText(secondGift.NAME);
    await page.getByTestId('checkout-pickup').click();
    await page.locator('[data-testid^="checkout-payment-"]').first().click();
    if (!(await page.getByTestId('checkout-contact-name').inputValue())) await page.getByTestId('checkout-contact-name').fill('Покупатель Демо');
    if (!(await page.getByTestId('checkout-contact-phone').inputValue())) await page.getByTestId('checkout-contact-phone').fill('9161234567');
    await page.getByTestId('checkout-submit').click();
    await expect(page).toHaveURL(/\/placed\/\d+/);
    const orderId = Number(/placed\/(\d+)/.exec(page.url())![1]);

    // The buyer's order shows the gift apart, at no cost.
    await page.getByTestId('nav-shop-orders').click();
    await page.getByTestId('order-link').first().click();
    await expect(page.getByTestId('buyer-order-gift').filter({ hasText: giftProduct.NAME })).toHaveCount(1);
    await expect(page.getByTestId('buyer-order-gift').filter({ hasText: secondGift.NAME })).toHaveCount(1);

    const card = (await (await page.request.get(`/v3/api/partner/order/${orderId}/`, { headers: owner })).json()) as {
      HAS_OFFER: string;
      OFFERS: { OFFER: { ID: number }; PRODUCT_ID: number }[];
    };
    expect(card.HAS_OFFER).toBe('Y');
    expect(
      card.OFFERS.filter((o) => o.OFFER.ID === offerId)
        .map((o) => o.PRODUCT_ID)
        .sort(),
    ).toEqual([promoProduct.ID, giftProduct.ID].sort());
  } finally {
    for (const id of [offerId, secondId])
      await page.request.post(`/v3/api/partner/offer/${id}/`, { headers: owner, form: { changedStateOffer: 'Y', status: 'OFF' } });
  }
});
