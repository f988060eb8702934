import { expect, type Page, test } from '@playwright/test';
import { chooseOption, signInAs } from './helpers';

/**
 * Issue 9: what each role sees of clients (back-office.md §6), the client and group list searches, the group list
 * export and the modals that answer a group membership change.
 */

const header = (page: Page, column: string) => page.locator('thead').getByTestId(`column-${column}`);
const rows = (page: Page) => page.getByTestId('clients-table').locator('tr[data-testid^="client-row-"]');

async function openList(page: Page) {
  await page.goto('/partner/clients/active-list');
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
}

test.describe.configure({ timeout: 90_000 });

test('an ORDERS employee sees neither the price type nor the loyalty columns, nor the card tabs of them', async ({ page }) => {
  await signInAs(page, 'orders@partner.demo');
  await openList(page);
  await expect(header(page, 'NAME')).toBeVisible();
  await expect(header(page, 'PRICE_TYPE')).toHaveCount(0);
  await expect(header(page, 'CARD_CODE')).toHaveCount(0);
  await rows(page).first().locator('a[data-testid^="client-link-"]').click();
  await expect(page.getByRole('tab', { name: 'Заказы' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Тип цен' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Программа лояльности' })).toHaveCount(0);
});

test('the owner sees the price type column; the search box finds a client by a part of its name, in any case', async ({ page }) => {
  await signInAs(page, 'owner@partner.demo');
  await openList(page);
  await expect(header(page, 'PRICE_TYPE')).toBeVisible();
  // The demo buyer's client «Ромашка», which no test blacklists (other files change the other clients meanwhile).
  const part = 'ромашк';
  await page.getByTestId('clients-search').locator('input').fill(part);
  await page.getByTestId('clients-search').locator('input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`query=${encodeURIComponent(part)}`));
  await expect(rows(page).first()).toBeVisible();
  // The previous page stays on screen until the search's answer replaces it.
  const names = () => rows(page).locator('[data-col="NAME"]').allInnerTexts();
  await expect.poll(async () => (await names()).every((name) => name.toLowerCase().includes(part))).toBe(true);
  await expect(rows(page).filter({ hasText: 'Ромашка' })).not.toHaveCount(0);
});

test('the group list exports to an .xlsx and its search box filters the groups on the server', async ({ page }) => {
  await signInAs(page, 'orders@partner.demo', '/partner/clients/groups');
  await expect(page.getByRole('link', { name: 'Розница' })).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await page.getByTestId('groups-export').click();
  expect((await download).suggestedFilename()).toMatch(/^Группы клиентов \d{2}\.\d{2}\.\d{4}\.xlsx$/);
  await page.getByTestId('groups-search').locator('input').fill('розн');
  await page.getByTestId('groups-search').locator('input').press('Enter');
  await expect(page).toHaveURL(/query=/);
  await expect(page.getByRole('link', { name: 'Розница' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Крупные оптовики' })).toHaveCount(0);
});

/** Types into the client list's search box and waits for the URL to carry it. */
async function searchList(page: Page, text: string) {
  const box = page.getByTestId('clients-search').locator('input');
  // The box takes the saved query back when the list's params settle: typed until it holds exactly this text.
  await expect(async () => {
    await box.fill(text);
    await expect(box).toHaveValue(text, { timeout: 1000 });
  }).toPass();
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`query=${encodeURIComponent(text)}`));
}

test("the search box finds a client by its INN; the search stays in the list's saved params", async ({ page }) => {
  await signInAs(page, 'owner@partner.demo');
  await openList(page);
  await searchList(page, 'ромашк');
  const romashka = rows(page).filter({ hasText: 'Ромашка' });
  await expect(romashka).toHaveCount(1);
  await romashka.locator('a[data-testid^="client-link-"]').click();
  const innRow = page
    .getByTestId('client-details')
    .locator('tr')
    .filter({ has: page.locator('th', { hasText: /^ИНН$/ }) });
  const inn = (await innRow.locator('td').innerText()).trim();
  expect(inn).toMatch(/^\d{10}(\d{2})?$/);

  await page.goto('/partner/clients/active-list');
  // Back without a query in the URL: the saved search comes back from the params_clients cookie.
  await expect(page).toHaveURL(/query=/);
  await searchList(page, inn);
  await expect.poll(async () => (await rows(page).locator('[data-col="NAME"]').allInnerTexts()).join('|')).toBe('ООО «Ромашка»');
});

/** Picks the group in the add-to-group picker: done once its OK button is enabled (a click during the dropdown's animation is lost). */
const pickGroup = (page: Page, group: string) =>
  chooseOption(page, page.getByTestId('add-to-group-select'), group, () => page.getByTestId('add-to-group-ok').isEnabled());

test('a client is added to a group found by the server search, and the answer is a modal: success, then failure', async ({ page }) => {
  await signInAs(page, 'clients@partner.demo');
  const group = `Поиск на сервере ${Date.now()}`;
  await page.goto('/partner/clients/groups');
  await page.getByTestId('group-create').click();
  await page.getByTestId('group-form-name').fill(group);
  await page.getByTestId('group-form-save').click();
  await expect(page.getByRole('link', { name: group })).toBeVisible();

  await openList(page);
  await searchList(page, 'ромашк');
  const romashka = rows(page).filter({ hasText: 'Ромашка' });
  await expect(romashka).toHaveCount(1);
  await romashka.locator('input[type="checkbox"]').check();
  await page.getByTestId('clients-add-to-group').click();
  // The picker asks the server for the typed name (the list it first shows stops at 96 groups).
  const searched = page.waitForRequest((r) => r.url().includes('/grouplist/') && new URL(r.url()).searchParams.get('query') === 'на сервере');
  await page.getByTestId('add-to-group-select').locator('input').fill('на сервере');
  await searched;
  await pickGroup(page, group);
  await page.getByTestId('add-to-group-ok').click();
  await expect(page.locator('.ant-modal-confirm-title').getByText('Клиент успешно добавлен в группу')).toBeVisible();
  await page.getByTestId('members-success-ok').click();

  // From the card: the group is listed, and adding again answers the failure modal with the reason.
  await romashka.locator('a[data-testid^="client-link-"]').click();
  await expect(page.getByTestId('client-groups')).toContainText(group);
  await page.getByTestId('client-add-to-group').click();
  await page.getByTestId('add-to-group-select').locator('input').fill('на сервере');
  await pickGroup(page, group);
  await page.getByTestId('add-to-group-ok').click();
  await expect(page.locator('.ant-modal-confirm-title').getByText('Не все клиенты добавлены')).toBeVisible();
  await expect(page.getByTestId('members-errors')).toContainText('ООО «Ромашка»: Клиент уже состоит в группе');
  await page.getByTestId('members-errors-ok').click();
});
