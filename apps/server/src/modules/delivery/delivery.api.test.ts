import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { settingsTestApp } from '../shop/settings-test-kit';
import { PDF, xlsxOf } from '../shop/test-files';

const kit = settingsTestApp();
const { post, get } = kit;
let codes: string[];

beforeAll(async () => {
  const rows = await kit.t.database.db.selectFrom('catalog_products').select('up_code_1c').orderBy('id').limit(3).execute();
  codes = rows.map((r) => r.up_code_1c);
});
const uploadExclude = (filename: string, data: Buffer) => kit.upload('/v3/api/partner/delivery_exclude/', {}, [{ field: 'file', filename, data }]);

describe('delivery zones', () => {
  it('need a name and a sum', async () => {
    expect((await post('/v3/api/partner/delivery_zone/', { name: '', price: '' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { name: 'Не указано название', price: 'Не указана сумма' },
    });
    expect((await post('/v3/api/partner/delivery_zone/', { name: 'МКАД', price: 'дорого', sort: 'x' })).json().errors).toEqual({
      price: SHOP_MSG.sumInvalid,
      sort: SHOP_MSG.sortInvalid,
    });
  });

  it('are created, listed by sort, re-sorted, edited and deleted', async () => {
    const inside = (await post('/v3/api/partner/delivery_zone/', { name: 'В пределах МКАД', price: '500', sort: '200' })).json();
    const outside = (await post('/v3/api/partner/delivery_zone/', { name: 'До 30 км от МКАД', price: '1 200,50', sort: '100' })).json();
    expect(inside).toMatchObject({ SUCCESS: 'Y', ID: expect.any(Number) });
    // The demo shop has zones of its own: look at the two made here.
    const ours = async () =>
      (await get('/v3/api/partner/delivery_zone/')).json().ITEMS.filter((z: { ID: number }) => [inside.ID, outside.ID].includes(z.ID));
    let list = { ITEMS: await ours() };
    expect(list.ITEMS.map((z: { NAME: string }) => z.NAME)).toEqual(['До 30 км от МКАД', 'В пределах МКАД']);
    // The spec's calls name a zone by delivery_zone_id: the same identity as its ID, which re-sorts it below.
    expect(list.ITEMS[0]).toMatchObject({ ID: outside.ID, DELIVERY_ZONE_ID: outside.ID, PRICE: '1200.5', SORT: 100 });

    expect((await post('/v3/api/partner/delivery_zone/', { delivery_zone_id: String(outside.ID), sort: '300' })).json().SUCCESS).toBe('Y');
    list = { ITEMS: await ours() };
    expect(list.ITEMS.map((z: { NAME: string }) => z.NAME)).toEqual(['В пределах МКАД', 'До 30 км от МКАД']);
    expect(list.ITEMS[1]).toMatchObject({ NAME: 'До 30 км от МКАД', PRICE: '1200.5' });

    expect((await post(`/v3/api/partner/delivery_zone/${inside.ID}/`, { name: 'Москва', price: '400', sort: '10' })).json().SUCCESS).toBe('Y');
    expect((await post(`/v3/api/partner/delivery_zone/${outside.ID}/`, { delete: 'Y' })).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: SHOP_MSG.zoneDeleted,
    });
    list = { ITEMS: await ours() };
    expect(list.ITEMS).toEqual([
      { ID: inside.ID, DELIVERY_ZONE_ID: inside.ID, NAME: 'Москва', PRICE: '400', SORT: 10, FREE_FROM: '', POLYGON: null },
    ]);
  });

  it('keep a free-delivery sum and an outline, refusing a malformed one, and clear them with empty values', async () => {
    const id = (
      await post('/v3/api/partner/delivery_zone/', {
        name: 'Центр',
        price: '700',
        free_from: '25 000',
        polygon: '[[55.7,37.5],[55.8,37.5],[55.8,37.7]]',
      })
    ).json().ID;
    const zone = async () => (await get('/v3/api/partner/delivery_zone/')).json().ITEMS.find((z: { ID: number }) => z.ID === id);
    expect(await zone()).toMatchObject({
      FREE_FROM: '25000',
      POLYGON: [
        [55.7, 37.5],
        [55.8, 37.5],
        [55.8, 37.7],
      ],
    });
    expect(
      (
        await post(`/v3/api/partner/delivery_zone/${id}/`, { name: 'Центр', price: '700', free_from: 'много', polygon: '[[91,0],[0,0],[0,1]]' })
      ).json().errors,
    ).toEqual({ free_from: SHOP_MSG.sumInvalid, polygon: SHOP_MSG.zonePointRange(1) });
    // A re-sort keeps them; empty values clear them.
    await post('/v3/api/partner/delivery_zone/', { delivery_zone_id: String(id), sort: '50' });
    expect(await zone()).toMatchObject({ FREE_FROM: '25000', SORT: 50 });
    await post(`/v3/api/partner/delivery_zone/${id}/`, { name: 'Центр', price: '700', free_from: '', polygon: '' });
    expect(await zone()).toMatchObject({ FREE_FROM: '', POLYGON: null });
  });

  it('answer every malformed free-from sum or outline with its Russian field message, never a 500, and save nothing', async () => {
    const id = (await post('/v3/api/partner/delivery_zone/', { name: 'Проверка', price: '300', free_from: '5000' })).json().ID;
    const before = (await get('/v3/api/partner/delivery_zone/')).json();
    const malformed = { polygon: SHOP_MSG.zonePolygonInvalid(LIMITS.deliveryZonePointsMax) };
    const count = { polygon: SHOP_MSG.zoneOutlinePoints(LIMITS.deliveryZonePointsMax) };
    const tooMany = JSON.stringify(Array.from({ length: LIMITS.deliveryZonePointsMax + 1 }, (_, i) => [55 + i / 10_000, 37.5]));
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ free_from: '-100' }, { free_from: SHOP_MSG.sumInvalid }],
      [{ free_from: '−100' }, { free_from: SHOP_MSG.sumInvalid }],
      [{ free_from: '1000000000' }, { free_from: SHOP_MSG.sumInvalid }],
      [{ free_from: '99999999999999999999' }, { free_from: SHOP_MSG.sumInvalid }],
      [{ free_from: '1e9' }, { free_from: SHOP_MSG.sumInvalid }],
      [{ free_from: '12.34567' }, { free_from: SHOP_MSG.sumInvalid }],
      [{ polygon: '[[55.7,37.5],[55.8,37.5]]' }, count],
      [{ polygon: '[[55.7,37.5],[55.7,37.5],[55.8,37.5]]' }, count],
      [{ polygon: tooMany }, count],
      [{ polygon: '[[55.7,37.5],[95,37.5],[55.8,37.7]]' }, { polygon: SHOP_MSG.zonePointRange(2) }],
      [{ polygon: '[[55.7,37.5],[55.8,37.5],[55.8,-190]]' }, { polygon: SHOP_MSG.zonePointRange(3) }],
      [{ polygon: '55.7, 37.5' }, malformed],
      [{ polygon: '[[true,1],[0,0],[0,1]]' }, malformed],
      [{ polygon: '[[55.7,37.5],[55.8,37.5],[55.8]]' }, malformed],
      [
        { free_from: '-1', polygon: '[[0,0]]' },
        { free_from: SHOP_MSG.sumInvalid, ...count },
      ],
    ];
    for (const [fields, errors] of cases) {
      for (const url of [`/v3/api/partner/delivery_zone/${id}/`, '/v3/api/partner/delivery_zone/']) {
        const res = await post(url, { name: 'Проверка', price: '300', ...fields });
        expect(res.statusCode, `${url} ${JSON.stringify(fields).slice(0, 80)}`).toBe(200);
        expect(res.json(), `${url} ${JSON.stringify(fields).slice(0, 80)}`).toEqual({ SUCCESS: 'N', errors });
      }
    }
    expect((await get('/v3/api/partner/delivery_zone/')).json()).toEqual(before);
    // A free-from sum or an outline alone names a field of the zone: answered with the name and price it lacks.
    for (const fields of [{ free_from: '1000' }, { polygon: '' }] as Record<string, string>[]) {
      expect((await post(`/v3/api/partner/delivery_zone/${id}/`, fields)).json()).toEqual({
        SUCCESS: 'N',
        errors: { name: SHOP_MSG.nameMissing, price: SHOP_MSG.sumMissing },
      });
    }
  });

  it("are the partner's own: another partner's zone is 404, and only ADMIN and the owner edit", async () => {
    const second = await kit.login('owner@second.demo');
    const theirs = (await post('/v3/api/partner/delivery_zone/', { name: 'СПб', price: '300' }, second)).json().ID;
    expect((await post(`/v3/api/partner/delivery_zone/${theirs}/`, { name: 'Чужая', price: '1' })).statusCode).toBe(404);
    expect((await get('/v3/api/partner/delivery_zone/')).json().ITEMS.map((z: { ID: number }) => z.ID)).not.toContain(theirs);
    const orders = await kit.login('orders@partner.demo');
    expect((await get('/v3/api/partner/delivery_zone/', orders)).statusCode).toBe(200);
    expect((await post('/v3/api/partner/delivery_zone/', { name: 'X', price: '1' }, orders)).statusCode).toBe(403);
  });
});

describe('delivery exclusion file', () => {
  it('starts with nothing downloaded', async () => {
    expect((await get('/v3/api/partner/delivery_exclude/')).json()).toEqual({
      IS_DOWNLOADED: 'N',
      COUNT_ITEMS: 0,
      COUNT_IN_FILE: 0,
      FILE: null,
      DATE: null,
    });
  });

  it('counts the codes in an xlsx and the catalogue products among them', async () => {
    const xlsx = await xlsxOf([
      ['Код товара', 'Название'],
      [codes[0], 'A'],
      [Number(codes[1]), 'B'],
      ['999999', 'нет в каталоге'],
      [codes[0], 'повтор'],
      ['12', 'не код'],
    ]);
    const res = (await uploadExclude('исключения.xlsx', xlsx)).json();
    expect(res).toMatchObject({ SUCCESS: 'Y', MESSAGE: SHOP_MSG.excludeLoaded, IS_DOWNLOADED: 'Y', COUNT_ITEMS: 2, COUNT_IN_FILE: 3 });
    const current = (await get('/v3/api/partner/delivery_exclude/')).json();
    expect(current).toMatchObject({ IS_DOWNLOADED: 'Y', COUNT_ITEMS: 2, COUNT_IN_FILE: 3, FILE: { NAME: 'исключения.xlsx' } });
    expect((await get(current.FILE.URL)).statusCode).toBe(200);
  });

  it('reads a csv (UTF-8 or Windows-1251) and replaces the earlier upload', async () => {
    const csv = Buffer.from(`Код;Название\n${codes.join(';x\n')};x\n000001;нет\n`);
    const res = (await uploadExclude('codes.csv', csv)).json();
    expect(res).toMatchObject({ IS_DOWNLOADED: 'Y', COUNT_ITEMS: 3, COUNT_IN_FILE: 4 });
    const rows = await kit.t.database.db.selectFrom('delivery_excludes').select(['active']).execute();
    expect(rows.filter((r) => r.active)).toHaveLength(1);
    const cp1251 = Buffer.concat([Buffer.from([0xca, 0xee, 0xe4]), Buffer.from(`;x\n${codes[0]};\xe0\n`, 'latin1')]);
    expect((await uploadExclude('Excel-1251.csv', cp1251)).json()).toMatchObject({ COUNT_ITEMS: 1, COUNT_IN_FILE: 1 });
  });

  it('refuses other kinds by content and files without codes', async () => {
    expect((await uploadExclude('codes.xlsx', PDF)).json()).toEqual({ SUCCESS: 'N', errors: { file: 'Недопустимый тип файла' } });
    expect((await uploadExclude('codes.pdf', PDF)).json().errors).toEqual({ file: 'Недопустимый тип файла' });
    expect((await uploadExclude('empty.csv', Buffer.from('Код;Название\nнет кодов;\n'))).json().errors).toEqual({ file: SHOP_MSG.excludeNoCodes });
  });

  it('is switched off by deactivation', async () => {
    expect((await post('/v3/api/partner/delivery_exclude/deactive/', {})).json()).toMatchObject({
      SUCCESS: 'Y',
      IS_DOWNLOADED: 'N',
      COUNT_ITEMS: 0,
      COUNT_IN_FILE: 0,
    });
    expect((await get('/v3/api/partner/delivery_exclude/')).json().IS_DOWNLOADED).toBe('N');
    const price = await kit.login('price@partner.demo');
    expect((await post('/v3/api/partner/delivery_exclude/deactive/', {}, price)).statusCode).toBe(403);
  });
});

describe('a zone change of the wrong shape (issue 10: refused, never acted on)', () => {
  const zoneIds = async () => ((await get('/v3/api/partner/delivery_zone/')).json().ITEMS as { ID: number }[]).map((z) => z.ID);

  it('does not delete a zone for delete[]=Y or any delete that is not a flag', async () => {
    const id = (await post('/v3/api/partner/delivery_zone/', { name: 'Зона для проверки', price: '100' })).json().ID as number;
    const before = (await get('/v3/api/partner/delivery_zone/')).json();
    const bodies: (string | object)[] = ['delete[]=Y', 'delete[0]=Y', 'delete[x]=Y', 'delete=maybe', { delete: ['Y'] }, { delete: { 0: 'Y' } }];
    for (const body of bodies) {
      for (const [url, extra] of [
        [`/v3/api/partner/delivery_zone/${id}/`, ''],
        ['/v3/api/partner/delivery_zone/', `delivery_zone_id=${id}`],
      ]) {
        const payload =
          typeof body === 'string' ? [body, extra].filter(Boolean).join('&') : { ...body, ...(extra ? { delivery_zone_id: String(id) } : {}) };
        const res = await kit.raw(url, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(200);
        expect(res.json(), `${url} ${JSON.stringify(payload)}`).toMatchObject({ SUCCESS: 'N', errors: { delete: expect.any(String) } });
      }
    }
    expect(await zoneIds()).toContain(id);
    expect((await get('/v3/api/partner/delivery_zone/')).json()).toEqual(before);
  });

  it('refuses a change that names no field of the zone, and texts of the wrong type', async () => {
    const [id] = await zoneIds();
    const before = (await get('/v3/api/partner/delivery_zone/')).json();
    for (const body of ['', 'nothing=here', '__proto__[x]=1', `delivery_zone_id=${id}`]) {
      expect((await kit.raw(`/v3/api/partner/delivery_zone/${id}/`, body)).statusCode, body).toBe(400);
      expect((await kit.raw('/v3/api/partner/delivery_zone/', body)).statusCode, body).toBe(400);
    }
    const wrong = await kit.raw(`/v3/api/partner/delivery_zone/${id}/`, { name: ['Новая'], price: { x: '1' }, sort: 5 });
    expect(wrong.json()).toMatchObject({ SUCCESS: 'N', errors: { name: expect.any(String), price: expect.any(String), sort: expect.any(String) } });
    expect((await get('/v3/api/partner/delivery_zone/')).json()).toEqual(before);
  });
});
