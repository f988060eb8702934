import { describe, expect, it, vi } from 'vitest';
import { shopCatalogPages, type KeptPage } from './shop-catalog-pages';
import type { ShopProductRow } from './shop-catalog.repo';
import { testScope } from './shop-scope-test-kit';

const scope = testScope;
const page = (): KeptPage => ({ rows: [{ id: 1, name: 'Тетрадь' } as ShopProductRow], total: 1 });

describe("a shop's kept catalogue pages", () => {
  it('reads a first page once per versions and filter, a deep one every time', async () => {
    const pages = shopCatalogPages();
    const read = vi.fn(async () => page());
    await pages(scope(), '[1]', 24, 0, read);
    await pages(scope(), '[1]', 24, 0, read);
    expect(read).toHaveBeenCalledTimes(1);
    await pages(scope({ catalogVersion: '11' }), '[1]', 24, 0, read);
    await pages(scope(), '[2]', 24, 0, read);
    expect(read).toHaveBeenCalledTimes(3);
    await pages(scope(), '[1]', 24, 240, read);
    await pages(scope(), '[1]', 24, 240, read);
    expect(read).toHaveBeenCalledTimes(5);
  });

  it('serves every buyer the same page, which none can change', async () => {
    const kept = await shopCatalogPages()(scope(), '[1]', 24, 0, async () => page());
    expect(() => {
      (kept.rows[0] as { name: string }).name = 'Другое';
    }).toThrow(TypeError);
    expect(() => (kept.rows as ShopProductRow[]).push(kept.rows[0])).toThrow(TypeError);
  });
});
