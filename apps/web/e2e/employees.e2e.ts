import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { PASSWORD, signIn, signInAs, visibleNav } from './helpers';
import { mailFilesNow, passwordFrom, waitForMail } from './mail-files';

/** Employees (back-office.md §2 /partner/managers, §4 Employees, §5 employee form, §6). */

// Each test walks a whole flow through several pages and e-mails; on a loaded machine that outlasts 45 s.
test.describe.configure({ timeout: 180_000 });

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@staff.test`;

async function openEmployees(page: Page) {
  await signInAs(page, 'admin@partner.demo', '/');
  await page.getByTestId('nav-employees').click();
  await expect(page).toHaveURL(/\/partner\/managers$/);
  await expect(page.getByTestId('employees-table')).toBeVisible();
}

async function confirm(page: Page) {
  await page.getByTestId('confirm-ok').click();
}

/** The administrator's own API session, to change things behind the page's back. */
async function adminApi(request: APIRequestContext) {
  const token = await request.post('/v3/oauth/token/', {
    form: { grant_type: 'password', client_id: 'web', client_secret: 'web-secret', username: 'admin@partner.demo', password: PASSWORD },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const post = async (path: string, form: Record<string, string>) =>
    (await request.post(path, { headers: { Authorization: `Bearer ${access_token}` }, form })).json() as Promise<{
      SUCCESS: string;
      ID?: number;
    }>;
  return { post };
}

/** A fresh browser with no cookies of the administrator's page. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'ru-RU' });
  return context.newPage();
}

test('an administrator adds an employee after a validation error, sends its password; the employee signs in with it and sees only its sections; once disabled it is refused', async ({
  page,
  browser,
}) => {
  const email = unique('emp');
  await openEmployees(page);

  await page.getByTestId('employee-add').click();
  const form = page.getByTestId('employee-form');
  await expect(form).toBeVisible();
  // A new employee starts with orders on and the rest off.
  await expect(page.getByTestId('employee-right-orders')).toBeChecked();
  for (const right of ['price', 'clients', 'loyalty']) await expect(page.getByTestId(`employee-right-${right}`)).not.toBeChecked();
  // Only the owner may grant ADMIN.
  await expect(page.getByTestId('employee-right-admin')).toBeDisabled();

  // Surname keeps letters and hyphen with a capital first letter, as typed.
  await page.getByTestId('employee-surname').pressSequentially('петров-водкин 1');
  await expect(page.getByTestId('employee-surname')).toHaveValue('Петров-водкин');
  await page.getByTestId('employee-email').fill('not-an-address');
  await page.getByTestId('employee-save').click();
  await expect(form.getByText('Вы не указали имя')).toBeVisible();
  await expect(form.getByText('Вы ввели неправильный электронный адрес')).toBeVisible();

  // An address already in use: the server's error under the field.
  await page.getByTestId('employee-name').fill('кузьма');
  await expect(page.getByTestId('employee-name')).toHaveValue('Кузьма');
  await page.getByTestId('employee-email').fill('orders@partner.demo');
  await page.getByTestId('employee-save').click();
  await expect(form.getByText('Пользователь с такой почтой уже существует')).toBeVisible();

  await page.getByTestId('employee-email').fill(email);
  await page.getByTestId('employee-right-price').check();
  await page.getByTestId('employee-save').click();
  await expect(page.getByText('Сотрудник добавлен')).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByTestId(`employee-row-${email}`);
  await expect(row).toContainText('Петров-водкин Кузьма');
  await expect(row.getByTestId('employee-tag-orders')).toBeVisible();
  await expect(row.getByTestId('employee-tag-price')).toBeVisible();
  await expect(row.getByTestId('employee-tag-clients')).toHaveCount(0);
  await expect(page.getByTestId(`employee-active-${email}`)).toBeChecked();

  // Send the password, with a confirmation.
  const before = await mailFilesNow();
  await page.getByTestId(`employee-send-password-${email}`).click();
  await confirm(page);
  await expect(page.getByText('Данные для входа отправлены на почту сотрудника')).toBeVisible();
  const mail = await waitForMail(email, { after: before });
  expect(mail.subject).toContain('Доступ к личному кабинету');
  expect(mail.text).toContain(`Логин: ${email}`);
  const password = passwordFrom(mail);

  // The employee signs in elsewhere with the e-mailed password and sees the sections of orders + price only.
  const employee = await freshPage(browser);
  await signIn(employee, email, password);
  await expect(employee).not.toHaveURL(/\/login/);
  expect(await visibleNav(employee)).toEqual(['nav-orders', 'nav-clients', 'nav-pricing', 'nav-assortment', 'nav-offers', 'nav-settings']);
  await employee.goto('/partner/managers');
  await expect(employee.getByTestId('forbidden')).toBeVisible();

  // Disabled by the administrator: its session ends at once and its sign-in is refused with the server's text.
  await page.getByTestId(`employee-active-${email}`).click();
  await confirm(page);
  await expect(page.getByText('Сотрудник отключен')).toBeVisible();
  await expect(page.getByTestId(`employee-active-${email}`)).not.toBeChecked();

  await employee.goto('/partner/orderlist');
  await expect(employee).toHaveURL(/\/login/);
  await signIn(employee, email, password);
  await expect(employee.getByTestId('login-error')).toHaveText('Учётная запись отключена. Обратитесь к администратору');
  await employee.context().close();

  // Enabled again, it signs in.
  await page.getByTestId(`employee-active-${email}`).click();
  await confirm(page);
  await expect(page.getByText('Сотрудник включен')).toBeVisible();
  const again = await freshPage(browser);
  await signIn(again, email, password);
  await expect(again.getByTestId('nav-orders')).toBeVisible();
  await again.context().close();
});

test('an administrator edits an employee in the same form and deletes it after a confirmation', async ({ page }) => {
  const email = unique('edit');
  await openEmployees(page);
  await page.getByTestId('employee-add').click();
  await page.getByTestId('employee-surname').fill('Лебедева');
  await page.getByTestId('employee-name').fill('Анна');
  await page.getByTestId('employee-email').fill(email);
  await page.getByTestId('employee-save').click();
  await expect(page.getByText('Сотрудник добавлен')).toBeVisible();
  const row = page.getByTestId(`employee-row-${email}`);
  await expect(row.getByTestId('employee-tag-no-password')).toBeVisible();

  // Edit: the form opens with the employee's values.
  await page.getByTestId(`employee-edit-${email}`).click();
  await expect(page.getByTestId('employee-surname')).toHaveValue('Лебедева');
  await expect(page.getByTestId('employee-email')).toHaveValue(email);
  await expect(page.getByTestId('employee-right-orders')).toBeChecked();
  await page.getByTestId('employee-surname').fill('');
  await page.getByTestId('employee-save').click();
  await expect(page.getByTestId('employee-form').getByText('Вы не указали фамилию')).toBeVisible();
  await page.getByTestId('employee-surname').fill('Лебедева-Орлова');
  await page.getByTestId('employee-right-orders').uncheck();
  await page.getByTestId('employee-right-clients').check();
  await page.getByTestId('employee-right-loyalty').check();
  await page.getByTestId('employee-save').click();
  await expect(page.getByText('Изменения сохранены')).toBeVisible();
  await expect(row).toContainText('Лебедева-Орлова Анна');
  await expect(row.getByTestId('employee-tag-orders')).toHaveCount(0);
  await expect(row.getByTestId('employee-tag-clients')).toBeVisible();
  await expect(row.getByTestId('employee-tag-loyalty')).toBeVisible();

  // Delete: cancelling keeps it, confirming removes it.
  await page.getByTestId(`employee-delete-${email}`).click();
  await page.getByRole('button', { name: 'Отмена' }).click();
  await expect(row).toBeVisible();
  await page.getByTestId(`employee-delete-${email}`).click();
  await confirm(page);
  await expect(page.getByText('Сотрудник удален')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the administrator cannot disable or delete itself; the owner may grant ADMIN', async ({ page, browser }) => {
  await openEmployees(page);
  await expect(page.getByTestId('employee-active-admin@partner.demo')).toBeDisabled();
  await expect(page.getByTestId('employee-delete-admin@partner.demo')).toBeDisabled();

  const owner = await freshPage(browser);
  await signInAs(owner, 'owner@partner.demo', '/partner/managers');
  await owner.getByTestId('employee-add').click();
  await expect(owner.getByTestId('employee-right-admin')).toBeEnabled();
  await owner.context().close();
});

test('a failed action opens the failure dialog: an employee deleted meanwhile cannot get a password', async ({ page, request }) => {
  const email = unique('gone');
  const api = await adminApi(request);
  const created = await api.post('/v3/api/partner/employee/', { surname: 'Ушедший', name: 'Павел', email });
  expect(created.SUCCESS).toBe('Y');
  await openEmployees(page);
  await expect(page.getByTestId(`employee-row-${email}`)).toBeVisible();

  expect((await api.post('/v3/api/partner/employee/', { employee_id: String(created.ID), delete: 'Y' })).SUCCESS).toBe('Y');
  await page.getByTestId(`employee-send-password-${email}`).click();
  await confirm(page);
  await expect(page.getByTestId('employee-failure')).toHaveText('Не найдено');
  await page.getByTestId('employee-failure-ok').click();
  // The list is read again after the failure.
  await expect(page.getByTestId(`employee-row-${email}`)).toHaveCount(0);
});
