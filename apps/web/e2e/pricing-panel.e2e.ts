import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { LIMITS } from '@b2b/contracts/limits';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import { signInAs } from './helpers';

/*
 * The pricing panel of a price list and of a client (/partner/pricing/pricelist?id=…, /partner/pricing/client?id=…).
 * Each test makes its own price list through the API (price type PURCHASE, two decimals, no markup: a product's
 * price is its purchase price until the test changes it) and, when it needs one, prices its own client by it
 * (clients from the 20th by name A→Я; other files take the first and the last ones). Nothing here changes the demo
 * lists, except that the remains test cancels its upload before applying it.
 */

const HEADERS = {
  PRICE: ['Код товара', 'Наименование', 'Закупочная цена', 'Текущая цена', 'Цена на сайте', 'Скидка/наценка, %'],
  PERSONAL: ['Код товара', 'Наименование', 'Закупочная цена', 'Индивидуальная цена'],
  REMAIN: ['Код товара', 'Наименование', 'Остаток'],
};

interface Product {
  ID: number;
  UP_CODE_1C: string;
  NAME: string;
  PURCHASE_PRICE: string;
  PRICE: string;
}
interface Section {
  ID: number;
  NAME: string;
  DEPTH: number;
  PRODUCTS_CNT: number;
}

/** Kopecks of a decimal string ("123.45" → 12345). */
const cents = (value: string) => Math.round(Number(value) * 100);
/** As the screen shows money: "1 234,50". */
const money = (kopecks: number) =>
  `${String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(kopecks % 100).padStart(2, '0')}`;
/** A price raised by a whole percent, rounded half up to kopecks. */
const withPercent = (value: string, percent: number) => Math.round((cents(value) * (100 + percent)) / 100);
/** The shop's day (Moscow) `days` from now, as the screen shows it: from 21:00 UTC on, Moscow is a day ahead. */
const inDays = (days: number) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Прайс');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The API as the signed-in user of the page. */
async function apiOf(page: Page) {
  const token = (await page.context().cookies()).find((c) => c.name === 'access_token')!.value;
  const headers = { Authorization: `Bearer ${token}` };
  const get = async <T>(path: string): Promise<T> => {
    const res = await page.request.get(`/v3/api${path}`, { headers });
    expect(res.status(), path).toBe(200);
    return res.json() as Promise<T>;
  };
  const post = async <T>(path: string, form: Record<string, string | number>): Promise<T> =>
    (await page.request.post(`/v3/api${path}`, { headers, form })).json() as Promise<T>;
  const api = {
    get,
    post,
    /** A new price list of this test, priced from the purchase price. */
    async createList(name: string): Promise<number> {
      const answer = await post<{ SUCCESS: string; ID: number }>('/partner/pricelist/', {
        name,
        price_type: 'PURCHASE',
        rounding: 'TWO_DECIMAL',
        unit: 'RUB',
      });
      expect(answer.SUCCESS).toBe('Y');
      return answer.ID;
    },
    /** The n-th active client by name, priced by the list (and no column). */
    async clientOf(n: number, listId: number): Promise<{ ID: number; NAME: string }> {
      const list = await get<{ ITEMS: { ID: number; NAME: string }[] }>('/partner/client/?sort=NAME&order=ASC&limit=36');
      const client = list.ITEMS.filter((c) => !c.NAME.includes('Ромашка'))[n];
      const set = await post<{ SUCCESS: string }>(`/partner/client/${client.ID}/`, { price_type: listId, column_id: 0, check: 'Y' });
      expect(set.SUCCESS).toBe('Y');
      return client;
    },
    /** A third-level section with a few products (the first by id). */
    async leafSection(listId: number | string): Promise<Section> {
      const tree = await get<{ ITEMS: Section[] }>(`/partner/pricing/sections/pricelist/${listId}/`);
      return tree.ITEMS.filter((s) => s.DEPTH === 3 && s.PRODUCTS_CNT >= 3).sort((a, b) => a.ID - b.ID)[0];
    },
    async products(type: string, id: number | string, sectionId: number, limit = 3): Promise<Product[]> {
      return (await get<{ ITEMS: Product[] }>(`/partner/pricing/section/${type}/${id}/${sectionId}/?limit=${limit}`)).ITEMS;
    },
    async status(path: string): Promise<{ CATALOG: { STATUS: string | null }; PRICE: { STATUS: string | null }; UPLOAD: { ID: number } | null }> {
      return get(`/partner/pricing/status/${path}/`);
    },
    /** Uploads a file and applies it, as the screen would, waiting for both jobs. */
    async uploadAndApply(path: string, file: Buffer, period: string) {
      const res = await page.request.post(`/v3/api/partner/pricing/excel/${path}/`, {
        headers,
        multipart: {
          keep: 'N',
          period,
          file: { name: 'prices.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file },
        },
      });
      expect((await res.json()).SUCCESS).toBe('Y');
      await expect.poll(async () => (await api.status(path)).CATALOG.STATUS, { timeout: 30_000 }).toBe('FINISHED');
      expect((await post<{ SUCCESS: string }>(`/partner/pricing/upload/${path}/`, { action: 'apply' })).SUCCESS).toBe('Y');
      await expect.poll(async () => (await api.status(path)).PRICE.STATUS, { timeout: 30_000 }).toBe('FINISHED');
    },
  };
  return api;
}

const panel = (page: Page) => page.getByTestId('price-panel');
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });
const row = (page: Page, code: string) => page.getByTestId(`product-row-${code}`);
const col = (r: Locator, name: string) => r.locator(`[data-col="${name}"]`);
const fileBlock = (page: Page, part = 'price') => page.getByTestId(`price-file-${part}`);

async function openPanel(page: Page, type: 'pricelist' | 'client', id: number | string) {
  await page.goto(`/partner/pricing/${type}?id=${id}`);
  // The first load of the app (antd) can be slow on a busy machine.
  await expect(panel(page).getByTestId('section-tree')).toBeVisible({ timeout: 30_000 });
}

/** Finds the section by name in the tree, opens it and shows the product with this code. */
async function openProduct(page: Page, section: Section, code: string): Promise<Locator> {
  const shown = page.getByTestId('section-products');
  if ((await shown.count()) === 0 || (await shown.getAttribute('data-section')) !== String(section.ID)) {
    await page.getByTestId('section-search').locator('input').fill(section.NAME);
    await page.getByTestId(`section-${section.ID}`).click();
    await expect(page.getByTestId('section-products')).toHaveAttribute('data-section', String(section.ID));
  }
  await page.getByTestId('product-search').locator('input').fill(code);
  await expect(page.getByTestId('products-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  return row(page, code);
}

async function chooseFile(page: Page, part: string, name: string, buffer: Buffer) {
  await fileBlock(page, part)
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await expect(page.getByTestId('upload-method')).toBeVisible();
}

// Each test walks a whole flow, jobs included; on a busy machine that takes longer than the default 45 s.
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'owner@partner.demo');
});

test("the section tree says its totals (action=total): its sections and products, and the sections with this list's own markup (issue 39 §3)", async ({
  page,
}) => {
  const api = await apiOf(page);
  const listId = await api.createList(`E2E итоги ${Date.now()}`);
  const section = await api.leafSection(listId);
  const { TOTAL } = await api.get<{ TOTAL: { SECTIONS: number; PRODUCTS: number } }>(`/partner/pricing/sections/pricelist/${listId}/?action=total`);
  // Thousands apart, as the screen writes them (groupThousands): «2 934».
  const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ' ');
  await openPanel(page, 'pricelist', listId);
  const total = page.getByTestId('sections-total');
  await expect(total).toContainText(`${grouped(TOTAL.SECTIONS)} раздел`);
  await expect(total).toContainText(`${grouped(TOTAL.PRODUCTS)} товар`);
  await expect(total).not.toContainText('с наценкой');

  await page.getByTestId('section-search').locator('input').fill(section.NAME);
  await page.getByTestId(`section-${section.ID}`).click();
  await page.getByTestId('section-rate-input').fill('7');
  await page.getByTestId('section-rate-save').click();
  await expect(total).toContainText('с наценкой: 1');
});

test("a section markup on a list changes the price of the client it prices; a product's rate and a client's point price", async ({ page }) => {
  const api = await apiOf(page);
  const listId = await api.createList(`E2E наценки ${Date.now()}`);
  const client = await api.clientOf(20, listId);
  const section = await api.leafSection(listId);
  const [product] = await api.products('pricelist', listId, section.ID);
  expect(product.PRICE).toBe(product.PURCHASE_PRICE);

  await openPanel(page, 'pricelist', listId);
  let r = await openProduct(page, section, product.UP_CODE_1C);
  await expect(col(r, 'PRICE')).toHaveText(money(cents(product.PURCHASE_PRICE)));

  // The section's markup: saved, shown in the tree, and the price follows.
  await page.getByTestId('section-rate-input').fill('1000');
  await expect(page.getByTestId('section-rate-input')).toHaveValue('100');
  await page.getByTestId('section-rate-input').fill('10,5');
  await expect(page.getByTestId('section-rate-input')).toHaveValue('10.5');
  await page.getByTestId('section-rate-input').fill('10');
  await page.getByTestId('section-rate-save').click();
  await expect(toast(page, PRICING_MSG.sectionSaved)).toBeVisible();
  await expect(page.getByTestId(`section-${section.ID}`)).toHaveAttribute('data-percent', '10.00');
  await expect(col(r, 'PRICE')).toHaveText(money(withPercent(product.PURCHASE_PRICE, 10)));
  await expect(col(r, 'SOURCE')).toContainText('Наценка раздела');

  // The client priced by the list sees it: its page shows the list's percent, read only, and the new price.
  await openPanel(page, 'client', client.ID);
  await expect(page.getByTestId('page-title')).toHaveText(client.NAME);
  r = await openProduct(page, section, product.UP_CODE_1C);
  await expect(page.getByTestId('section-rate-readonly')).toContainText('10 %');
  await expect(page.getByTestId('section-rate-input')).toHaveCount(0);
  await expect(col(r, 'PRICE')).toHaveText(money(withPercent(product.PURCHASE_PRICE, 10)));

  // A point price below the purchase price: saved with the warning; deleted, the list's price is back.
  await r.getByTestId('product-price-edit').click();
  await page.getByTestId('product-price-input').fill('0,01');
  await page.getByTestId('product-price-ok').click();
  await expect(page.locator('.ant-notification').getByText(PRICING_MSG.personalAbovePurchase)).toBeVisible();
  await expect(col(r, 'PRICE')).toHaveText('0,01');
  await expect(col(r, 'SOURCE')).toContainText('Индивидуальная цена');
  await r.getByTestId('product-price-delete').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Да' }).click();
  await expect(col(r, 'PRICE')).toHaveText(money(withPercent(product.PURCHASE_PRICE, 10)));

  // Back on the list: a product's own rate wins; a new section percent then warns, and the rates go on request.
  await openPanel(page, 'pricelist', listId);
  r = await openProduct(page, section, product.UP_CODE_1C);
  await r.getByTestId('product-price-edit').click();
  await page.getByTestId('product-price-input').fill('20');
  await page.getByTestId('product-price-ok').click();
  await expect(toast(page, PRICING_MSG.productRateSaved)).toBeVisible();
  await expect(col(r, 'PRICE')).toHaveText(money(withPercent(product.PURCHASE_PRICE, 20)));
  await expect(page.getByTestId(`section-${section.ID}`)).toHaveAttribute('data-individual', 'Y');
  await page.getByTestId('section-rate-input').fill('5');
  await page.getByTestId('section-rate-save').click();
  const warning = page.getByTestId('section-individual-warning');
  await expect(warning).toContainText(PRICING_MSG.sectionHasIndividual);
  await expect(col(r, 'PRICE')).toHaveText(money(withPercent(product.PURCHASE_PRICE, 20)));
  await warning.getByTestId('section-individual-delete').click();
  await expect(toast(page, PRICING_MSG.individualDeleted)).toBeVisible();
  await expect(col(r, 'PRICE')).toHaveText(money(withPercent(product.PURCHASE_PRICE, 5)));
  await expect(page.getByTestId(`section-${section.ID}`)).toHaveAttribute('data-individual', 'N');
});

test('a valid price file: its preview, apply on confirmation, the prices change; rolled back from the history, they are back', async ({ page }) => {
  const api = await apiOf(page);
  const listId = await api.createList(`E2E файл ${Date.now()}`);
  const section = await api.leafSection(listId);
  const products = await api.products('pricelist', listId, section.ID);
  // Two prices change (one up by 1 234,50, one down by 10 %), the third line repeats the price the list computes.
  const raised = money(cents(products[0].PURCHASE_PRICE) + 123_450);
  const file = await xlsx([
    HEADERS.PRICE,
    [products[0].UP_CODE_1C, products[0].NAME, null, null, raised, null],
    [products[1].UP_CODE_1C, products[1].NAME, null, null, null, '-10'],
    [products[2].UP_CODE_1C, products[2].NAME, null, null, products[2].PRICE.replace('.', ','), null],
  ]);

  await openPanel(page, 'pricelist', listId);
  await chooseFile(page, 'price', 'цены.xlsx', file);
  await page.getByTestId('upload-keep-N').click();
  await page.getByTestId('upload-period-14').click();
  await page.getByTestId('upload-method-ok').click();

  const preview = page.getByTestId('upload-preview');
  await expect(preview).toBeVisible({ timeout: 30_000 });
  // The counters against the prices the list computes now (issue 38.3), as the screen names them.
  const stat = (key: string) => preview.getByTestId(`preview-${key}`);
  for (const [key, label, value] of [
    ['ROWS', 'Строк в файле', '3'],
    ['UP', 'Вырастет', '1'],
    ['DOWN', 'Снизится', '1'],
    ['SAME', 'Без изменений', '1'],
    ['NEW', 'Новых', '0'],
    ['REMOVED', 'Будут удалены', '0'],
  ]) {
    await expect(stat(key).locator('.ant-statistic-title')).toHaveText(label);
    await expect(stat(key).locator('.ant-statistic-content')).toHaveText(value);
  }
  await expect(preview.getByTestId('preview-top')).toContainText(products[0].UP_CODE_1C);
  await expect(preview.getByTestId('preview-top')).toContainText(raised);
  // Nothing changes before the user confirms.
  let r = await openProduct(page, section, products[0].UP_CODE_1C);
  await expect(col(r, 'PRICE')).toHaveText(money(cents(products[0].PURCHASE_PRICE)));

  await preview.getByTestId('upload-apply').click();
  await expect(fileBlock(page).getByTestId('upload-state')).toHaveAttribute('data-phase', 'applied', { timeout: 30_000 });
  // «Применено»: the two prices that changed (rise + fall), while all three lines are loaded.
  await expect(fileBlock(page).getByTestId('upload-state')).toContainText('Применено: 2 позиции');
  await expect(fileBlock(page).getByTestId('loaded-count')).toHaveText('3 товара');
  await expect(fileBlock(page).getByTestId('loaded-until')).toHaveText(inDays(14));
  await expect(col(r, 'PRICE')).toHaveText(raised);
  await expect(col(r, 'SOURCE')).toContainText('Цена из Excel');
  r = await openProduct(page, section, products[1].UP_CODE_1C);
  await expect(col(r, 'PRICE')).toHaveText(money(withPercent(products[1].PURCHASE_PRICE, -10)));

  // The history: the upload applied, 3 rows of 14 days; rolled back, the prices are the list's again.
  await fileBlock(page).getByTestId('history-open').click();
  const history = page.getByTestId('upload-history');
  const latest = history.locator('tbody tr.ant-table-row').first();
  await expect(latest).toContainText('цены.xlsx');
  await expect(latest).toContainText('14 дн.');
  await expect(latest.locator('[data-col="STATE"]')).toHaveText('Применена');
  await expect(latest.locator('[data-col="SOURCE"]')).toHaveText('Excel');
  await latest.getByTestId('history-rollback').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Откатить' }).click();
  // The rollback is a job: the history follows it until the prices are back.
  await expect(toast(page, PRICING_MSG.rollbackQueued)).toBeVisible();
  await expect(latest.locator('[data-col="STATE"]')).toHaveText('Откачена', { timeout: 30_000 });
  await expect(latest.getByTestId('history-rollback')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(fileBlock(page).getByTestId('upload-state')).toHaveAttribute('data-phase', 'rolledBack', { timeout: 30_000 });
  await expect(fileBlock(page).getByTestId('loaded')).toHaveAttribute('data-count', '0');
  await expect(col(r, 'PRICE')).toHaveText(money(cents(products[1].PURCHASE_PRICE)));
});

test('a broken price file: the bad lines are named with their reasons, nothing is changed', async ({ page }) => {
  const api = await apiOf(page);
  const listId = await api.createList(`E2E ошибки ${Date.now()}`);
  const section = await api.leafSection(listId);
  const products = await api.products('pricelist', listId, section.ID);
  const file = await xlsx([
    HEADERS.PRICE,
    ['12345a', 'Плохой код', null, null, '10', null],
    [products[0].UP_CODE_1C, 'И цена, и процент', null, null, '10', '5'],
    [products[1].UP_CODE_1C, 'Хороший', null, null, '10', null],
    [products[1].UP_CODE_1C, 'Повтор', null, null, '11', null],
  ]);

  await openPanel(page, 'pricelist', listId);
  await chooseFile(page, 'price', 'ошибки.xlsx', file);
  await page.getByTestId('upload-method-ok').click();
  const errors = page.getByTestId('upload-errors');
  await expect(errors).toBeVisible({ timeout: 30_000 });
  await expect(errors).toContainText('Ничего не изменено');
  await expect(errors.getByTestId('upload-error-2')).toContainText(PRICING_MSG.row.code);
  await expect(errors.getByTestId('upload-error-3')).toContainText(PRICING_MSG.row.both);
  await expect(errors.getByTestId('upload-error-5')).toContainText(PRICING_MSG.row.duplicate);
  await expect(errors.getByTestId('upload-error-4')).toHaveCount(0);
  await expect(errors.getByTestId('upload-errors-file')).toBeVisible();
  await expect(page.getByTestId('upload-apply')).toHaveCount(0);
  await expect(fileBlock(page).getByTestId('loaded')).toHaveAttribute('data-count', '0');
  const r = await openProduct(page, section, products[1].UP_CODE_1C);
  await expect(col(r, 'PRICE')).toHaveText(money(cents(products[1].PURCHASE_PRICE)));
  await expect(col(r, 'SOURCE')).not.toContainText('Excel');

  // A file that is not a spreadsheet is refused before it is sent.
  await fileBlock(page)
    .locator('input[type="file"]')
    .setInputFiles({ name: 'prices.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(page.getByTestId('upload-refused')).toContainText('Неподдерживаемый формат файла');
  await expect(page.getByTestId('upload-method')).toHaveCount(0);
});

test('loaded prices are prolonged 7/14/21 days or termless, and reset with a confirmation', async ({ page }) => {
  const api = await apiOf(page);
  const listId = await api.createList(`E2E продление ${Date.now()}`);
  const section = await api.leafSection(listId);
  const [product] = await api.products('pricelist', listId, section.ID);
  await api.uploadAndApply(`pricelist/${listId}`, await xlsx([HEADERS.PRICE, [product.UP_CODE_1C, '', null, null, '777', null]]), '7');

  await openPanel(page, 'pricelist', listId);
  const block = fileBlock(page);
  await expect(block.getByTestId('loaded-count')).toHaveText('1 товар');
  await expect(block.getByTestId('loaded-until')).toHaveText(inDays(7));
  const r = await openProduct(page, section, product.UP_CODE_1C);
  await expect(col(r, 'PRICE')).toHaveText('777,00');

  // The current file: a job with its progress, then the .xlsx the upload takes back, with the loaded price.
  const downloading = page.waitForEvent('download');
  await block.getByTestId('file-download').click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync(await (await downloading).path()) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((line) => rows.push((line.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(HEADERS.PRICE);
  expect(rows.find((line) => line[0] === product.UP_CODE_1C)?.slice(3, 5)).toEqual([777, 777]);

  await block.getByTestId('prolong').click();
  await page.getByTestId('prolong-21').click();
  await expect(toast(page, PRICING_MSG.prolonged)).toBeVisible();
  await expect(block.getByTestId('loaded-until')).toHaveText(inDays(21));
  await block.getByTestId('prolong').click();
  await page.getByTestId('prolong-0').click();
  await expect(block.getByTestId('loaded-until')).toHaveText('бессрочно');

  await block.getByTestId('file-reset').click();
  await expect(page.locator('.ant-modal-confirm')).toContainText('Цены, загруженные из файла, будут сброшены');
  await page.getByTestId('reset-ok').click();
  await expect(toast(page, PRICING_MSG.reset)).toBeVisible();
  await expect(block.getByTestId('loaded')).toHaveAttribute('data-count', '0');
  await expect(block.getByTestId('file-reset')).toHaveCount(0);
  await expect(col(r, 'PRICE')).toHaveText(money(cents(product.PURCHASE_PRICE)));
});

test('a YML link: created, served as a valid YML catalogue with the list prices, refused past the limit, switched off', async ({ page }) => {
  const api = await apiOf(page);
  const listId = await api.createList(`E2E YML ${Date.now()}`);
  const section = await api.leafSection(listId);
  const [product] = await api.products('pricelist', listId, section.ID);

  await openPanel(page, 'pricelist', listId);
  await page.getByTestId('yml-create').click();
  await expect(toast(page, PRICING_MSG.ymlCreated)).toBeVisible();
  const link = page.getByTestId('yml').locator('[data-testid^="yml-link-"]');
  await expect(link).toHaveCount(1);
  const url = (await link.getByTestId('yml-url').getAttribute('data-url'))!;
  await expect(link.getByTestId('yml-url')).toHaveText(url);
  expect(url).toMatch(new RegExp(`^${new URL(page.url()).origin}/yml/[\\w-]+\\.xml$`));

  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('xml');
  const parsed = await page.evaluate(
    ([xml, id]) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const offer = [...doc.getElementsByTagName('offer')].find((o) => o.getAttribute('id') === id);
      return {
        root: doc.documentElement.nodeName,
        errors: doc.getElementsByTagName('parsererror').length,
        offers: doc.getElementsByTagName('offer').length,
        price: offer?.getElementsByTagName('price')[0]?.textContent ?? null,
      };
    },
    [await feed.text(), String(product.ID)] as const,
  );
  expect(parsed).toMatchObject({ root: 'yml_catalog', errors: 0, price: product.PRICE });
  expect(parsed.offers).toBeGreaterThan(100);

  // The partner's live links are limited: past the limit the refusal shows in place, in the YML block (issue 39 §3).
  const made: number[] = [];
  for (let i = 0; i < LIMITS.ymlLinksMax; i++) {
    const answer = await api.post<{ SUCCESS: string; ITEMS?: { ID: number }[] }>(`/partner/pricing/yml/pricelist/${listId}/`, { action: 'create' });
    if (answer.SUCCESS !== 'Y') break;
    made.push(answer.ITEMS!.at(-1)!.ID);
  }
  await page.reload();
  await expect(page.getByTestId('yml-create')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('yml-create').click();
  const ymlBlock = page.getByTestId('yml');
  await expect(ymlBlock.getByTestId('yml-refused')).toHaveText(PRICING_MSG.ymlLimit(LIMITS.ymlLinksMax));
  await expect(ymlBlock.getByTestId('yml-refusal')).toContainText('Ссылка не создана');
  await expect(page.locator('.ant-modal')).toHaveCount(0);
  await ymlBlock
    .getByTestId('yml-refusal')
    .getByRole('button', { name: /close|закрыть/i })
    .click();
  await expect(ymlBlock.getByTestId('yml-refusal')).toHaveCount(0);
  for (const id of made) await api.post(`/partner/pricing/yml/pricelist/${listId}/`, { action: 'delete', id });

  // Switched off, the link no longer serves.
  await page.reload();
  await expect(link).toHaveCount(1, { timeout: 30_000 });
  await link.getByTestId('yml-off').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Отключить' }).click();
  await expect(toast(page, PRICING_MSG.ymlDeactivated)).toBeVisible();
  await expect(link).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
});

test("the base list's remains: a file previewed and cancelled; a client's personal file warns below the purchase price", async ({ page }) => {
  const api = await apiOf(page);
  await openPanel(page, 'pricelist', 'personal_price');
  await expect(fileBlock(page, 'multiplicity')).toBeVisible();
  const section = await api.leafSection('personal_price');
  const products = await api.products('pricelist', 'personal_price', section.ID, 2);

  await chooseFile(page, 'remain', 'остатки.xlsx', await xlsx([HEADERS.REMAIN, [products[0].UP_CODE_1C, '', 15], [products[1].UP_CODE_1C, '', 0]]));
  await expect(page.getByTestId('upload-period-0')).toHaveCount(0);
  await page.getByTestId('upload-method-ok').click();
  const preview = fileBlock(page, 'remain').getByTestId('upload-preview');
  await expect(preview.getByTestId('preview-ROWS')).toContainText('2', { timeout: 30_000 });
  await preview.getByTestId('upload-cancel').click();
  await expect(toast(page, PRICING_MSG.cancelled)).toBeVisible();
  await expect(fileBlock(page, 'remain').getByTestId('upload-state')).toHaveAttribute('data-phase', 'cancelled');

  // A client's personal prices from a file: the preview warns of prices below the purchase price; cancelled.
  const listId = await api.createList(`E2E клиент ${Date.now()}`);
  const client = await api.clientOf(22, listId);
  await openPanel(page, 'client', client.ID);
  await expect(page.getByTestId('pricing-item-kind')).toHaveText('Цены клиента');
  await chooseFile(page, 'price', 'клиент.xlsx', await xlsx([HEADERS.PERSONAL, [products[0].UP_CODE_1C, '', null, '0,01']]));
  await page.getByTestId('upload-method-ok').click();
  const personal = fileBlock(page).getByTestId('upload-preview');
  await expect(personal.getByTestId('preview-warning')).toHaveText(PRICING_MSG.personalAbovePurchase, { timeout: 30_000 });
  await personal.getByTestId('upload-cancel').click();
  await expect(fileBlock(page).getByTestId('upload-state')).toHaveAttribute('data-phase', 'cancelled');
});

test('what each role may do: CLIENTS edits a client, not a list; PRICE edits a list, not a client', async ({ page }) => {
  const api = await apiOf(page);
  const listId = await api.createList(`E2E права ${Date.now()}`);
  const client = await api.clientOf(24, listId);
  const section = await api.leafSection(listId);
  const [product] = await api.products('pricelist', listId, section.ID);

  // The owner's session (only used through the API so far) gives way to the next.
  await signInAs(page, 'clients@partner.demo');
  await openPanel(page, 'pricelist', listId);
  let r = await openProduct(page, section, product.UP_CODE_1C);
  await expect(page.getByTestId('section-rate-readonly')).toBeVisible();
  for (const id of ['section-rate-input', 'file-upload', 'file-download', 'yml-create']) await expect(page.getByTestId(id)).toHaveCount(0);
  await expect(r.getByTestId('product-price-edit')).toHaveCount(0);
  await openPanel(page, 'client', client.ID);
  r = await openProduct(page, section, product.UP_CODE_1C);
  for (const id of ['file-upload', 'file-download', 'yml-create']) await expect(page.getByTestId(id)).toBeVisible();
  await expect(r.getByTestId('product-price-edit')).toBeVisible();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);

  await signInAs(page, 'price@partner.demo');
  await openPanel(page, 'client', client.ID);
  r = await openProduct(page, section, product.UP_CODE_1C);
  for (const id of ['file-upload', 'file-download', 'yml-create']) await expect(page.getByTestId(id)).toHaveCount(0);
  await expect(r.getByTestId('product-price-edit')).toHaveCount(0);
  await openPanel(page, 'pricelist', listId);
  await openProduct(page, section, product.UP_CODE_1C);
  for (const id of ['section-rate-input', 'file-upload', 'file-download', 'yml-create']) await expect(page.getByTestId(id)).toBeVisible();
});
