import { expect, test } from '@playwright/test';
import { signIn, signInAndWait } from './helpers';

test('a guest is sent to /login with back_url and lands back after sign-in', async ({ page }) => {
  await page.goto('/partner/clients/groups');
  await expect(page).toHaveURL(/\/login\?back_url=%2Fpartner%2Fclients%2Fgroups/);
  await signIn(page, 'owner@partner.demo');
  await expect(page).toHaveURL(/\/partner\/clients\/groups$/);
});

test('a wrong password shows the spec message and keeps the user on /login', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'owner@partner.demo', 'wrong-password');
  await expect(page.getByText('Неправильный логин или пароль')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('the login form asks for the e-mail and the password', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Вы не указали e-mail')).toBeVisible();
  await expect(page.getByText('Вы не указали пароль')).toBeVisible();
});

test('sign-out clears the saved state cookies and the session', async ({ page, context }) => {
  await signInAndWait(page, 'admin@partner.demo');
  const url = new URL(page.url());
  await context.addCookies(['columnId', 'pricelistId', 'params_clients'].map((name) => ({ name, value: '1', domain: url.hostname, path: '/' })));
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  const names = (await context.cookies()).map((c) => c.name);
  for (const name of ['columnId', 'pricelistId', 'params_clients']) expect(names).not.toContain(name);
  await page.goto('/partner/orderlist');
  await expect(page).toHaveURL(/\/login\?back_url=/);
});

test('/partner goes to the order list, /login while signed in returns to /, unknown paths show 404', async ({ page }) => {
  await signInAndWait(page, 'owner@partner.demo');
  await page.goto('/partner');
  await expect(page).toHaveURL(/\/partner\/orderlist$/);
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/no/such/page');
  await expect(page.getByText('Страница не найдена')).toBeVisible();
});
