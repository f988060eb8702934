import { expect, test, type Page } from '@playwright/test';
import { LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { signInAs } from './helpers';

/**
 * Delivery zones in the back office (issue 38 §4): a zone's own «Бесплатно от», its outline typed or clicked on the map,
 * and the shop's «orders outside the zones» switch, saved, and seen again after a reload. Other test files share the
 * seeded shop: the zone made here is deleted and the switch put back off.
 */

test.describe.configure({ timeout: 120_000 });

const OUTSIDE = 'Принимать заказы вне зон доставки — стоимость по согласованию';
const ZONE = 'Зона e2e за МКАД';

const saved = (page: Page, text: string) => expect(page.locator('.ant-message-notice').getByText(text).last()).toBeVisible();

test('a zone keeps its «Бесплатно от» and outline, and the shop its outside-zones switch, after a reload', async ({ page }) => {
  await signInAs(page, 'admin@partner.demo', '/partner/settings/my-shipping');

  const outside = page.getByTestId('delivery-form').getByRole('switch', { name: OUTSIDE });
  await expect(outside).not.toBeChecked();
  await outside.click();
  await page.getByTestId('delivery-form-save').click();
  await saved(page, 'Настройки сохранены');

  const zones = page.getByTestId('delivery-zones');
  await zones.getByRole('button', { name: 'Добавить зону' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Название', { exact: true }).fill(ZONE);
  await modal.getByLabel('Стоимость, ₽', { exact: true }).fill('450');
  await modal.getByLabel('Бесплатно от, ₽', { exact: true }).fill('12 345,5');
  await expect(modal.getByLabel('Бесплатно от, ₽', { exact: true })).toHaveValue('12345.5');

  // A line that is not a point is named by the form before anything is sent.
  const outline = modal.getByTestId('zone-outline');
  await outline.fill('55.70, 37.50\nМосква');
  await modal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(modal.locator('.ant-form-item-explain-error')).toHaveText([SHOP_MSG.zoneOutlineLine(2)]);
  // Two points are typed, the third is a click on the map.
  await outline.fill('55.70, 37.50\n55.80, 37.50');
  await expect(modal.getByTestId('zone-outline-map').getByTestId('zone-vertex')).toHaveCount(2);
  await modal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(modal.locator('.ant-form-item-explain-error')).toHaveText([SHOP_MSG.zoneOutlinePoints(LIMITS.deliveryZonePointsMax)]);
  await modal.getByTestId('zone-outline-map').click({ position: { x: 500, y: 60 } });
  await expect(modal.getByTestId('zone-outline-map').getByTestId('zone-vertex')).toHaveCount(3);
  await expect(outline).toHaveValue(/^55\.70, 37\.50\n55\.80, 37\.50\n-?\d+(\.\d+)?, -?\d+(\.\d+)?$/);
  const drawn = await outline.inputValue();
  await modal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(modal).toBeHidden();
  await saved(page, SHOP_MSG.zoneSaved);

  const row = zones.getByTestId('zone-row').filter({ hasText: ZONE });
  await expect(row).toContainText('12 345,50');
  await expect(row).toContainText('3 точки');

  await page.reload();
  await expect(page.getByTestId('delivery-form').getByRole('switch', { name: OUTSIDE })).toBeChecked();
  await expect(row).toContainText('450,00');
  await expect(row).toContainText('12 345,50');
  await expect(row).toContainText('3 точки');
  // A zone without a sum of its own follows the shop's.
  await expect(zones.getByTestId('zone-row').filter({ hasNotText: ZONE }).first()).toContainText('как в магазине');

  await row.getByRole('button', { name: 'Изменить' }).click();
  await expect(modal.getByLabel('Бесплатно от, ₽', { exact: true })).toHaveValue('12345.5');
  const points = drawn.split('\n').map((line) => line.split(', ').map(Number).join(', '));
  await expect(modal.getByTestId('zone-outline')).toHaveValue(points.join('\n'));
  await expect(modal.getByTestId('zone-outline-map').getByTestId('zone-vertex')).toHaveCount(3);
  await modal.getByRole('button', { name: 'Отмена' }).click();

  // Put back: the zone deleted, the switch off.
  await row.getByRole('button', { name: 'Удалить' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Удалить' }).click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('delivery-form').getByRole('switch', { name: OUTSIDE }).click();
  await page.getByTestId('delivery-form-save').click();
  await page.reload();
  await expect(page.getByTestId('delivery-form').getByRole('switch', { name: OUTSIDE })).not.toBeChecked();
});
