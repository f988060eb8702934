import { expect, type Locator, type Page, test } from '@playwright/test';
import { MSG } from '@b2b/contracts/messages';
import { ASSIGN_MSG, PRICING_MSG } from '@b2b/contracts/pricing';
import { signInAs, visibleNav } from './helpers';

/*
 * Установка цен, Настройки цен and Настройка ассортимента (issue 12.3, 12.8, 12.9) on the demo data: the first
 * partner has «Оптовый прайс», the group «Школы и детсады» and a 3-level section tree. What a test changes it puts back.
 */

test.describe.configure({ timeout: 120_000, mode: 'serial' });

const GROUP = 'Школы и детсады';
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).last();
const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)?.value;
/** The tree row holding the element with this test id. */
const treeNode = (page: Page, testId: string) => page.locator('.ant-tree-treenode', { has: page.getByTestId(testId) });
const checkbox = (node: Locator) => node.locator('.ant-tree-checkbox');

async function openAssign(page: Page) {
  await page.goto('/partner/pricing/pricesettings');
  // The first load of the app (antd) can be slow on a busy machine.
  await expect(page.getByTestId('assign-tree')).toBeVisible({ timeout: 30_000 });
}

/** Opens the group (its name opens it) and answers its test id. */
async function openGroup(page: Page, name: string): Promise<string> {
  const title = page.locator(`[data-testid^="assign-group-"][data-name="${name}"]`);
  const testId = (await title.getAttribute('data-testid'))!;
  await title.click();
  const groupId = testId.replace('assign-group-', '');
  await expect(page.locator(`[data-testid^="assign-client-${groupId}-"]`).first()).toBeVisible();
  return testId;
}

async function save(page: Page) {
  await page.getByTestId('assign-save').click();
  await expect(toast(page, ASSIGN_MSG.saved)).toBeVisible();
  await expect(page.getByTestId('assign-pending')).toHaveCount(0);
}

test('Установка цен: «Оптовый прайс» to two clients of a group through the tree, kept after a reload, then taken away', async ({ page }) => {
  await signInAs(page, 'owner@partner.demo');
  await openAssign(page);
  await expect(page.getByTestId('assign-price')).toContainText('Базовый прайс');

  await page.getByTestId('assign-price').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Оптовый прайс' }).click();
  await expect(page).toHaveURL(/price_id=\d+/);
  const priceId = new URL(page.url()).searchParams.get('price_id')!;
  await expect.poll(async () => decodeURIComponent((await cookie(page, 'params_pricesettings')) ?? '')).toContain(`"price_id":"${priceId}"`);

  const groupTestId = await openGroup(page, GROUP);
  const groupId = groupTestId.replace('assign-group-', '');
  const group = treeNode(page, groupTestId);
  await expect(checkbox(group)).not.toHaveClass(/ant-tree-checkbox-checked/);
  const countBefore = await group.getByTestId('assign-group-count').textContent();

  // Two clients of the group without the list.
  const unchecked = page.locator('.ant-tree-treenode', { has: page.locator(`[data-testid^="assign-client-${groupId}-"]`) }).filter({
    hasNot: page.locator('.ant-tree-checkbox-checked'),
  });
  const picked: string[] = [];
  for (let i = 0; i < 2; i++) picked.push((await unchecked.nth(i).locator('[data-testid^="assign-client-"]').getAttribute('data-testid'))!);
  for (const id of picked) await checkbox(treeNode(page, id)).click();
  for (const id of picked) await expect(checkbox(treeNode(page, id))).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(checkbox(group)).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(group.getByTestId('assign-group-count')).not.toHaveText(countBefore!);
  await expect(page.getByTestId('assign-pending')).toContainText('Несохраненных изменений: 2');
  await save(page);

  // After a reload (the price comes back from the URL) they stay checked, the group half-checked.
  await page.reload();
  await expect(page.getByTestId('assign-tree')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('assign-price')).toContainText('Оптовый прайс');
  await expect(checkbox(treeNode(page, groupTestId))).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await openGroup(page, GROUP);
  for (const id of picked) await expect(checkbox(treeNode(page, id))).toHaveClass(/ant-tree-checkbox-checked/);

  // Taken away.
  for (const id of picked) await checkbox(treeNode(page, id)).click();
  await expect(page.getByTestId('assign-pending')).toContainText('снять: 2');
  await save(page);
  await page.reload();
  await expect(page.getByTestId('assign-tree')).toBeVisible({ timeout: 30_000 });
  await openGroup(page, GROUP);
  for (const id of picked) await expect(checkbox(treeNode(page, id))).not.toHaveClass(/ant-tree-checkbox-checked/);
  await expect(treeNode(page, groupTestId).getByTestId('assign-group-count')).toHaveText(countBefore!);
});

test('Установка цен: the search and the period are kept in the params_pricesettings cookie and merged with the URL', async ({ page }) => {
  await signInAs(page, 'owner@partner.demo');
  await openAssign(page);
  const search = page.getByTestId('assign-search').locator('input');
  await search.fill('нет-такого-клиента');
  await search.press('Enter');
  await expect(page).toHaveURL(/query=/);
  await expect(page.getByTestId('price-assign').getByText(MSG.clientsEmpty)).toBeVisible();
  await expect(page.getByTestId('assign-found')).toHaveText('Найдено: 0 клиентов');

  // Back without a query: the saved one is merged into the URL.
  await page.goto('/partner/pricing/pricesettings');
  await expect(page).toHaveURL(/query=%D0%BD%D0%B5%D1%82|query=нет/);
  await expect(page.getByTestId('assign-search').locator('input')).toHaveValue('нет-такого-клиента');

  await page.getByTestId('assign-search').locator('input').fill('');
  await page.getByTestId('assign-search').locator('input').press('Enter');
  await expect(page).not.toHaveURL(/query=/);
  await expect(page.getByTestId('assign-tree')).toBeVisible();

  // The period: registered from a day of the URL, merged back from the cookie.
  await page.goto('/partner/pricing/pricesettings?date_start=2020-01-01');
  await expect(page.getByTestId('assign-found')).toBeVisible({ timeout: 30_000 });
  await page.goto('/partner/pricing/pricesettings');
  await expect(page).toHaveURL(/date_start=2020-01-01/);
  await expect(page.getByTestId('assign-dates').locator('input').first()).toHaveValue('01.01.2020');
});

test('Настройка ассортимента: a section is hidden in the shop and shown again; the remains form is there', async ({ page }) => {
  await signInAs(page, 'price@partner.demo', '/partner/assortment');
  await expect(page.getByTestId('assortment-sections').locator('.ant-tree')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('remains-form')).toBeVisible();
  await expect(page.getByTestId('remains-form-readonly')).toHaveCount(0);

  const first = page.locator('[data-testid^="assortment-section-"][data-name]').first();
  const testId = (await first.getAttribute('data-testid'))!;
  const row = page.getByTestId(testId);
  await expect(row).toHaveAttribute('data-show', 'Y');
  const shown = await page.getByTestId('assortment-shown').textContent();

  await row.getByTestId('assortment-section-show').click();
  await expect(toast(page, PRICING_MSG.sectionHidden)).toBeVisible();
  await expect(row).toHaveAttribute('data-show', 'N');
  await expect(page.getByTestId('assortment-shown')).not.toHaveText(shown!);

  await page.reload();
  await expect(page.getByTestId(testId)).toHaveAttribute('data-show', 'N', { timeout: 30_000 });
  await page.getByTestId(testId).getByTestId('assortment-section-show').click();
  await expect(toast(page, PRICING_MSG.sectionShown)).toBeVisible();
  await expect(page.getByTestId(testId)).toHaveAttribute('data-show', 'Y');
  await expect(page.getByTestId('assortment-shown')).toHaveText(shown!);
});

test('Настройки цен: the shop price settings form; read-only without editPriceSettings (CLIENTS), who may still assign', async ({ page }) => {
  await signInAs(page, 'clients@partner.demo', '/partner/pricing/settings');
  await expect(page.getByTestId('price-form')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('price-form-readonly')).toBeVisible();
  await expect(page.getByTestId('price-form-save')).toBeDisabled();

  await page.goto('/partner/assortment');
  await expect(page.getByTestId('assortment-readonly')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-testid="assortment-section-show"]').first()).toBeDisabled();

  await openAssign(page);
  await expect(page.getByTestId('assign-readonly')).toHaveCount(0);
  await expect(page.getByTestId('assign-save')).toBeVisible();
});

test('the ORDERS employee sees no pricing nor assortment and gets the no-access screen', async ({ page }) => {
  await signInAs(page, 'orders@partner.demo', '/');
  const nav = await visibleNav(page);
  expect(nav).not.toContain('nav-pricing');
  expect(nav).not.toContain('nav-assortment');
  for (const path of ['/partner/pricing/pricesettings', '/partner/pricing/settings', '/partner/assortment']) {
    await page.goto(path);
    await expect(page.getByTestId('forbidden')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('tab-pricesettings')).toHaveCount(0);
  }
});
