import { describe, expect, it } from 'vitest';
import { listReturnUrl } from './list-return';

describe('listReturnUrl', () => {
  const LIST = '/partner/orderlist';

  it('goes back to the list with its search, filters and page', () => {
    expect(listReturnUrl('/partner/orderlist?query=%D0%98%D0%B2&offset=12', LIST)).toBe('/partner/orderlist?query=%D0%98%D0%B2&offset=12');
    expect(listReturnUrl('/partner/orderlist', LIST)).toBe('/partner/orderlist');
  });

  it('accepts a page under the list path (the client lists: active and black)', () => {
    expect(listReturnUrl('/partner/clients/black-list?offset=20', '/partner/clients')).toBe('/partner/clients/black-list?offset=20');
  });

  it('falls back to the list path when nothing is remembered', () => {
    expect(listReturnUrl(null, LIST)).toBe(LIST);
    expect(listReturnUrl(undefined, LIST)).toBe(LIST);
    expect(listReturnUrl('', LIST)).toBe(LIST);
  });

  it('never leaves the list: another page, another site or a look-alike path fall back to the list path', () => {
    expect(listReturnUrl('/partner/offers?p=2', LIST)).toBe(LIST);
    expect(listReturnUrl('/partner/orderlistX?offset=12', LIST)).toBe(LIST);
    expect(listReturnUrl('//evil.example/partner/orderlist', LIST)).toBe(LIST);
    expect(listReturnUrl('/\\evil.example', LIST)).toBe(LIST);
    expect(listReturnUrl('https://evil.example/partner/orderlist', LIST)).toBe(LIST);
    expect(listReturnUrl('javascript:alert(1)', LIST)).toBe(LIST);
  });
});
