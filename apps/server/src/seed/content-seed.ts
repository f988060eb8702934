import type { Db } from '@/db/database';

/** Editor.js blocks (paragraph, list, header level 1: the spec's editor tools). */
const paragraph = (text: string) => ({ type: 'paragraph', data: { text } });
const header = (text: string) => ({ type: 'header', data: { text, level: 1 } });
const list = (items: string[]) => ({ type: 'list', data: { style: 'ordered', items } });

/**
 * The platform's content pages (/partner/info/{type}/{id}, /content/{type}/{id}): the help staff and buyers read.
 * The news page has no text yet: it shows «Описание отсутствует».
 */
export async function seedContentPages(db: Db): Promise<void> {
  await db
    .insertInto('content_pages')
    .values([
      {
        type: 'help',
        code: 'orders',
        title: 'Как работать с заказами',
        body: JSON.stringify({
          blocks: [
            header('Заказы клиентов'),
            paragraph('Новые заказы из магазина появляются в разделе «Заказы» со статусом «Новый».'),
            list([
              'Откройте заказ: он станет просмотренным.',
              'Отправьте его в корзину РЦ или отмените с причиной.',
              'Исполненный заказ отметьте кнопкой «Исполнить».',
            ]),
          ],
        }),
      },
      {
        type: 'help',
        code: 'prices',
        title: 'Как загрузить цены из Excel',
        body: JSON.stringify({
          blocks: [
            paragraph('Скачайте текущий файл цен прайса, заполните цену на сайте или скидку/наценку в процентах и загрузите его обратно.'),
            paragraph('Перед применением вы увидите, сколько цен вырастет, снизится и появится; любую примененную загрузку можно откатить.'),
          ],
        }),
      },
      {
        type: 'rules',
        code: 'agreement',
        title: 'Пользовательское соглашение',
        body: JSON.stringify({
          blocks: [paragraph('Размещая заказ в магазине поставщика, покупатель соглашается с условиями поставки и оплаты, указанными в магазине.')],
        }),
      },
      { type: 'news', code: 'welcome', title: 'Добро пожаловать', body: JSON.stringify({ blocks: [] }) },
    ])
    .onConflict((oc) => oc.columns(['type', 'code']).doNothing())
    .execute();
}
