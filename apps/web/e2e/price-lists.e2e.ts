import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './helpers';

/*
 * The tabs Прайсы and Колонки цен. The tests of this file run one after the other on the demo data: the first
 * partner has the base list, «Оптовый прайс» (assigned to clients) and one column, «Крупный опт».
 */

const menu = (page: Page) => page.getByTestId('price-list-menu');
const selected = (page: Page) => menu(page).locator('.ant-menu-item-selected');
const item = (page: Page, name: string) => menu(page).locator(`[data-name="${name}"]`);
const confirmModal = (page: Page) => page.locator('.ant-modal-confirm');
const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)?.value;

async function open(page: Page, type: 'pricelist' | 'column') {
  await page.goto(`/partner/pricing/${type}`);
  // The first load of the app (antd) can be slow on a busy machine.
  await expect(menu(page)).toBeVisible({ timeout: 30_000 });
}

async function fillForm(page: Page, fields: { name?: string; rate?: string }) {
  if (fields.name !== undefined) await page.getByTestId('price-list-form-name').fill(fields.name);
  if (fields.rate !== undefined) await page.getByTestId('price-list-form-rate').fill(fields.rate);
  await page.getByTestId('price-list-form-ok').click();
}

/** Deletes the selected list or column through the confirmation; answers the success or failure modal's text. */
async function deleteSelected(page: Page, confirmation: string) {
  await page.getByTestId('price-list-delete').click();
  await expect(confirmModal(page)).toContainText(confirmation);
  await expect(confirmModal(page)).toContainText('Восстановить удаленный прайс невозможно.');
  await page.getByTestId('price-list-delete-ok').click();
}

// Each test walks a whole flow; on a busy machine that takes longer than the default 45 s.
test.describe.configure({ timeout: 120_000, mode: 'serial' });

test('price lists: create, rename, copy to its own page, delete with confirmation; a list in use is not deleted', async ({ page }) => {
  await signInAs(page, 'owner@partner.demo');
  await open(page, 'pricelist');
  await expect(selected(page)).toContainText('Базовый прайс');
  await expect(page.getByTestId('price-list-delete')).toBeDisabled();

  // The name is required; tags are stripped.
  await page.getByTestId('price-list-create').click();
  await fillForm(page, { name: '<b></b>' });
  await expect(page.getByText('Вы не указали название прайса')).toBeVisible();
  await fillForm(page, { name: '<b>E2E прайс</b>', rate: '7,5' });
  await expect(selected(page)).toContainText('E2E прайс');
  await expect(page.getByTestId('price-list-summary-rate')).toHaveText('7.50');
  await expect(page).toHaveURL(/\/partner\/pricing\/pricelist\?id=\d+$/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect.poll(() => cookie(page, 'pricelistId')).toBe(id);

  // The selection comes back from the cookie.
  await open(page, 'pricelist');
  await expect(selected(page)).toContainText('E2E прайс');

  // Rename.
  await page.getByTestId('price-list-edit').click();
  await expect(page.getByTestId('price-list-form-name')).toHaveValue('E2E прайс');
  await fillForm(page, { name: 'E2E прайс изменен' });
  await expect(selected(page)).toContainText('E2E прайс изменен');

  // Copy: lands on the copy's page.
  await page.getByTestId('price-list-copy').click();
  await expect(page.getByTestId('price-list-copy-name')).toHaveValue('E2E прайс изменен (копия)');
  await page.getByTestId('price-list-copy-ok').click();
  await expect(page).toHaveURL(/\/partner\/pricing\/pricelist\?id=\d+$/);
  expect(new URL(page.url()).searchParams.get('id')).not.toBe(id);
  await expect(selected(page)).toContainText('E2E прайс изменен (копия)');
  await expect(page.getByTestId('price-list-summary-rate')).toHaveText('7.50');

  // Delete the copy: confirmation, the success modal with its name, back to the base list.
  await deleteSelected(page, 'Прайс “E2E прайс изменен (копия)“ будет удален.');
  await expect(page.getByTestId('price-list-deleted')).toHaveText('Прайс “E2E прайс изменен (копия)“ удален');
  await page.locator('.ant-modal-confirm-success').getByRole('button').click();
  await expect(selected(page)).toContainText('Базовый прайс');
  await expect(item(page, 'E2E прайс изменен (копия)')).toHaveCount(0);
  await expect.poll(() => cookie(page, 'pricelistId')).toBe('personal_price');

  // A list assigned to clients is not deleted: the failure modal says why.
  await item(page, 'Оптовый прайс').click();
  await expect(selected(page)).toContainText('Оптовый прайс');
  await deleteSelected(page, 'Прайс “Оптовый прайс“ будет удален.');
  const failure = page.locator('.ant-modal-confirm-error');
  await expect(failure).toContainText('Невозможно удалить прайс');
  await expect(page.getByTestId('price-list-delete-failure')).toContainText(/Прайс назначен \d+ клиент/);
  await failure.getByRole('button').click();
  await expect(item(page, 'Оптовый прайс')).toBeVisible();
});

test('price columns: create, copy, the 4th is refused with its message, delete falls back to the first column', async ({ page }) => {
  await signInAs(page, 'owner@partner.demo');
  await open(page, 'column');
  await expect(selected(page)).toContainText('Крупный опт');

  await page.getByTestId('price-list-create').click();
  await fillForm(page, { name: ' ' });
  await expect(page.getByText('Вы не указали название колонки')).toBeVisible();
  await fillForm(page, { name: 'E2E колонка', rate: '3' });
  await expect(selected(page)).toContainText('E2E колонка');
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect.poll(() => cookie(page, 'columnId')).toBe(id);

  // The third column, by a copy, on its own page.
  await page.getByTestId('price-list-copy').click();
  await page.getByTestId('price-list-copy-ok').click();
  await expect(page).not.toHaveURL(new RegExp(`id=${id}$`));
  await expect(page).toHaveURL(/\/partner\/pricing\/column\?id=\d+$/);
  await expect(selected(page)).toContainText('E2E колонка (копия)');
  await expect(menu(page).locator('.ant-menu-item')).toHaveCount(3);

  // A fourth is refused.
  await page.getByTestId('price-list-create').click();
  await fillForm(page, { name: 'Четвертая' });
  await expect(page.getByTestId('price-list-form-error')).toContainText('Можно создать не больше 3 колонок цен');
  await page.locator('.ant-modal').getByRole('button', { name: 'Отмена' }).click();
  await expect(menu(page).locator('.ant-menu-item')).toHaveCount(3);

  await deleteSelected(page, 'Колонка “E2E колонка (копия)“ будет удалена.');
  await expect(page.getByTestId('price-list-deleted')).toHaveText('Колонка “E2E колонка (копия)“ удалена');
  await page.locator('.ant-modal-confirm-success').getByRole('button').click();
  await expect(selected(page)).toContainText('Крупный опт');
  await expect(menu(page).locator('.ant-menu-item')).toHaveCount(2);
});

test('a CLIENTS employee sees the lists and columns but no buttons that change them', async ({ page }) => {
  await signInAs(page, 'clients@partner.demo');
  for (const type of ['pricelist', 'column'] as const) {
    await open(page, type);
    await expect(selected(page)).toBeVisible();
    await expect(page.getByTestId('price-list-summary')).toBeVisible();
    for (const button of ['create', 'edit', 'copy', 'delete']) await expect(page.getByTestId(`price-list-${button}`)).toHaveCount(0);
  }
});
