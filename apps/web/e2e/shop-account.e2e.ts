import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { signInAs } from './helpers';
import { mailFilesNow, waitForMail, type MailFile } from './mail-files';

/*
 * Issue 13: a buyer's account flows finish inside the shop. A buyer registers on the demo shop without a password,
 * follows the e-mailed confirmation link to /shop/kancler/account, sets a password there and reaches the catalogue;
 * then asks for a recovery link, sets a new password from it and signs in with it in the shop. A staff session open
 * in the same browser stays as it was.
 */

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const SHOP = '/shop/kancler';
const OWNER = 'owner@partner.demo';

/** The shop's account link of a message, as a path and query of this site (the server builds it from PUBLIC_URL). */
function shopLinkFrom(mail: MailFile): string {
  const link = mail.text.match(/https?:\/\/\S+\/shop\/[^/\s]+\/account\?\S+/)?.[0];
  if (!link) throw new Error(`no shop account link in ${mail.file}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

const buyerSession = (page: Page) => page.evaluate(() => localStorage.getItem('b2b-shop-session:kancler'));

test('a buyer confirms its registration, sets a password and recovers it, all inside the shop', async ({ page }) => {
  // A staff session in the same browser first: the buyer's flows must leave it alone.
  await signInAs(page, OWNER);

  const email = `shop-buyer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@firma.test`;
  let before = await mailFilesNow();
  await page.goto(`${SHOP}/register`);
  await page.getByTestId('shop-register-company').fill('ООО Покупатель Магазина');
  await page.getByTestId('shop-register-name').fill('Ольга Покупкина');
  await page.getByTestId('shop-register-email').fill(email);
  await page.getByTestId('shop-register-submit').click();
  await expect(page.getByTestId('shop-notice')).toHaveText(ACCOUNT_MSG.registered);

  // The confirmation link leads into the shop (its path names it), not to the back office's /login.
  const confirm = shopLinkFrom(await waitForMail(email, { after: before, subject: /Подтверждение регистрации/ }));
  expect(confirm).toMatch(/^\/shop\/kancler\/account\?/);
  expect(confirm).toMatch(/confirm=Y/);
  expect(confirm).not.toMatch(/domain=/);
  await page.goto(confirm);

  // Registered without a password: «Задайте пароль» before the catalogue.
  await expect(page.getByTestId('shop-set-password-page')).toBeVisible();
  await expect(page.getByTestId('shop-set-password-hint')).toContainText(MSG.passwordNotSet);
  await expect(page.getByTestId('shop-set-password-hint')).toContainText(email);
  expect(await buyerSession(page)).not.toBeNull();
  await page.getByTestId('shop-set-password').fill('123');
  await page.getByTestId('shop-set-password-repeat').fill('123');
  await page.getByTestId('shop-set-submit').click();
  await expect(page.getByText(ACCOUNT_MSG.passwordTooShort)).toBeVisible();
  await page.getByTestId('shop-set-password').fill('first-pass-1');
  await page.getByTestId('shop-set-password-repeat').fill('first-pass-1');
  await page.getByTestId('shop-set-submit').click();
  await expect(page.getByTestId('nav-shop-catalog')).toBeVisible();
  await expect(page.getByTestId('shop-user')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${SHOP}$`));

  // Recovery from the shop: the link opens the shop's new-password form.
  await page.getByTestId('shop-logout').click();
  await expect(page.getByTestId('shop-login-form')).toBeVisible();
  before = await mailFilesNow();
  await page.getByTestId('shop-recovery-link').click();
  await page.getByTestId('shop-recovery-email').fill(email);
  await page.getByTestId('shop-recovery-submit').click();
  await expect(page.getByTestId('shop-notice')).toHaveText(ACCOUNT_MSG.recoverySent);
  const recovery = shopLinkFrom(await waitForMail(email, { after: before, subject: /Восстановление пароля/ }));
  expect(recovery).toMatch(/^\/shop\/kancler\/account\?/);
  expect(recovery).not.toMatch(/confirm=Y/);
  await page.goto(recovery);
  await expect(page.getByTestId('shop-reset-email')).toHaveText(email);
  await page.getByTestId('shop-reset-password').fill('second-pass-2');
  await page.getByTestId('shop-reset-password-repeat').fill('other-pass-3');
  await page.getByTestId('shop-reset-submit').click();
  await expect(page.getByText(ACCOUNT_MSG.passwordsDiffer)).toBeVisible();
  await page.getByTestId('shop-reset-password-repeat').fill('second-pass-2');
  await page.getByTestId('shop-reset-submit').click();

  // The shop's sign-in, with the server's message and the address filled in; the new password works.
  await expect(page.getByTestId('shop-notice')).toHaveText(ACCOUNT_MSG.passwordChanged);
  await expect(page.getByTestId('shop-login-email')).toHaveValue(email);
  await page.getByTestId('shop-login-password').fill('second-pass-2');
  await page.getByTestId('shop-login-submit').click();
  await expect(page.getByTestId('nav-shop-catalog')).toBeVisible();

  // The same link works once.
  await page.goto(recovery);
  await page.getByTestId('shop-reset-password').fill('third-pass-3');
  await page.getByTestId('shop-reset-password-repeat').fill('third-pass-3');
  await page.getByTestId('shop-reset-submit').click();
  await expect(page.getByTestId('shop-notice')).toHaveText(ACCOUNT_MSG.checkwordInvalid);

  // The staff session was never touched.
  await page.goto('/partner/orderlist');
  await expect(page.getByTestId('logout')).toBeVisible();
  await expect(page).toHaveURL(/\/partner\/orderlist/);
});
