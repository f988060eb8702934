import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signInAs } from './helpers';

/*
 * Issue 9, point 12: lists show other staff's changes after «Обновить» and when the window regains focus, and an
 * order action updates the client's totals on the client card without a page reload.
 */

// The last test loads the app eight times: on a slow day of the CI machine that alone is over a minute and a half.
test.describe.configure({ timeout: 180_000 });

const rows = (page: Page) => page.getByTestId('orders-table').locator('tr[data-row-key]');
const row = (page: Page, id: string) => page.getByTestId('orders-table').locator(`tr[data-row-key="${id}"]`);

/** Another staff member, signed in through the API as any other OAuth client would. */
async function otherStaff(request: APIRequestContext, email = 'orders@partner.demo') {
  const answer = await request.post('/v3/oauth/token/', {
    form: { grant_type: 'password', client_id: 'web', client_secret: 'web-secret', username: email, password: PASSWORD },
  });
  const token = (await answer.json()).access_token as string;
  return async (orderId: string, form: Record<string, string>) => {
    const res = await request.post(`/v3/api/partner/order/${orderId}/`, { headers: { Authorization: `Bearer ${token}` }, form });
    expect((await res.json()).SUCCESS).toBe('Y');
  };
}

/** Marks the page, so a later check tells whether it was reloaded. */
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test("the order list shows another staff member's changes after «Обновить» and when the window regains focus", async ({ page, request }) => {
  await page.clock.install();
  await signInAs(page, 'owner@partner.demo', '/partner/orderlist');
  const fresh = page.getByTestId('orders-table').locator('tr[data-row-key][data-status="NEW"]');
  await expect(fresh.nth(1)).toBeVisible();
  const [first, second] = [await fresh.nth(0).getAttribute('data-row-key'), await fresh.nth(1).getAttribute('data-row-key')];
  await markPage(page);
  const change = await otherStaff(request);

  await change(first!, { action: 'accept' });
  await expect(row(page, first!)).toHaveAttribute('data-status', 'NEW');
  await page.getByRole('button', { name: 'Обновить' }).click();
  await expect(row(page, first!)).toHaveAttribute('data-status', 'VIEWED');
  await expect(rows(page).first()).toBeVisible();

  await change(second!, { action: 'cancel', cancel_comment: 'Отменен другим сотрудником' });
  // The user was away longer than the data stays current, then comes back to the window.
  await page.clock.fastForward('00:45');
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(row(page, second!)).toHaveAttribute('data-status', 'CANCELED');
  expect(await sameDocument(page)).toBe(true);
});

test("cancelling an order from its card updates the client card's totals without a reload", async ({ page }) => {
  await signInAs(page, 'owner@partner.demo', '/partner/orderlist');
  const open = page.getByTestId('orders-table').locator('tr[data-row-key][data-status="VIEWED"]').first();
  await expect(open).toBeVisible();
  await markPage(page);
  await open.getByTestId('order-link').click();
  await expect(page.getByTestId('order-card')).toBeVisible();

  await page.getByTestId('order-client-link').click();
  const count = page.getByTestId('client-orders-count');
  await expect(count).toBeVisible();
  // «1 234 заказа»: the figure's digits, its thousands apart.
  const figure = async () => Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
  const countBefore = await figure();
  const sumBefore = await page.getByTestId('client-orders-sum').textContent();

  await page.goBack();
  await page.getByTestId('order-action-reject').click();
  await page.getByTestId('reject-reason').fill('Клиент передумал');
  await page.getByTestId('reject-submit').click();
  // The result's dialog, once it is there (under load the OK of another dialog could be clicked first).
  const done = page.getByRole('dialog', { name: 'Заказ отклонен' });
  await done.getByRole('button', { name: /OK|ОК/ }).click();
  await expect(done).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('Отменен');

  await page.getByTestId('order-client-link').click();
  await expect.poll(figure).toBe(countBefore - 1);
  await expect(page.getByTestId('client-orders-sum')).not.toHaveText(sumBefore!);
  expect(await sameDocument(page)).toBe(true);
});

test('every list has the «Обновить» control', async ({ page }) => {
  await signInAs(page, 'owner@partner.demo');
  for (const [path, testId] of [
    ['/partner/orderlist', 'orders-refresh'],
    ['/partner/clients/active-list', 'clients-refresh'],
    ['/partner/clients/black-list', 'clients-refresh'],
    ['/partner/clients/groups', 'groups-refresh'],
    ['/partner/managers', 'employees-refresh'],
  ] as const) {
    await page.goto(path);
    const button = page.getByTestId(testId);
    await expect(button).toBeVisible();
    await button.hover();
    await expect(page.getByRole('tooltip', { name: 'Обновить' })).toBeVisible();
    await page.mouse.move(0, 0);
  }
  await page.goto('/partner/clients/groups');
  await page.getByTestId('groups-table').locator('a[data-testid^="group-link-"]').first().click();
  await expect(page).toHaveURL(/\/partner\/clients\/groups\/\d+/);
  await expect(page.getByRole('button', { name: 'Обновить' })).toBeVisible();
  await page.goto('/partner/clients/active-list');
  await page.getByTestId('clients-table').locator('a[data-testid^="client-link-"]').first().click();
  await page.getByTestId('tab-orders').click();
  await expect(page.getByTestId('client-orders-refresh')).toBeVisible();
});
