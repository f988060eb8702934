import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers';
import { PAYMENT_TYPE_LABEL } from '@b2b/contracts/shop';

/**
 * Shop settings (issue 6). Other test files share the seeded shop, so what other areas read (name, link,
 * domain, currency, price type, order sums) is put back as it was or left alone.
 */

// The machine may be busy with other suites: a whole settings flow gets two minutes.
test.describe.configure({ timeout: 120_000 });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The validation message shown under the field with this label. */
const fieldError = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

const saved = (page: Page) => expect(page.locator('.ant-message-notice').getByText('Настройки сохранены').last()).toBeVisible();

async function openTab(page: Page, tab: string, email = 'admin@partner.demo') {
  await signInAs(page, email, `/partner/settings/${tab}`);
}

test('/partner/settings opens the shop tab; the shop name is required and the shop tab saves', async ({ page }) => {
  await signInAs(page, 'admin@partner.demo', '/partner/settings');
  await expect(page).toHaveURL(/\/partner\/settings\/my-shop$/);
  const name = page.getByLabel('Название магазина', { exact: true });
  await expect(name).toHaveValue('Канцлер Опт');

  await name.fill('');
  await page.getByTestId('shop-form-save').click();
  await expect(fieldError(page, 'Название магазина')).toHaveText('Не указано название магазина');

  await name.fill('Канцлер Опт');
  await page.getByLabel('Часы работы', { exact: true }).fill('Пн–Пт с 9:00 до 19:00');
  await page.getByTestId('about-editor').locator('[contenteditable="true"]').first().fill('Канцтовары оптом с 2005 года');
  await page.waitForTimeout(400);
  await page.getByTestId('shop-form-save').click();
  await saved(page);

  await page.reload();
  await expect(page.getByLabel('Часы работы', { exact: true })).toHaveValue('Пн–Пт с 9:00 до 19:00');
  await expect(page.getByTestId('about-editor')).toContainText('Канцтовары оптом с 2005 года');
});

test('a shop file is uploaded into the blank slot and removed', async ({ page }) => {
  await openTab(page, 'my-shop');
  const files = page.getByTestId('shop-files');
  await expect(files.getByTestId('shop-file-slot')).toBeVisible();
  const before = await files.getByTestId('shop-file').count();

  await files
    .getByTestId('shop-file-slot')
    .locator('input[type=file]')
    .setInputFiles({ name: 'Прайс-лист.pdf', mimeType: 'application/pdf', buffer: PDF });
  const row = files.getByTestId('shop-file').filter({ hasText: 'Прайс-лист.pdf' });
  await expect(row).toHaveCount(1);
  await expect(files.getByTestId('shop-file')).toHaveCount(before + 1);

  await files.getByTestId('shop-file-slot').locator('input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PDF });
  await expect(files.getByTestId('shop-file-error')).toHaveText('Недопустимый тип файла');

  await row.getByRole('button', { name: /Удалить/ }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Удалить' }).click();
  await expect(row).toHaveCount(0);
  await expect(files.getByTestId('shop-file')).toHaveCount(before);
});

test('the payment tab needs a tax system before card payment, then saves', async ({ page }) => {
  await openTab(page, 'my-payment');
  await page.getByRole('checkbox', { name: PAYMENT_TYPE_LABEL.CARD }).check();
  const taxSystem = page.getByLabel('Система налогообложения', { exact: true });
  if (await page.locator('.ant-form-item').filter({ has: taxSystem }).locator('.ant-select-clear').count()) {
    await page.locator('.ant-form-item').filter({ has: taxSystem }).hover();
    await page.locator('.ant-form-item').filter({ has: taxSystem }).locator('.ant-select-clear').click();
  }
  await page.getByTestId('payment-form-save').click();
  await expect(fieldError(page, 'Система налогообложения')).toHaveText('Для онлайн-оплаты картой сначала выберите систему налогообложения');

  await taxSystem.click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'УСН «Доходы»' }).first().click();
  await page.getByRole('checkbox', { name: 'Использовать текст по умолчанию' }).uncheck();
  await page.getByLabel('Об оплате', { exact: true }).fill('Оплата по счету в течение 3 дней');
  await page.getByTestId('payment-form-save').click();
  await saved(page);
  await page.reload();
  await expect(page.getByLabel('Об оплате', { exact: true })).toHaveValue('Оплата по счету в течение 3 дней');
  await expect(page.getByRole('checkbox', { name: 'Использовать текст по умолчанию' })).not.toBeChecked();
});

test('the delivery tab saves, and a tradepoint is added by coordinates with its marker on the map', async ({ page }) => {
  await openTab(page, 'my-shipping');
  await page.getByRole('checkbox', { name: 'Не проверять минимальную сумму заказа' }).check();
  await page.getByLabel('Стоимость доставки, ₽', { exact: true }).fill('450');
  await page.getByTestId('delivery-form-save').click();
  await saved(page);

  const overview = page.getByTestId('tradepoints-map');
  const markersBefore = await overview.getByTestId('tradepoint-marker').count();
  await page.getByTestId('tradepoint-add').click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('geocoder-off')).toHaveText('Поиск адреса на карте не подключен: укажите широту и долготу вручную');
  await modal.getByTestId('tradepoint-address').fill('г. Москва, ул. Тверская, д. 7');
  await modal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(modal.locator('.ant-form-item-explain-error')).toContainText(['Не указан адрес или координаты']);

  await modal.getByTestId('tradepoint-latitude').fill('55,7583');
  await modal.getByTestId('tradepoint-longitude').fill('37.6112');
  await expect(modal.getByTestId('tradepoint-map').getByTestId('tradepoint-marker')).toHaveCount(1);
  await modal.getByLabel('work-hours-from').fill('9');
  await modal.getByLabel('work-hours-from').blur();
  await expect(modal.getByLabel('work-hours-from')).toHaveValue('09:00');
  await modal.getByRole('button', { name: 'Сохранить' }).click();
  await expect(modal).toBeHidden();

  await expect(page.getByTestId('tradepoint-row').filter({ hasText: 'г. Москва, ул. Тверская, д. 7' })).toHaveCount(1);
  await expect(overview.getByTestId('tradepoint-marker')).toHaveCount(markersBefore + 1);
});

test('the settings tab shows link, e-mail and currency errors under their fields and saves', async ({ page }) => {
  await openTab(page, 'my-settings');
  const link = page.getByLabel('Ссылка на магазин', { exact: true });
  await expect(link).toHaveValue('kancler');
  await link.fill('мой магазин');
  await page.getByTestId('notify-email-0').fill('orders@kancler.ru');
  await page.getByTestId('settings-form-save').click();
  await expect(fieldError(page, 'Ссылка на магазин')).toHaveText(
    'Ссылка должна содержать буквы латинского алфавита, цифровые и символьные значения, без пробелов',
  );
  await expect(
    page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('notify-checkbox') })
      .locator('.ant-form-item-explain-error'),
  ).toHaveText('Подтвердите выполнение всех действий');

  await link.fill('kancler');
  await page.getByTestId('shop-email-0').fill('not-an-email');
  await page.getByTestId('settings-form-save').click();
  await expect(
    page
      .locator('.ant-form-item')
      .filter({ has: page.getByTestId('shop-email-0') })
      .locator('.ant-form-item-explain-error')
      .first(),
  ).toHaveText('Неверный формат e-mail адреса');

  await page.getByTestId('shop-email-0').fill('sales@kancler.ru');
  await page.getByTestId('notify-checkbox').check();
  await page.getByLabel('Заголовок для поисковых систем', { exact: true }).fill('Канцлер — канцтовары оптом');
  await page.getByTestId('settings-form-save').click();
  await saved(page);

  await page.getByRole('radio', { name: 'Сайт' }).check();
  await page.getByTestId('remains-form-save').click();
  await saved(page);

  const currency = page.getByLabel('Валюта', { exact: true });
  await currency.click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Доллар США' }).click();
  await page.getByTestId('price-form-save').click();
  await expect(fieldError(page, 'Курс валюты')).toHaveText('Не указано значение курса валюты');
  await currency.click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Рубль' }).first().click();
  await page.getByTestId('price-form-save').click();
  await saved(page);

  await page.reload();
  await expect(page.getByTestId('notify-email-0')).toHaveValue('orders@kancler.ru');
  await expect(page.getByRole('radio', { name: 'Сайт' })).toBeChecked();
  await page.getByRole('radio', { name: 'Корпоративный' }).check();
  await page.getByTestId('remains-form-save').click();
  await saved(page);
});

test('the commercial offer settings are filled with a logo and a seal', async ({ page }) => {
  await openTab(page, 'my-settings-commercialoffer');
  const inn = page.getByLabel('ИНН', { exact: true });
  await inn.fill('770708389');
  await page.getByTestId('offer-form-save').click();
  await expect(fieldError(page, 'ИНН')).toHaveText('ИНН должен содержать 10 цифр (для ИП — 12)');

  await page.getByLabel('Наименование организации', { exact: true }).fill('ООО «Канцлер Опт»');
  await inn.fill('7707083893');
  await page.getByLabel('ОГРН', { exact: true }).fill('1027700132195');
  await page.getByLabel('КПП', { exact: true }).fill('773601001');
  await page.getByLabel('БИК', { exact: true }).fill('044525225');
  await page.getByLabel('Корреспондентский счет', { exact: true }).fill('30101810400000000225');
  await page.getByLabel('Расчетный счет', { exact: true }).fill('40702810400000000225');
  await page.getByRole('checkbox', { name: 'Фото товаров' }).check();
  await page.getByLabel('Срок действия, рабочих дней', { exact: true }).fill('10');
  await page.getByTestId('offer-logo').locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('offer-stamp').locator('input[type=file]').setInputFiles({ name: 'печать.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('offer-logo-img')).toBeVisible();
  await page.getByTestId('offer-form-save').click();
  await expect(page.locator('.ant-message-notice').getByText('Настройки коммерческого предложения сохранены')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('ИНН', { exact: true })).toHaveValue('7707083893');
  const logo = page.getByTestId('offer-logo-img');
  const seal = page.getByTestId('offer-stamp-img');
  await expect(logo).toBeVisible();
  await expect(seal).toBeVisible();
  expect((await logo.boundingBox())?.height).toBe(24);
  expect(await seal.boundingBox()).toMatchObject({ width: 150, height: 93 });
});

test('a role without the edit right sees the settings with the forms switched off', async ({ page }) => {
  await openTab(page, 'my-shop', 'orders@partner.demo');
  await expect(page.getByLabel('Название магазина', { exact: true })).toBeDisabled();
  await expect(page.getByTestId('shop-form-save')).toBeDisabled();
  await expect(page.getByTestId('shop-form-readonly')).toBeVisible();
  await page.goto('/partner/settings/my-shipping');
  await expect(page.getByTestId('tradepoint-add')).toBeDisabled();
  await page.goto('/partner/settings/my-settings');
  await expect(page.getByTestId('price-form-save')).toBeDisabled();
});

test('the settings screen reopens on the tab last viewed, after a reload and coming back from another screen (issue 39 §3)', async ({ page }) => {
  await signInAs(page, 'admin@partner.demo', '/partner/settings');
  await expect(page).toHaveURL(/\/partner\/settings\/my-shop$/);
  await page.getByRole('tab', { name: 'Оплата' }).click();
  await expect(page).toHaveURL(/\/partner\/settings\/my-payment$/);
  await page.goto('/partner/orderlist');
  await page.goto('/partner/settings');
  await expect(page).toHaveURL(/\/partner\/settings\/my-payment$/);
  await page.reload();
  await expect(page).toHaveURL(/\/partner\/settings\/my-payment$/);

  await page.goto('/partner/settings/my-settings-commercialoffer');
  await expect(page.getByRole('tab', { name: 'Коммерческое предложение' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/partner/orderlist');
  await page.getByTestId('nav-settings').click();
  await expect(page).toHaveURL(/\/partner\/settings\/my-settings-commercialoffer$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'settings_page')!;
  expect(cookie).toMatchObject({ value: 'my-settings-commercialoffer', path: '/' });
  // A month (the partner area's saved state), give or take the test's own minutes.
  expect(Math.round((cookie.expires - Date.now() / 1000) / 86400)).toBe(30);
});

test("the settings tab shows the shop's instructions with its own link and marks what is done (issue 39 §3)", async ({ page, baseURL }) => {
  await openTab(page, 'my-settings');
  const block = page.getByTestId('shop-instructions');
  await expect(block).toContainText('Инструкции по настройке магазина');
  await expect(block.getByTestId('instruction-SHOP_LINK')).toHaveText('Ссылка на магазин');
  await expect(block.getByTestId('instruction-SHOP_LINK')).toHaveAttribute('data-done', 'Y');
  await expect(block.getByTestId('instruction-DOMAIN')).toHaveText('Собственный домен');
  await expect(block.getByTestId('instruction-MAIL')).toHaveText('Почта для уведомлений о заказах');
  await block.getByTestId('instruction-SHOP_LINK').click();
  await expect(block.getByTestId('instruction-steps-SHOP_LINK')).toContainText(`${baseURL}/shop/kancler`);
  // A part not done yet is open from the start; a done one opens on a click.
  if ((await block.getByTestId('instruction-MAIL').getAttribute('data-done')) === 'Y') await block.getByTestId('instruction-MAIL').click();
  const mail = block.getByTestId('instruction-steps-MAIL');
  await expect(mail).toContainText('добавьте его в адресную книгу');
  await expect(mail).toContainText('Отметьте, что выполнили все действия');
});

test('the tradepoint form keeps the house to 3 characters, the building to 2, a phone to 20 and its comment to 30 (issue 39 §3)', async ({
  page,
}) => {
  await openTab(page, 'my-shipping');
  await page.getByTestId('tradepoint-add').click();
  const modal = page.getByRole('dialog');
  await modal.getByTestId('tradepoint-house').fill('12/34');
  await expect(modal.getByTestId('tradepoint-house')).toHaveValue('12/');
  await modal.getByTestId('tradepoint-building').pressSequentially('123');
  await expect(modal.getByTestId('tradepoint-building')).toHaveValue('12');
  await modal.getByRole('button', { name: 'Добавить телефон' }).click();
  const phone = modal.getByTestId('tradepoint-phones').getByLabel('Телефон', { exact: true });
  // The phone mask keeps a number to «+7 (XXX) XXX-XX-XX» (18), within the 20 the server takes.
  await expect(phone).toHaveAttribute('maxlength', '20');
  await phone.fill('8 495 100 00 01 55 66');
  await expect(phone).toHaveValue('+7 (495) 100-00-01');
  const comment = modal.getByTestId('tradepoint-phones').getByLabel('Комментарий', { exact: true });
  await comment.fill('Склад на Тверской, вход со двора, третий этаж');
  await expect(comment).toHaveValue('Склад на Тверской, вход со дво');
  await modal.getByRole('button', { name: 'Отмена' }).click();
  await expect(modal).toBeHidden();
});
