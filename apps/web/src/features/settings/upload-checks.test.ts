import { describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { precheckImage, precheckShopFile } from './upload-checks';

describe('file checks before sending', () => {
  it('refuses more than 5 MB and other extensions', () => {
    expect(precheckShopFile({ name: 'a.pdf', size: LIMITS.shopFileMaxBytes })).toBeNull();
    expect(precheckShopFile({ name: 'a.pdf', size: LIMITS.shopFileMaxBytes + 1 })).toBe('Размер файла не должен превышать 5МБ');
    expect(precheckShopFile({ name: 'a.exe', size: 10 })).toBe(SHOP_MSG.fileTypeInvalid);
    expect(precheckImage({ name: 'seal.PNG', size: 10 })).toBeNull();
    expect(precheckImage({ name: 'seal.pdf', size: 10 })).toBe(SHOP_MSG.fileTypeInvalid);
  });
});
