import { describe, expect, it } from 'vitest';
import { PRICE_LIST_MSG, priceListBodySchema, stripTags } from './price-lists';
import { PERCENT_PATTERN as SECTION_RATE_RE } from './pricing';

describe('PRICE_LIST_MSG', () => {
  it('has the spec texts verbatim, with its quotes', () => {
    expect(PRICE_LIST_MSG.nameRequired).toEqual({ PRICELIST: 'Вы не указали название прайса', COLUMN: 'Вы не указали название колонки' });
    expect(PRICE_LIST_MSG.deleteFailed).toEqual({ PRICELIST: 'Невозможно удалить прайс', COLUMN: 'Невозможно удалить колонку цен' });
    expect(PRICE_LIST_MSG.deleteConfirm.PRICELIST('Опт')).toBe('Прайс \u201CОпт\u201C будет удален.');
    expect(PRICE_LIST_MSG.deleteConfirm.COLUMN('Опт')).toBe('Колонка \u201CОпт\u201C будет удалена.');
    expect(PRICE_LIST_MSG.deleteIrreversible).toBe('Восстановить удаленный прайс невозможно.');
  });

  it('says why a delete is refused, with Russian number agreement', () => {
    expect(PRICE_LIST_MSG.inUse('PRICELIST', { clients: 3, groups: 1, columns: 0 })).toBe('Прайс назначен 3 клиентам и 1 группе.');
    expect(PRICE_LIST_MSG.inUse('PRICELIST', { clients: 21, groups: 2, columns: 0 })).toBe('Прайс назначен 21 клиенту и 2 группам.');
    expect(PRICE_LIST_MSG.inUse('PRICELIST', { clients: 11, groups: 0, columns: 2 })).toBe(
      'Прайс назначен 11 клиентам. У прайса есть 2 колонки цен.',
    );
    expect(PRICE_LIST_MSG.inUse('COLUMN', { clients: 0, groups: 1, columns: 0 })).toBe('Колонка цен назначена 1 группе.');
  });
});

describe('the price list form', () => {
  it('strips tags, then trims', () => {
    expect(stripTags('  <b>Опт</b> <i>2</i> ')).toBe('Опт 2');
    expect(stripTags('<p> </p>')).toBe('');
  });

  it('takes a percent with up to 3 integer digits (2 when negative) and 2 fraction digits', () => {
    for (const ok of ['0', '5', '999', '999.99', '-99.99', '-5', '12.5']) expect(SECTION_RATE_RE.test(ok), ok).toBe(true);
    for (const bad of ['1000', '-100', '1.234', '', '.5', '5.', 'abc', '+5']) expect(SECTION_RATE_RE.test(bad), bad).toBe(false);
  });

  it('needs a name to save, not to copy or delete', () => {
    const schema = priceListBodySchema('COLUMN');
    expect(schema.safeParse({ name: '<b></b>' }).error?.issues[0]).toMatchObject({ path: ['name'], message: 'Вы не указали название колонки' });
    expect(schema.safeParse({ delete: 'Y' }).success).toBe(true);
    expect(schema.safeParse({ action: 'copy' }).success).toBe(true);
    expect(schema.parse({ name: 'К', section_rate: '12,5', rounding: 'no_decimal', parent_id: 'personal_price' })).toMatchObject({
      name: 'К',
      section_rate: '12.5',
      rounding: 'NO_DECIMAL',
      parent_id: 'personal_price',
      delete: 'N',
    });
    expect(schema.parse({ name: 'К', section_rate: '' }).section_rate).toBeNull();
  });
});
