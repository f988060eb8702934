import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers';

/*
 * The old binary Excel (.xls) is treated the same by the web and the server (issue 39 §3): the price, remains, promo and
 * exclusion fields refuse it before anything is sent, with «Сохраните файл в формате .xlsx или .csv», and their file
 * choosers offer only .xlsx and .csv. Nothing here changes data.
 */

test.describe.configure({ timeout: 120_000 });

const OLD_EXCEL = 'Сохраните файл в формате .xlsx или .csv';
/** An OLE2 compound file, as Excel 97–2003 writes one. */
const XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from('Workbook', 'utf16le')]);
const XLS_MIME = 'application/vnd.ms-excel';

/** Counts the uploads (POSTs with a file) the page sends from now on. */
function countUploads(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && (request.headers()['content-type'] ?? '').startsWith('multipart/form-data')) sent.push(request.url());
  });
  return sent;
}

test('the price and remains files refuse an .xls before upload, and offer only .xlsx and .csv', async ({ page }) => {
  await signInAs(page, 'price@partner.demo', '/partner/pricing/pricelist?id=personal_price');
  const price = page.getByTestId('price-file-price');
  await expect(price.getByTestId('file-upload')).toBeVisible({ timeout: 30_000 });
  await expect(price.locator('input[type="file"]')).toHaveAttribute('accept', '.xlsx,.csv');
  const uploads = countUploads(page);

  await price.locator('input[type="file"]').setInputFiles({ name: 'Прайс.xls', mimeType: XLS_MIME, buffer: XLS });
  await expect(price.getByTestId('upload-refused')).toContainText(OLD_EXCEL);
  await expect(page.getByTestId('upload-method')).toHaveCount(0);

  const remains = page.getByTestId('price-file-remain');
  await remains.locator('input[type="file"]').setInputFiles({ name: 'Остатки.XLS', mimeType: XLS_MIME, buffer: XLS });
  await expect(remains.getByTestId('upload-refused')).toContainText(OLD_EXCEL);
  await expect(page.getByTestId('upload-method')).toHaveCount(0);
  expect(uploads).toEqual([]);
});

test("the offer form's promo file refuses an .xls on its field before the offer is sent", async ({ page }) => {
  await signInAs(page, 'price@partner.demo', '/partner/offers/create');
  const field = page.getByTestId('offer-xls');
  await expect(field.getByTestId('offer-xls-choose')).toBeVisible({ timeout: 30_000 });
  await expect(field).toContainText('Файл .xlsx или .csv');
  await expect(field.locator('input[type="file"]')).toHaveAttribute('accept', '.xlsx,.csv');
  const uploads = countUploads(page);

  await field.locator('input[type="file"]').setInputFiles({ name: 'Акция.xls', mimeType: XLS_MIME, buffer: XLS });
  await expect(field.getByTestId('offer-xls-refused')).toHaveText(OLD_EXCEL);
  await expect(field.getByTestId('offer-xls-name')).toHaveCount(0);
  expect(uploads).toEqual([]);
});

test('the delivery exclusion file refuses an .xls before upload', async ({ page }) => {
  await signInAs(page, 'admin@partner.demo', '/partner/settings/my-shipping');
  const card = page.getByTestId('delivery-exclude');
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.locator('input[type="file"]')).toHaveAttribute('accept', '.xlsx,.csv');
  const uploads = countUploads(page);
  await card.locator('input[type="file"]').setInputFiles({ name: 'Исключения.xls', mimeType: XLS_MIME, buffer: XLS });
  await expect(card).toContainText(OLD_EXCEL);
  expect(uploads).toEqual([]);
});
