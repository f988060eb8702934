import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers';

/**
 * The shop's time zone (issue 38 §8). It moves every date the demo partner's screens show, so it runs in the
 * `shop-wide` project, after the other specs and alone: beside them it made another spec read its times in
 * Novosibirsk's zone (and this one read theirs), the flake of issue 39 §3.
 */

test.describe.configure({ timeout: 120_000 });

const saved = (page: Page) => expect(page.locator('.ant-message-notice').getByText('Настройки сохранены').last()).toBeVisible();

/** «dd.MM.yyyy HH:mm» as the minutes since the epoch of that wall clock, to compare two zones' readings. */
const wallMinutes = (text: string) => {
  const [, d, m, y, hh, mm] = /(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})/.exec(text)!;
  return Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm)) / 60_000;
};

test("the shop's time zone is chosen on the settings tab, saved, and the order card's time follows it (issue 38 §8)", async ({ page }) => {
  await signInAs(page, 'admin@partner.demo', '/partner/orderlist');
  const link = page.getByTestId('order-link').first();
  await expect(link).toBeVisible({ timeout: 30_000 });
  const cardUrl = (await link.getAttribute('href'))!;
  const cardTime = async () => {
    await page.goto(cardUrl);
    const field = page.getByTestId('order-field-date');
    await expect(field).toHaveText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/, { timeout: 30_000 });
    return wallMinutes((await field.textContent())!);
  };
  const moscow = await cardTime();

  const chooseZone = async (name: string) => {
    await page.goto('/partner/settings/my-settings');
    const zone = page.getByLabel('Часовой пояс магазина', { exact: true });
    await zone.click();
    await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
    await page.getByTestId('settings-form-save').click();
    await saved(page);
  };
  try {
    await chooseZone('Новосибирск');
    await page.reload();
    await expect(page.getByTestId('time-zone').locator('.ant-select')).toContainText('Новосибирск (МСК+4, UTC+7)');
    // Novosibirsk is four hours ahead of Moscow: the same instant reads 4 hours later.
    expect(await cardTime()).toBe(moscow + 4 * 60);
  } finally {
    await chooseZone('Москва');
  }
  expect(await cardTime()).toBe(moscow);
});
