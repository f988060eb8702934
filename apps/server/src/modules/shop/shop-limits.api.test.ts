import { describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { bearer } from '@/test/test-app';
import { settingsTestApp } from './settings-test-kit';
import { PDF } from './test-files';

/** Issue 9: the shop's save refuses roles before their body, and its counted limits hold under parallel requests. */

const kit = settingsTestApp();
const SHOP = '/v3/api/partner/shop/';

describe('saving the shop settings', () => {
  it('answers 403 to the roles that save no part, even with nothing recognised in the body', async () => {
    for (const email of ['orders@partner.demo', 'clients@partner.demo', 'loyalty@partner.demo']) {
      const res = await kit.post(SHOP, { nothing: 'here' }, await kit.login(email));
      expect(res.statusCode, email).toBe(403);
    }
    const price = await kit.login('price@partner.demo');
    expect((await kit.post(SHOP, { type: 'remains', assortment: 'BASE', multiplicity: 'EDINICA', show_stock: 'Y' }, price)).json().SUCCESS).toBe('Y');
    expect((await kit.post(SHOP, { name: 'Канцлер' }, price)).statusCode).toBe(403);
    // A body that names no part saves nothing: refused as a bad request for every role that may save a part.
    for (const token of [price, kit.admin]) {
      const res = await kit.post(SHOP, { nothing: 'here' }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe(MSG.badRequest);
    }
  });

  it('refuses before reading the body: a broken multipart body of a refused role answers 403, not a parse error', async () => {
    const orders = await kit.login('orders@partner.demo');
    const res = await kit.t.app.inject({
      method: 'POST',
      url: SHOP,
      payload: '--x\r\nContent-Disposition: form-data; name="shop_file"; filename="a.pdf"\r\n\r\nunterminated',
      headers: { 'content-type': 'multipart/form-data; boundary=x', ...bearer(orders) },
    });
    expect(res.statusCode).toBe(403);
  });

  it(`keeps at most ${LIMITS.shopFilesMax} shop files under 30 parallel uploads, and the tab still saves`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => kit.upload(SHOP, { type: 'shop' }, [{ field: 'shop_file[0]', filename: `file-${i}.pdf`, data: PDF }])),
    );
    const saved = answers.filter((res) => res.json().SUCCESS === 'Y').length;
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      if (res.json().SUCCESS === 'N') expect(res.json().errors).toEqual({ shop_file: SHOP_MSG.shopFilesTooMany });
    }
    const files = (await kit.get(SHOP)).json().SHOP.FILES;
    expect(files).toHaveLength(LIMITS.shopFilesMax);
    expect(saved).toBeLessThanOrEqual(LIMITS.shopFilesMax);
    expect((await kit.post(SHOP, { type: 'shop', name: 'Канцлер Опт' })).json()).toEqual({ SUCCESS: 'Y', MESSAGE: SHOP_MSG.saved });
  });
});

describe('the last tradepoint of a shop with self-delivery only', () => {
  it('cannot be deleted, even by parallel deletes; it can once self-delivery only is off', async () => {
    const second = await kit.login('owner@second.demo');
    const db = kit.t.database.db;
    const partnerId = Number(
      (await db.selectFrom('users').select('partner_id').where('email', '=', 'owner@second.demo').executeTakeFirstOrThrow()).partner_id,
    );
    // Arrange: no order names the partner's tradepoints, and it has two of them.
    await db.updateTable('orders').set({ tradepoint_id: null }).where('partner_id', '=', partnerId).execute();
    const point = { address: 'г. Санкт-Петербург, Невский пр., д. 1', latitude: '59.93', longitude: '30.31', 'work_days[0]': 'MO' };
    const listIds = async () => ((await kit.get('/v3/api/partner/tradepoint/', second)).json().ITEMS as { ID: number }[]).map((t) => t.ID);
    while ((await listIds()).length < 2) expect((await kit.post('/v3/api/partner/tradepoint/', point, second)).json().SUCCESS).toBe('Y');
    for (const id of (await listIds()).slice(2)) await kit.post(`/v3/api/partner/tradepoint/${id}/`, { delete: 'Y' }, second);
    const ids = await listIds();
    expect(ids).toHaveLength(2);

    expect((await kit.post(SHOP, { selfdelivery_only: 'Y', min_order_sum: '1000' }, second)).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: SHOP_MSG.saved,
    });
    const answers = await Promise.all([...ids, ...ids, ...ids].map((id) => kit.post(`/v3/api/partner/tradepoint/${id}/`, { delete: 'Y' }, second)));
    expect(answers.filter((res) => res.json().SUCCESS === 'Y')).toHaveLength(1);
    expect(
      answers.map((res) => res.json()).filter((a) => a.SUCCESS === 'N' && a.errors?.id === SHOP_MSG.lastTradepointSelfDelivery).length,
    ).toBeGreaterThan(0);
    const left = await listIds();
    expect(left).toHaveLength(1);

    expect((await kit.post(SHOP, { selfdelivery_only: 'N', min_order_sum: '1000' }, second)).json().SUCCESS).toBe('Y');
    expect((await kit.post(`/v3/api/partner/tradepoint/${left[0]}/`, { delete: 'Y' }, second)).json().SUCCESS).toBe('Y');
    expect((await kit.post(SHOP, { selfdelivery_only: 'Y', min_order_sum: '1000' }, second)).json()).toEqual({
      SUCCESS: 'N',
      errors: { check_selfdelivery_only: SHOP_MSG.selfdeliveryNeedsTradepoint },
    });
  });
});
