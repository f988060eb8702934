import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAs } from './helpers';

/*
 * What a new user stumbled on (issue 39 §4): at 1 280 px wide tables fit or scroll inside themselves with their first
 * column in view, never the page; back from an order card is the list as it was left; the map's controls speak Russian.
 */

test.use({ viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 120_000 });

const OWNER = 'owner@partner.demo';

/** The page itself never scrolls sideways. */
async function expectNoPageScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'the page is wider than the window').toBeLessThanOrEqual(innerWidth);
}

/** Whether the element is what a user sees at its own centre (in the window, not covered by another cell). */
const seenAtCentre = (element: Locator) =>
  element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + Math.min(box.width / 2, 12);
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return !!top && (top === el || el.contains(top));
  });

/**
 * The table (an antd Table wrapper) fits the page or scrolls inside itself: its last column's header can be brought
 * into view by scrolling the table, and its first column stays in view while it is scrolled right.
 */
async function expectTableReachable(page: Page, table: Locator) {
  await expectNoPageScroll(page);
  // The table's testid is on the wrapper, on an element around it, or on the table inside it.
  const wrapper = table
    .locator('.ant-table-wrapper')
    .or(table.locator('xpath=ancestor-or-self::div[contains(concat(" ", @class, " "), " ant-table-wrapper ")]'))
    .first();
  const wrapperBox = (await wrapper.boundingBox())!;
  expect(wrapperBox.x + wrapperBox.width, 'the table ends inside the window').toBeLessThanOrEqual(1280);
  const headers = wrapper.locator('thead th:not(.ant-table-selection-column):not(.ant-table-cell-scrollbar)');
  const last = headers.last();
  const firstCell = wrapper.locator('tbody tr.ant-table-row').first().locator('td:not(.ant-table-selection-column)').first();
  await expect(firstCell).toBeVisible();
  // The header row at the top of the window, the table's first rows under it.
  await wrapper.locator('thead').evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 80));
  // Scrolled as far right as it goes (nothing happens when it fits).
  await wrapper
    .locator('.ant-table-content, .ant-table-body')
    .first()
    .evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      el.dispatchEvent(new Event('scroll'));
    });
  await expect.poll(() => seenAtCentre(last), { message: `the last column «${await last.innerText()}» can be seen` }).toBe(true);
  await expect.poll(() => seenAtCentre(firstCell), { message: 'the first column stays in view' }).toBe(true);
  await expectNoPageScroll(page);
}

test('wide tables scroll inside themselves at 1 280 px, their first column in view', async ({ page }) => {
  await signInAs(page, OWNER, '/partner/orderlist');
  await page.getByTestId('order-link').first().click();
  await expect(page.getByTestId('order-card')).toBeVisible();
  await expectTableReachable(page, page.getByTestId('order-items'));

  await page.goto('/partner/offers');
  await expect(page.getByTestId('offer-row').first()).toBeVisible();
  await expectTableReachable(page, page.getByTestId('offers-table'));

  await page.goto('/partner/loyalty/participation');
  await expect(page.getByTestId('participation-row').first()).toBeVisible();
  await expectTableReachable(page, page.getByTestId('participation-table'));

  await page.goto('/partner/loyalty/balance');
  await expect(page.getByTestId('balance-row').first()).toBeVisible();
  await expectTableReachable(page, page.getByTestId('balance-table'));

  await page.goto('/partner/clients/active-list');
  await expect(page.getByTestId('clients-table').locator('tr.ant-table-row').first()).toBeVisible();
  await expectTableReachable(page, page.getByTestId('clients-table'));

  await page.goto('/partner/orderlist');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await expectTableReachable(page, page.getByTestId('orders-table'));
});

test('back from an order card is the list with its search, sort and page', async ({ page }) => {
  await signInAs(page, OWNER, '/partner/orderlist');
  const loaded = () => expect(page.locator('[data-testid="orders-table"][data-loading="false"]')).toBeVisible();
  const search = page.getByTestId('orders-filter-query').locator('input');
  await search.fill('К-');
  await search.press('Enter');
  await expect(page).toHaveURL(/query=/);
  await loaded();
  // Oldest first: orders other tests place meanwhile land on the last page, not on page 2.
  await page.getByTestId('orders-table').locator('th', { hasText: 'Дата' }).click();
  await expect(page).toHaveURL(/order=ASC/);
  await loaded();
  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/offset=12/);
  await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
  await loaded();
  const listUrl = page.url();
  const number = (await page.getByTestId('order-link').first().innerText()).trim();

  /** Back on the list the card was opened from: its address, its search, its page and its first order. */
  const backOnTheList = async () => {
    await expect(page).toHaveURL(listUrl);
    await expect(search).toHaveValue('К-');
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(page.getByTestId('order-link').first()).toHaveText(number);
  };

  // The card's «К списку заказов».
  await page.getByTestId('order-link').first().click();
  await expect(page.getByTestId('order-card')).toBeVisible();
  await page.getByTestId('order-back').click();
  await backOnTheList();

  // The browser's back.
  await page.getByTestId('order-link').first().click();
  await expect(page.getByTestId('order-card')).toBeVisible();
  await page.goBack();
  await backOnTheList();

  // A card opened again after a reload still goes back to that list.
  await page.getByTestId('order-link').first().click();
  await expect(page.getByTestId('order-card')).toBeVisible();
  await page.reload();
  await page.getByTestId('order-back').click();
  await expect(page).toHaveURL(listUrl);
});

test('back from a client card is the client list with its page', async ({ page }) => {
  await signInAs(page, OWNER);
  // Oldest first: clients other specs register meanwhile go to the end and do not shift page 2.
  await page.goto('/partner/clients/active-list?sort=REGISTRATION_DATE&order=ASC');
  const table = page.getByTestId('active-list');
  const link = table.locator('a[data-testid^="client-link-"]').first();
  await expect(link).toBeVisible();
  const firstOfPage1 = (await link.innerText()).trim();
  await table.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/offset=/);
  await expect(table.locator('.ant-pagination-item-active')).toHaveText('2');
  // Page 2's rows are in (not page 1's still shown while it loads).
  await expect(link).not.toHaveText(firstOfPage1);
  const listUrl = page.url();
  const name = (await link.innerText()).trim();
  await link.click();
  // Inside the card, another tab; then back.
  await page.getByTestId('tab-orders').click();
  await expect(page).toHaveURL(/\/orders$/);
  await page.getByTestId('client-back').click();
  await expect(page).toHaveURL(listUrl);
  await expect(table.locator('.ant-pagination-item-active')).toHaveText('2');
  await expect(table.locator('a[data-testid^="client-link-"]').first()).toHaveText(name);
});

/** A Leaflet map's controls in Russian: the zoom buttons' titles and screen-reader names, the attribution line. */
async function expectRussianControls(map: Locator) {
  await expect(map).toBeVisible();
  await expect(map).toHaveAttribute('aria-label', 'Карта');
  for (const [which, russian] of [
    ['in', 'Приблизить'],
    ['out', 'Отдалить'],
  ]) {
    const button = map.locator(`.leaflet-control-zoom-${which}`);
    await expect(button).toHaveAttribute('title', russian);
    await expect(button).toHaveAttribute('aria-label', russian);
    await expect(map.getByRole('button', { name: russian, exact: true })).toBeVisible();
  }
  await expect(map.getByRole('button', { name: /Zoom/ })).toHaveCount(0);
  const attribution = map.locator('.leaflet-control-attribution');
  await expect(attribution).toContainText('участники OpenStreetMap');
  await expect(attribution.locator('a[href="https://leafletjs.com"]')).toHaveAttribute('title', 'Библиотека интерактивных карт');
}

test('the maps name their controls and points in Russian', async ({ page }) => {
  await signInAs(page, OWNER, '/partner/settings/my-shipping');
  await expectRussianControls(page.getByTestId('tradepoints-map'));

  // The delivery zone's outline: its points are buttons named «Точка N контура».
  await page.getByTestId('delivery-zones').getByRole('button', { name: 'Добавить зону' }).click();
  const modal = page.getByRole('dialog');
  const map = modal.getByTestId('zone-outline-map');
  await expectRussianControls(map);
  await modal.getByTestId('zone-outline').fill('55.70, 37.50\n55.80, 37.50');
  await expect(map.getByTestId('zone-vertex')).toHaveCount(2);
  await expect(map.getByRole('button', { name: 'Точка 2 контура', exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Отмена' }).click();
});

/** antd's icons that still name themselves in English to screen readers (role img, not hidden). */
const englishIcons = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('span.anticon[role="img"]')]
      .filter((icon) => icon.getAttribute('aria-hidden') !== 'true' && /^[a-z][a-z0-9-]*$/.test(icon.getAttribute('aria-label') ?? ''))
      .map((icon) => icon.getAttribute('aria-label')),
  );

test('screen readers hear Russian: icons beside words are silent, icon-only controls are named', async ({ page }) => {
  await signInAs(page, OWNER, '/partner/orderlist');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  // Was «logout Выйти», «shopping-cart Заказы».
  await expect(page.getByRole('button', { name: 'Выйти', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Заказы', exact: true })).toBeVisible();
  // antd's search button and pager arrows: was «search», «left», «right».
  await expect(page.getByTestId('orders-filter-query').getByRole('button', { name: 'Найти', exact: true })).toBeVisible();
  const pager = page.getByTestId('orders-table').locator('.ant-pagination');
  await expect(pager.locator('.ant-pagination-prev button')).toHaveAttribute('aria-label', 'Назад');
  await expect(pager.locator('.ant-pagination-next button')).toHaveAttribute('aria-label', 'Вперед');
  await expect(page.getByRole('button', { name: /^(left|right|search|logout)/ })).toHaveCount(0);
  await expect.poll(() => englishIcons(page)).toEqual([]);

  // The offers' and the loyalty members' switches: was «segmented control».
  await page.goto('/partner/offers');
  await expect(page.getByTestId('offer-row').first()).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Показать', exact: true })).toBeVisible();
  await expect.poll(() => englishIcons(page)).toEqual([]);
  await page.goto('/partner/loyalty/participation');
  await expect(page.getByTestId('participation-row').first()).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Участие', exact: true })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'segmented control' })).toHaveCount(0);

  // A modal's close button (antd's «close» icon) is «Закрыть».
  await page.goto('/partner/settings/my-shipping');
  await page.getByTestId('delivery-zones').getByRole('button', { name: 'Добавить зону', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Закрыть', exact: true })).toBeVisible();
  await expect.poll(() => englishIcons(page)).toEqual([]);
});

test('the «about the company» editor speaks Russian', async ({ page }) => {
  await signInAs(page, OWNER, '/partner/settings/my-shop');
  const editor = page.getByTestId('about-editor');
  await editor.locator('[contenteditable="true"]').first().click();
  await editor.locator('.ce-toolbar__plus').click();
  const toolbox = editor.locator('.ce-popover--opened');
  for (const tool of ['Текст', 'Заголовок', 'Маркированный список', 'Нумерованный список', 'Изображение']) {
    await expect(toolbox.getByText(tool, { exact: true })).toBeVisible();
  }
  await expect(toolbox.getByPlaceholder('Поиск')).toBeVisible();
  await expect(toolbox.getByText(/^(Text|Heading|Image|Unordered List|Filter)$/)).toHaveCount(0);
  await page.keyboard.press('Escape');
});
