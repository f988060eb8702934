import ExcelJS from 'exceljs';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CURRENCY_SIGN, rubles, type BasketAnswer } from '@b2b/contracts/storefront';
import { PASSWORD, shopBuyerToken, signInAs } from './helpers';
import { downloadedPdfText } from './pdf-text';

/*
 * Issue 38.7, the one money rule, end to end. The owner makes the shop a USD shop (rate 92.5) and gives the demo buyer
 * a price list in the shop's currency (unit RATE) through the back office's API; the buyer orders in the shop and sees
 * dollars in its basket, the КП it downloads from the basket (its text read with unpdf), «Мои заказы» and the order
 * page. Then the shop is made WITHOUT VAT and the buyer, on a +15 % purchase list, orders again: its КП prints no
 * «В том числе НДС». For both orders the back-office card shows the same roubles as the order's export
 * (read back with ExcelJS) and the buyer's figure in dollars; the manager's «Активность клиентов» sums the buyer's
 * orders of the day in those roubles; a WO_VAT order's margin is positive (net price − net purchase). The shop's
 * settings and the buyer's list are put back at the end.
 */

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const SHOP = '/shop/kancler';
const BUYER = 'buyer@client.demo';
const OWNER = 'owner@partner.demo';
const MANAGER = 'manager@platform.demo';
const RATE = '92.5';

type Headers = { authorization: string };

async function tokenOf(request: APIRequestContext, email: string): Promise<Headers> {
  const res = await request.post('/v3/oauth/token/', {
    form: { grant_type: 'password', username: email, password: PASSWORD, client_id: 'web', client_secret: 'web-secret' },
  });
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

const buyerHeaders = async (page: Page): Promise<Headers> => ({
  authorization: `Bearer ${await shopBuyerToken(page)}`,
});

/** Kopecks of a decimal string, and back: exact sums without floats. */
const cents = (text: string) => {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
};
const fromCents = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
/** A screen's money text without its spaces (ru-RU groups digits with a narrow space): «7618,30₽». */
const screenMoney = (text: string | null) => (text ?? '').replace(/\s/g, '');
const shown = (amount: string, sign: string) => `${amount.replace('.', ',')}${sign}`;

interface Card {
  ID: number;
  ORDER_NUMBER: string;
  CURRENCY: string;
  POSITION_SUM: string;
  CUR_POSITION_SUM: string;
  POSITION_MARGIN: string;
  PRODUCTS: { SUM: string; CUR_SUM: string; PRICE: string; CUR_PRICE: string; QUANTITY: number; MARGIN: string; BUYING_PRICE: string }[];
}

/** A regular expression matching `text` as it is. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The КП the buyer downloads from the basket page: every line of the basket (as the server prices the page's basket)
 * with its quantity, price and sum, and «Итого» = the basket's SUM + its delivery, in the basket's currency — the
 * total the page shows. Returns the PDF's text and the delivery it counts.
 */
async function checkOffer(page: Page, sign: string) {
  const zone = await page.evaluate(() => sessionStorage.getItem('shop-delivery-zone:kancler'));
  const query = zone === 'OUTSIDE' ? '?outside_zone=Y' : zone ? `?delivery_zone_id=${zone}` : '';
  const basket = (await (await page.request.get(`/v3/api/client/basket/${query}`, { headers: await buyerHeaders(page) })).json()) as BasketAnswer;
  expect(CURRENCY_SIGN[basket.CURRENCY]).toBe(sign);
  const total = fromCents(cents(basket.SUM) + cents(basket.DELIVERY_PRICE));
  expect(screenMoney(await page.getByTestId('basket-total').textContent())).toBe(shown(total, sign));
  await expect(page.getByTestId('basket-offer')).toBeEnabled();
  const text = await downloadedPdfText(page, page.getByTestId('basket-offer'));
  expect(text).toContain(`Цена, ${sign} Сумма, ${sign}`);
  basket.ITEMS.forEach((line, i) => {
    const row = `(?:^| )${i + 1} ${literally(line.UP_CODE_1C)} .*? ${line.QUANTITY} ${literally(rubles(line.PRICE))} ${literally(rubles(line.SUM))}(?: |$)`;
    expect(text, `the КП's line ${i + 1}`).toMatch(new RegExp(row));
  });
  expect(text).toContain(`Итого: ${rubles(total)} ${sign}`);
  if (sign !== '₽') expect(text).not.toContain('₽');
  return { text, delivery: basket.DELIVERY_PRICE };
}

/** Places the basket through the shop's pages: the first catalogue rows, enough to pass any minimum, picked up. */
async function orderInShop(page: Page, sign: string) {
  const buyer = await buyerHeaders(page);
  const left = (await (await page.request.get('/v3/api/client/basket/', { headers: buyer })).json()) as { ITEMS: { PRODUCT_ID: number }[] };
  for (const line of left.ITEMS)
    await page.request.post('/v3/api/client/basket/', { headers: buyer, form: { product_id: String(line.PRODUCT_ID), quantity: '0' } });
  await page.goto(SHOP);
  await expect(page.locator('[data-testid="catalog-table"][data-loading="false"]')).toBeVisible();
  const rows = page.getByTestId('catalog-table').locator('tr[data-testid="product-row"]');
  for (const index of [0, 1]) {
    const row = rows.nth(index);
    const price = (await row.getAttribute('data-price')) as string;
    const pack = Number(await row.getAttribute('data-multiplicity'));
    // The first line alone passes 5 100 of the list's unit (above the demo's 5 000 ₽ minimum, whatever the unit).
    const packs = index === 0 ? Number(cents('5100') / (cents(price) * BigInt(pack)) + 1n) : 1;
    await row.getByTestId('product-qty-input').fill(String(packs * pack));
    await row.getByTestId('product-add').click();
    await expect(page.getByTestId('basket-counter')).toHaveAttribute('data-count', String(index + 1));
  }
  await page.getByTestId('basket-counter').click();
  await expect(page.getByTestId('basket-line')).toHaveCount(2);
  const basketSum = screenMoney(await page.getByTestId('basket-sum').textContent());
  expect(basketSum.endsWith(sign)).toBe(true);
  const offer = await checkOffer(page, sign);
  await expect(page.getByTestId('basket-checkout')).toBeEnabled();
  await page.getByTestId('basket-checkout').click();
  await expect(page.getByTestId('checkout-form')).toBeVisible();
  await page.getByTestId('checkout-pickup').click();
  await page.locator('[data-testid^="checkout-payment-"]').first().click();
  if (!(await page.getByTestId('checkout-contact-name').inputValue())) await page.getByTestId('checkout-contact-name').fill('Покупатель Демо');
  if (!(await page.getByTestId('checkout-contact-phone').inputValue())) await page.getByTestId('checkout-contact-phone').fill('9161234567');
  await page.getByTestId('checkout-submit').click();
  await expect(page).toHaveURL(/\/shop\/kancler\/placed\/\d+$/);
  const id = Number(/placed\/(\d+)$/.exec(page.url())![1]);
  const number = (await page.getByTestId('order-placed-number').getAttribute('data-number')) as string;

  // «Мои заказы» and the order page: the buyer's figure, in the order's currency, as the basket said.
  await page.getByTestId('nav-shop-orders').click();
  const mine = page.locator(`[data-testid="buyer-order-row"][data-number="${number}"]`);
  await expect(mine).toBeVisible();
  expect(screenMoney(await mine.getByTestId('order-sum').textContent())).toBe(basketSum);
  await mine.getByTestId('order-link').click();
  await expect(page.getByTestId('buyer-order-sum')).toBeVisible();
  expect(screenMoney(await page.getByTestId('buyer-order-sum').textContent())).toBe(basketSum);
  const answer = (await (await page.request.get(`/v3/api/client/order/${id}/`, { headers: buyer })).json()) as {
    CURRENCY: string;
    POSITION_SUM: string;
    ITEMS: { SUM: string }[];
  };
  expect(fromCents(answer.ITEMS.reduce((s, i) => s + cents(i.SUM), 0n))).toBe(answer.POSITION_SUM);
  expect(shown(answer.POSITION_SUM, sign)).toBe(basketSum);
  // The КП's «Итого» is the order's sum with the basket's delivery (the order, picked up, has none).
  expect(offer.text).toContain(`Итого: ${rubles(fromCents(cents(answer.POSITION_SUM) + cents(offer.delivery)))} ${sign}`);
  return { id, number, basketSum, buyerAnswer: answer, offerText: offer.text };
}

/** The order's export as the back office downloads it: the header block by title. */
async function exportOf(request: APIRequestContext, owner: Headers, id: number) {
  const answer = (await (await request.get(`/v3/api/partner/order/${id}/?action=export`, { headers: owner })).json()) as { URL: string };
  const file = await request.get(answer.URL, { headers: owner });
  expect(file.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await file.body()) as unknown as ArrayBuffer);
  const byTitle = new Map<string, unknown>();
  book.getWorksheet('Заказ')!.eachRow((row) => byTitle.set(String(row.getCell(1).value), row.getCell(2).value));
  return byTitle;
}

/** The back-office card on screen: its rouble sum and its sum in the order's currency agree with the API's card. */
async function checkCardOnScreen(page: Page, card: Card, sign: string) {
  await page.goto(`/partner/orderlist/${card.ID}`);
  await expect(page.getByTestId('order-field-number')).toHaveText(card.ORDER_NUMBER);
  expect(screenMoney(await page.getByTestId('order-field-position-sum').textContent())).toBe(shown(card.POSITION_SUM, '₽'));
  expect(screenMoney(await page.getByTestId('order-field-position-margin').textContent())).toBe(shown(card.POSITION_MARGIN, '₽'));
  expect(screenMoney(await page.getByTestId('order-field-cur-position-sum').textContent())).toBe(shown(card.CUR_POSITION_SUM, sign));
}

const today = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);

test('a USD shop with a RATE list and a WITHOUT VAT shop: the card, the export and the manager’s report agree in roubles, the buyer reads its currency', async ({
  page,
  request,
}) => {
  const owner = await tokenOf(request, OWNER);
  const post = async (url: string, form: Record<string, string>) => {
    const answer = (await (await request.post(url, { headers: owner, form })).json()) as { SUCCESS: string; ID?: number };
    expect(answer.SUCCESS, `${url} ${JSON.stringify(answer)}`).toBe('Y');
    return answer;
  };
  const settings = ((await (await request.get('/v3/api/partner/pricesettings/', { headers: owner })).json()) as { ITEM: Record<string, string> })
    .ITEM;
  const clients = (await (await request.get(`/v3/api/partner/client/?query=${encodeURIComponent('Ромашка')}`, { headers: owner })).json()) as {
    ITEMS: { ID: number; NAME: string }[];
  };
  const client = clients.ITEMS[0];
  const before = (await (await request.get(`/v3/api/partner/client/${client.ID}/`, { headers: owner })).json()) as {
    PRICE_TYPE?: { ID: number };
    COLUMN?: { ID: number } | null;
  };
  const restore = async () => {
    await request.post('/v3/api/partner/pricesettings/', {
      headers: owner,
      form: {
        price_type: settings.PRICE_TYPE,
        show_margin: settings.SHOW_MARGIN,
        tax_type: settings.TAX_TYPE,
        currency: settings.CURRENCY,
        currency_rate: settings.CURRENCY_RATE,
      },
    });
    await request.post(`/v3/api/partner/client/${client.ID}/`, {
      headers: owner,
      form: { price_type: String(before.PRICE_TYPE?.ID ?? 'personal_price'), column_id: String(before.COLUMN?.ID ?? 0), check: 'Y' },
    });
  };

  try {
    // The USD shop and the buyer's list in the shop's currency, through the back office's API.
    await post('/v3/api/partner/pricesettings/', { tax_type: 'WITH_VAT', currency: 'USD', currency_rate: RATE });
    const dollars = await post('/v3/api/partner/pricelist/', {
      name: `Долларовый ${Date.now()}`,
      price_type: 'PURCHASE',
      section_rate: '15',
      rounding: 'TWO_DECIMAL',
      unit: 'RATE',
    });
    await post(`/v3/api/partner/client/${client.ID}/`, { price_type: String(dollars.ID), column_id: '0', check: 'Y' });

    await page.goto(SHOP);
    await page.getByTestId('shop-login-email').fill(BUYER);
    await page.getByTestId('shop-login-password').fill(PASSWORD);
    await page.getByTestId('shop-login-submit').click();
    await expect(page.getByTestId('nav-shop-catalog')).toBeVisible();
    const usd = await orderInShop(page, '$');
    expect(usd.buyerAnswer.CURRENCY).toBe('USD');
    // Prices with VAT: the КП names the VAT in dollars when its settings show it.
    const offerSettings = ((await (await request.get('/v3/api/partner/commercial_offer/', { headers: owner })).json()) as { ITEM: { vat: string } })
      .ITEM;
    if (offerSettings.vat === 'WITH_VAT') expect(usd.offerText).toMatch(/В том числе НДС: \d{1,3}(?: \d{3})*,\d\d \$/);
    else expect(usd.offerText).toContain('Без НДС');

    // The shop without VAT, the buyer on a +15 % purchase list in roubles.
    await post('/v3/api/partner/pricesettings/', { tax_type: 'WO_VAT', currency: 'RUB' });
    const net = await post('/v3/api/partner/pricelist/', {
      name: `Без НДС ${Date.now()}`,
      price_type: 'PURCHASE',
      section_rate: '15',
      rounding: 'TWO_DECIMAL',
      unit: 'RUB',
    });
    await post(`/v3/api/partner/client/${client.ID}/`, { price_type: String(net.ID), column_id: '0', check: 'Y' });
    const woVat = await orderInShop(page, '₽');
    expect(woVat.buyerAnswer.CURRENCY).toBe('RUB');
    // Net prices: the КП says so and counts no VAT in them.
    expect(woVat.offerText).not.toContain('В том числе НДС');
    expect(woVat.offerText).toContain('Без НДС');
    await restore();

    // The back office: the card (API and screen) and the export say the same roubles.
    const cardOf = async (id: number) => (await (await request.get(`/v3/api/partner/order/${id}/`, { headers: owner })).json()) as Card;
    const usdCard = await cardOf(usd.id);
    const netCard = await cardOf(woVat.id);
    expect(usdCard.CURRENCY).toBe('USD');
    // Stored roubles: each line's price is its dollars × 92.5; the dollars are the buyer's figure.
    for (const line of usdCard.PRODUCTS) expect(Number(line.PRICE)).toBeCloseTo(Number(line.CUR_PRICE) * Number(RATE), 1);
    expect(usdCard.CUR_POSITION_SUM).toBe(usd.buyerAnswer.POSITION_SUM);
    expect(fromCents(usdCard.PRODUCTS.reduce((s, i) => s + cents(i.SUM), 0n))).toBe(usdCard.POSITION_SUM);
    expect(cents(usdCard.POSITION_SUM)).toBeGreaterThan(cents(usdCard.CUR_POSITION_SUM) * 90n);
    expect(netCard.CUR_POSITION_SUM).toBe(netCard.POSITION_SUM);
    expect(netCard.POSITION_SUM).toBe(woVat.buyerAnswer.POSITION_SUM);
    // Net price against net purchase, line by line, and the order's margin is its lines' (each shown to the kopeck, the
    // order's summed exactly from 4-decimal purchases: a kopeck a line apart at most). That a +15 % list earns is the
    // API test's (order-money-rule): here other specs' promotions and personal prices may price a line below cost.
    for (const line of netCard.PRODUCTS) {
      const exact = (Number(line.PRICE) - Number(line.BUYING_PRICE)) * line.QUANTITY;
      expect(Math.abs(Number(line.MARGIN) - exact)).toBeLessThanOrEqual(0.01 * line.QUANTITY);
    }
    const linesMargin = netCard.PRODUCTS.reduce((s, i) => s + cents(i.MARGIN), 0n) - cents(netCard.POSITION_MARGIN);
    expect(linesMargin < 0n ? -linesMargin : linesMargin).toBeLessThanOrEqual(BigInt(netCard.PRODUCTS.length));

    await signInAs(page, OWNER);
    for (const [card, buyerSign] of [
      [usdCard, '$'],
      [netCard, '₽'],
    ] as const) {
      const file = await exportOf(request, owner, card.ID);
      expect(file.get('Валюта')).toBe(card.CURRENCY);
      expect(file.get('Сумма, руб.')).toBe(Number(card.POSITION_SUM));
      if (card.CURRENCY !== 'RUB') expect(file.get('Сумма в валюте заказа')).toBe(Number(card.CUR_POSITION_SUM));
      await checkCardOnScreen(page, card, buyerSign);
    }

    // The manager's «Активность клиентов» of the day: the buyer's revenue is its orders' roubles, as the order list has them.
    const manager = await tokenOf(request, MANAGER);
    const report = (await (
      await request.post('/v3/api/manager/report/client_activity/', {
        headers: manager,
        form: { date_from: today(), date_to: today(), limit: '250' },
      })
    ).json()) as { ITEMS: { NAME: string; PARTNER: string; ORDERS: number; REVENUE: string }[] };
    const row = report.ITEMS.find((r) => r.NAME === client.NAME && r.PARTNER === 'Канцлер Опт')!;
    expect(row).toBeTruthy();
    const listed = (await (
      await request.get(`/v3/api/partner/orderlist/?client_id=${client.ID}&date_start=${today()}&date_end=${today()}&limit=36`, { headers: owner })
    ).json()) as { ITEMS: { ID: number; STATUS: { STATUS_CODE: string }; POSITION_SUM: string }[] };
    const live = listed.ITEMS.filter((o) => o.STATUS.STATUS_CODE !== 'CANCELED');
    expect(live.map((o) => o.ID)).toEqual(expect.arrayContaining([usd.id, woVat.id]));
    expect(live.find((o) => o.ID === usd.id)!.POSITION_SUM).toBe(usdCard.POSITION_SUM);
    expect(row.ORDERS).toBe(live.length);
    expect(String(row.REVENUE)).toBe(fromCents(live.reduce((s, o) => s + cents(o.POSITION_SUM), 0n)));
  } finally {
    await restore();
  }
});
