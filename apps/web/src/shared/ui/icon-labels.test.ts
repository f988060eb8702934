import { describe, expect, it } from 'vitest';
import { ICON_LABEL_RU, iconLabelPlan, isEnglishIconName } from './icon-labels';

const host = (text: string, title: string | null = null, labelled = false) => ({ text, title, labelled });

describe('iconLabelPlan', () => {
  it('leaves a control with words of its own as it is (the icon is only hidden)', () => {
    expect(iconLabelPlan('logout', host('Выйти'))).toEqual({ hostLabel: null });
    expect(iconLabelPlan('shopping-cart', host('Заказы'))).toEqual({ hostLabel: null });
  });

  it('names a control made of an icon alone by its title first (the pager says «Назад»)', () => {
    expect(iconLabelPlan('left', host('', 'Назад'))).toEqual({ hostLabel: 'Назад' });
    expect(iconLabelPlan('double-right', host('', 'Следующие 5 страниц'))).toEqual({ hostLabel: 'Следующие 5 страниц' });
  });

  it('else by the icon\u2019s Russian name', () => {
    expect(iconLabelPlan('search', host(''))).toEqual({ hostLabel: 'Найти' });
    expect(iconLabelPlan('close', host('  '))).toEqual({ hostLabel: 'Закрыть' });
    expect(iconLabelPlan('reload', host('', '  '))).toEqual({ hostLabel: 'Обновить' });
  });

  it('keeps the name a control was given', () => {
    expect(iconLabelPlan('search', host('', null, true))).toEqual({ hostLabel: null });
  });

  it('names nothing for an icon standing alone or one it does not know', () => {
    expect(iconLabelPlan('down', null)).toEqual({ hostLabel: null });
    expect(iconLabelPlan('unknown-icon', host(''))).toEqual({ hostLabel: null });
  });

  it('has Russian names only', () => {
    for (const label of Object.values(ICON_LABEL_RU)) expect(label).toMatch(/^[А-ЯЁ][а-яё ]+( Excel)?$/);
  });
});

describe('isEnglishIconName', () => {
  it('tells antd\u2019s icon names from a label set by hand', () => {
    expect(isEnglishIconName('search')).toBe(true);
    expect(isEnglishIconName('shopping-cart')).toBe(true);
    expect(isEnglishIconName('file-excel')).toBe(true);
    expect(isEnglishIconName('Найти')).toBe(false);
    expect(isEnglishIconName('')).toBe(false);
    expect(isEnglishIconName(null)).toBe(false);
  });
});
