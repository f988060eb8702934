import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ORDER_ROUTING_MSG } from '@b2b/contracts/messages';
import { chooseOption, PASSWORD, signInAs } from './helpers';

/*
 * Issue 39 §1 on screen. (A) The order card's «Ответственный»: the partner's editors choose the responsible employee,
 * the others read it. (B) The platform manager's «Передать партнеру»: the order moves to the partner picked, the card
 * of the order at the target opens, the target's staff list it and the source's staff no longer have it.
 * Each test places its own order through the shop's API. Placed in the shop-wide project: a routed order changes which
 * partner's lists, counters and reports hold it.
 */

const MAIN = 'Канцлер Опт';
const SECOND = 'Офис Маркет';
const WEB = { client_id: 'web', client_secret: 'web-secret' };

type Headers = Record<string, string>;

async function token(request: APIRequestContext, username: string, domain?: string): Promise<Headers> {
  const res = await request.post('/v3/oauth/token/', {
    form: { grant_type: 'password', username, password: PASSWORD, ...WEB, ...(domain ? { domain } : {}) },
  });
  expect(res.status(), `sign-in ${username}`).toBe(200);
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

/** The demo buyer orders one product, far down the catalogue, enough of it to pass the shop's minimum; picked up. */
async function placeOrder(request: APIRequestContext, offset: number): Promise<{ id: number; number: string }> {
  const buyer = await token(request, 'buyer@client.demo', 'kancler');
  const left = (await (await request.get('/v3/api/client/basket/', { headers: buyer })).json()) as { ITEMS: { PRODUCT_ID: number }[] };
  for (const line of left.ITEMS)
    await request.post('/v3/api/client/basket/', { headers: buyer, form: { product_id: String(line.PRODUCT_ID), quantity: '0' } });
  const found = (await (await request.get(`/v3/api/catalog/product/?limit=12&offset=${offset}`, { headers: buyer })).json()) as {
    ITEMS: { ID: number; PRICE: string; MULTIPLICITY: number }[];
  };
  const product = found.ITEMS.find((p) => Number(p.PRICE) > 0)!;
  const step = Math.max(1, product.MULTIPLICITY || 1);
  const quantity = step * Math.ceil(8000 / (Number(product.PRICE) * step));
  const added = (await (
    await request.post('/v3/api/client/basket/', { headers: buyer, form: { product_id: String(product.ID), quantity: String(quantity) } })
  ).json()) as {
    SUCCESS: string;
  };
  expect(added.SUCCESS).toBe('Y');
  const options = (await (await request.get('/v3/api/client/checkout/', { headers: buyer })).json()) as {
    TRADEPOINTS: { ID: number }[];
    PAYMENT_TYPES: { ID: string }[];
  };
  const placed = (await (
    await request.post('/v3/api/client/order/', {
      headers: buyer,
      form: {
        delivery: 'PICKUP',
        tradepoint_id: String(options.TRADEPOINTS[0].ID),
        payment_type: options.PAYMENT_TYPES[0].ID,
        contact_name: 'Павел Лебедев',
        contact_phone: '+7 (926) 118-27-45',
        contact_email: 'buyer@client.demo',
      },
    })
  ).json()) as { SUCCESS: string; ORDER_ID: number; ORDER_NUMBER: string };
  expect(placed.SUCCESS, JSON.stringify(placed)).toBe('Y');
  return { id: placed.ORDER_ID, number: placed.ORDER_NUMBER };
}

/** A page of its own (its own session) signed in as `email`. */
async function pageAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ locale: 'ru-RU' })).newPage();
  await signInAs(page, email);
  return page;
}

const openCard = async (page: Page, id: number) => {
  await page.goto(`/partner/orderlist/${id}`);
  await expect(page.getByTestId('order-card')).toHaveAttribute('data-order-id', String(id));
};

test('«Ответственный»: the administrator chooses the employee, it stays after a reload; a price employee only reads it', async ({
  page,
  browser,
  request,
}) => {
  const order = await placeOrder(request, 540);
  await signInAs(page, 'admin@partner.demo');
  await openCard(page, order.id);
  const select = page.getByTestId('order-manager-select');
  await expect(select).toBeVisible();
  await expect(page.getByTestId('order-field-manager')).toContainText('Не назначен');
  await chooseOption(page, select, 'Дмитрий Кузнецов', async () => (await select.textContent())?.includes('Дмитрий Кузнецов') ?? false, {
    exact: true,
  });
  await expect(page.locator('.order-manager-changed')).toContainText('Ответственный: Дмитрий Кузнецов');
  // The disabled employee is not a choice.
  await select.click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Сергей Волков"]')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByTestId('order-manager-select')).toContainText('Дмитрий Кузнецов');
  await expect(page.getByTestId('order-history')).toContainText('Ответственный: Дмитрий Кузнецов');

  const price = await pageAs(browser, 'price@partner.demo');
  await openCard(price, order.id);
  await expect(price.getByTestId('order-manager')).toHaveText('Дмитрий Кузнецов');
  await expect(price.getByTestId('order-manager-select')).toHaveCount(0);
  await price.context().close();
});

test('«Передать партнеру»: the manager routes a new order to the second partner and lands on its card there', async ({ page, browser, request }) => {
  const order = await placeOrder(request, 552);
  await signInAs(page, 'manager@platform.demo');
  await openCard(page, order.id);
  // The manager reads the responsible employee, never chooses it.
  await expect(page.getByTestId('order-manager')).toBeVisible();
  await expect(page.getByTestId('order-manager-select')).toHaveCount(0);

  await page.getByTestId('route-order').click();
  const modal = page.getByTestId('route-order-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('route-order-submit')).toBeDisabled();
  const picker = page.getByTestId('routing-partner-picker');
  // The order's own partner is not a choice.
  await picker.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await expect(dropdown.locator(`.ant-select-item-option[title="${SECOND}"]`)).toBeVisible();
  await expect(dropdown.locator(`.ant-select-item-option[title="${MAIN}"]`)).toHaveCount(0);
  await chooseOption(page, picker, SECOND, async () => (await picker.textContent())?.includes(SECOND) ?? false, { search: 'Офис', exact: true });
  await page.getByTestId('route-order-submit').click();

  await expect(page.locator('.order-routed')).toContainText(`передан партнеру «${SECOND}»`);
  await expect(page).not.toHaveURL(new RegExp(`/partner/orderlist/${order.id}$`));
  const card = page.getByTestId('order-card');
  await expect(card).toBeVisible();
  const newId = Number(await card.getAttribute('data-order-id'));
  expect(newId).not.toBe(order.id);
  await expect(page).toHaveURL(new RegExp(`/partner/orderlist/${newId}$`));
  await expect(page.getByTestId('order-field-shop')).toHaveText(SECOND);
  await expect(card).toHaveAttribute('data-status', 'NEW');
  const newNumber = (await page.getByTestId('order-field-number').textContent())!.trim();
  await expect(page.getByTestId('order-history')).toContainText(`Получен от партнера «${MAIN}»`);

  // The second partner's owner has it in its list; the first partner's owner no longer does, and its old id says where it went.
  const second = await pageAs(browser, 'owner@second.demo');
  await second.goto(`/partner/orderlist?query=${encodeURIComponent(newNumber)}`);
  await expect(second.getByTestId('orders-table').locator('tr[data-row-key]').getByText(newNumber, { exact: true })).toBeVisible();
  await second.context().close();

  const first = await pageAs(browser, 'owner@partner.demo');
  await first.goto(`/partner/orderlist?query=${encodeURIComponent(order.number)}`);
  await expect(first.locator('[data-testid="orders-table"][data-loading="false"]')).toBeVisible();
  await expect(first.getByTestId('orders-table').locator('tr[data-row-key]').getByText(order.number, { exact: true })).toHaveCount(0);
  await first.goto(`/partner/orderlist/${order.id}`);
  await expect(first.getByTestId('order-error')).toContainText(ORDER_ROUTING_MSG.routedAway(SECOND));
  await first.context().close();
});

test('«Передать партнеру» shows the server’s refusal in the modal: the order was routed meanwhile', async ({ page, request }) => {
  const order = await placeOrder(request, 564);
  await signInAs(page, 'manager@platform.demo');
  await openCard(page, order.id);
  await page.getByTestId('route-order').click();
  const picker = page.getByTestId('routing-partner-picker');
  await chooseOption(page, picker, SECOND, async () => (await picker.textContent())?.includes(SECOND) ?? false, { search: 'Офис', exact: true });

  // Another manager's tab routes it first.
  const manager = await token(request, 'manager@platform.demo');
  const second = (
    (await (await request.get('/v3/api/manager/partner/?query=Офис', { headers: manager })).json()) as { ITEMS: { ID: number; NAME: string }[] }
  ).ITEMS.find((p) => p.NAME === SECOND)!;
  const routed = (await (
    await request.post(`/v3/api/manager/order/${order.id}/`, { headers: manager, form: { action: 'route', partner_id: String(second.ID) } })
  ).json()) as {
    SUCCESS: string;
  };
  expect(routed.SUCCESS).toBe('Y');
  const again = await request.post(`/v3/api/manager/order/${order.id}/`, {
    headers: manager,
    form: { action: 'route', partner_id: String(second.ID) },
  });
  const body = (await again.json()) as { errors?: Record<string, string>; error_description?: string };
  const refusal = body.error_description ?? Object.values(body.errors ?? {})[0];
  expect(refusal).toBeTruthy();

  await page.getByTestId('route-order-submit').click();
  await expect(page.getByTestId('route-order-error')).toHaveText(refusal!);
  await expect(page.getByTestId('route-order-modal')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/partner/orderlist/${order.id}$`));
  // Closed, the card is read again: the order is no longer here.
  await page.getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByTestId('order-error')).toContainText(ORDER_ROUTING_MSG.routedAway(SECOND));
});
