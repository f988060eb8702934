import { PLURAL, countRu } from '@b2b/contracts/plural-ru';

/** Interface labels of Настройка ассортимента (the spec's messages come from PRICING_MSG). */
export const ASSORTMENT_UI = {
  sections: 'Разделы каталога в магазине',
  search: 'Поиск раздела',
  expandAll: 'Развернуть все',
  collapseAll: 'Свернуть все',
  shown: (shown: number, total: number) => `Показываются в магазине: ${shown} из ${total} разделов`,
  products: (n: number) => countRu(n, PLURAL.product),
  show: 'Показывать',
  hiddenWithParent: (name: string) => `Скрыт вместе с разделом «${name}»`,
  readOnly: 'Показ разделов могут менять администратор и сотрудники с доступом к разделу «Прайсы»',
  empty: 'Разделы не найдены',
  hint: 'Выключите раздел, чтобы скрыть его товары в магазине; его подразделы скрываются вместе с ним.',
} as const;
