import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhotoPath } from '@b2b/contracts/routes/storefront';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';
import { MAX_WAITING_DRAWS, PHOTO_SIDE, productCardPng } from './product-photo';

/*
 * Issue 38.6: product pictures pointed at /pictures/… paths that answered the web page, and the back office showed
 * placeholders. One route serves a product's photo as an image (PNG: what feed readers take), cacheable, to the shop,
 * the back office's order card and the YML feeds alike.
 */

let t: TestApp;
let product: { id: number; code: string; name: string; brand: string | null };

/** The width and height a PNG's IHDR chunk declares. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

beforeAll(async () => {
  t = await createTestApp();
  const row = await t.database.db
    .selectFrom('catalog_products as p')
    .leftJoin('catalog_brands as b', 'b.id', 'p.brand_id')
    .select(['p.id', 'p.up_code_1c as code', 'p.name', 'b.name as brand'])
    .where('p.active', '=', true)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  product = { ...row, id: Number(row.id) };
});
afterAll(() => t.close());

describe("a product's photo", () => {
  it('is a PNG image with its card drawn, cacheable by ETag and Cache-Control, answering 304 to a reader that has it', async () => {
    const res = await t.app.inject({ method: 'GET', url: productPhotoPath(product.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    // The bytes are the product's card as drawn from its catalogue row, a square feed readers accept (≥ 300 px).
    const expected = await productCardPng(product);
    expect(res.rawPayload.equals(expected.png)).toBe(true);
    expect(res.headers.etag).toBe(expected.etag);
    expect(res.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(pngSize(res.rawPayload)).toEqual({ width: PHOTO_SIDE, height: PHOTO_SIDE });

    const again = await t.app.inject({
      method: 'GET',
      url: productPhotoPath(product.id),
      headers: { 'if-none-match': `W/"other", ${res.headers.etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(res.headers.etag);
    const changed = await t.app.inject({ method: 'GET', url: productPhotoPath(product.id), headers: { 'if-none-match': '"stale"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(expected.png)).toBe(true);
  });

  it('draws each product its own card', async () => {
    const other = await t.database.db
      .selectFrom('catalog_products')
      .select('id')
      .where('active', '=', true)
      .where('id', '>', product.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const [a, b] = await Promise.all([product.id, Number(other.id)].map((id) => t.app.inject({ method: 'GET', url: productPhotoPath(id) })));
    expect(b.statusCode).toBe(200);
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it('answers 404 for an unknown product and for one no longer sold', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: productPhotoPath(999_999_999) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    const inactive = await t.database.db.selectFrom('catalog_products').select('id').where('active', '=', false).executeTakeFirst();
    if (inactive) expect((await t.app.inject({ method: 'GET', url: productPhotoPath(Number(inactive.id)) })).statusCode).toBe(404);
  });

  it("is what the back office's order card shows for each item, and it loads", async () => {
    const token = await t.login('orders@partner.demo');
    const pid = await partnerIdOf(t.database.db, 'orders@partner.demo');
    const order = await t.database.db.selectFrom('orders').select('id').where('partner_id', '=', pid).orderBy('id').executeTakeFirstOrThrow();
    const card = (await t.app.inject({ method: 'GET', url: `/v3/api/partner/order/${order.id}/`, headers: bearer(token) })).json();
    expect(card.PRODUCTS.length).toBeGreaterThan(0);
    for (const item of card.PRODUCTS as { PRODUCT_ID: number; PREVIEW_PICTURE_PATH: string; DETAIL_PICTURE_PATH: string }[]) {
      expect(item.PREVIEW_PICTURE_PATH).toBe(productPhotoPath(item.PRODUCT_ID));
      expect(item.DETAIL_PICTURE_PATH).toBe(productPhotoPath(item.PRODUCT_ID));
    }
    const photo = await t.app.inject({ method: 'GET', url: card.PRODUCTS[0].PREVIEW_PICTURE_PATH });
    expect(photo.headers['content-type']).toBe('image/png');
  });
});

describe('a flood of photos not drawn yet (the route is public)', () => {
  it('draws one card at a time: the others wait their turn or get 503 with Retry-After, never a 500, and cards drawn before are served meanwhile', async () => {
    const ids = (
      await t.database.db
        .selectFrom('catalog_products')
        .select('id')
        .where('active', '=', true)
        .orderBy('id', 'desc')
        .limit(MAX_WAITING_DRAWS + 60)
        .execute()
    ).map((r) => Number(r.id));
    expect(ids.length).toBe(MAX_WAITING_DRAWS + 60);
    let floodDone = false;
    const flood = Promise.all(ids.map((id) => t.app.inject({ method: 'GET', url: productPhotoPath(id) }))).finally(() => (floodDone = true));
    // A card drawn before (the first test's) is served while the flood is still drawing.
    const kept = await t.app.inject({ method: 'GET', url: productPhotoPath(product.id) });
    expect(kept.statusCode).toBe(200);
    expect(floodDone).toBe(false);
    const answers = await flood;
    const statuses = new Set(answers.map((a) => a.statusCode));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const a of answers) {
      if (a.statusCode === 200) expect(a.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      else
        expect({ retry: a.headers['retry-after'], body: a.json() }).toEqual({
          retry: '1',
          body: { error: 'busy', error_description: 'Сервер занят. Повторите через секунду' },
        });
    }
    // Asked again, the refused ones are drawn; the drawn ones come from what was kept.
    const refused = ids.filter((_, i) => answers[i].statusCode === 503);
    for (const id of refused.slice(0, 5)) expect((await t.app.inject({ method: 'GET', url: productPhotoPath(id) })).statusCode).toBe(200);
  });
});
