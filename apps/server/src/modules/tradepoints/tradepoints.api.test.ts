import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { bearer, createTestApp } from '@/test/test-app';
import { settingsTestApp } from '../shop/settings-test-kit';

const kit = settingsTestApp();
const { post, get } = kit;

const NEW_POINT = {
  address: 'г. Москва, ул. Тверская, д. 7',
  'address_fields[city]': 'Москва',
  'address_fields[street]': 'ул. Тверская',
  'address_fields[house]': '7',
  latitude: '55,7583',
  longitude: '37.6112',
  'ph[0][PHONE]': '+7 (495) 100-00-01',
  'ph[0][COMMENT]': 'Касса',
  'ph[1][PHONE]': '+7 (495) 100-00-02',
  'ph[1][COMMENT]': 'Склад',
  'ph[1][MAIN]': '1',
  'work_days[0]': 'MO',
  'work_days[1]': 'TU',
  'work_days[2]': 'SA',
  'work_days[3]': 'WD',
  'work_schedule[from]': '9',
  'work_schedule[to]': '18.30',
  holiday_work: 'Y',
  'holiday_schedule[from]': '1000',
  'holiday_schedule[to]': '16:0',
  base: 'N',
  date_start: '01.12.2026',
};

describe('tradepoints', () => {
  it('lists the seed tradepoints, the base one first', async () => {
    const body = (await get('/v3/api/partner/tradepoint/')).json();
    expect(body.NAV).toEqual({ CNT: 2, CNT_ALL: 2 });
    expect(body.ITEMS[0]).toMatchObject({
      BASE: 'Y',
      ADDRESS: 'г. Москва, ул. Складочная, д. 1, стр. 5',
      LATITUDE: '55.80372',
      WORK_SCHEDULE: { FROM: '09:00', TO: '18:00' },
    });
    expect(body.ITEMS[1]).toMatchObject({ BASE: 'N', WORK_DAYS: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA'], HOLIDAY_WORK: 'Y' });
  });

  it('needs an address and both coordinates', async () => {
    const res = (await post('/v3/api/partner/tradepoint/', { address: '', latitude: '55.7', 'work_days[0]': 'MO' })).json();
    expect(res).toEqual({ SUCCESS: 'N', errors: { address: 'Не указан адрес', coordinates: 'Не указан адрес или координаты' } });
    const far = (await post('/v3/api/partner/tradepoint/', { ...NEW_POINT, latitude: '95' })).json();
    expect(far.errors).toEqual({ coordinates: SHOP_MSG.coordinatesInvalid });
    const noDays = (await post('/v3/api/partner/tradepoint/', { address: 'Москва', latitude: '55.7', longitude: '37.6' })).json();
    expect(noDays.errors).toEqual({ work_days: SHOP_MSG.workDaysRequired });
    const badTime = (await post('/v3/api/partner/tradepoint/', { ...NEW_POINT, 'work_schedule[to]': '25:61' })).json();
    expect(badTime.errors).toEqual({ work_schedule: SHOP_MSG.timeInvalid });
  });

  it('refuses a house over 3 characters, a building over 2, a phone over 20 and its comment over 30, naming each (§5, issue 39 §3)', async () => {
    const long = {
      ...NEW_POINT,
      'address_fields[house]': '12/3',
      'address_fields[building]': '123',
      'ph[0][PHONE]': '+7 (495) 100-00-01 доб. 5',
      'ph[1][COMMENT]': 'Склад на Тверской, вход со двора',
    };
    const res = (await post('/v3/api/partner/tradepoint/', long)).json();
    expect(res).toEqual({
      SUCCESS: 'N',
      errors: {
        house: 'Поле «Дом» длиннее 3 символов',
        building: 'Поле «Корпус» длиннее 2 символов',
        phone_0: 'Поле «Телефон» длиннее 20 символов',
        phone_comment_1: 'Поле «Комментарий к телефону» длиннее 30 символов',
      },
    });
    const before = (await get('/v3/api/partner/tradepoint/')).json().NAV.CNT as number;
    const atLimits = {
      ...NEW_POINT,
      'address_fields[house]': '125',
      'address_fields[building]': '12',
      'ph[0][PHONE]': '+7 (495) 100-00-01 5',
      'ph[1][COMMENT]': 'Склад на Тверской, вход со дво',
    };
    const saved = (await post('/v3/api/partner/tradepoint/', atLimits)).json();
    expect(saved.SUCCESS).toBe('Y');
    const item = (await get(`/v3/api/partner/tradepoint/${saved.ID}/`)).json().ITEM;
    expect(item.ADDRESS_FIELDS).toMatchObject({ house: '125', building: '12' });
    expect(item.PHONES.map((p: { PHONE: string; COMMENT: string }) => [p.PHONE, p.COMMENT])).toEqual([
      ['+7 (495) 100-00-01 5', 'Касса'],
      ['+7 (495) 100-00-02', 'Склад на Тверской, вход со дво'],
    ]);
    expect((await post(`/v3/api/partner/tradepoint/${saved.ID}/`, { delete: 'Y' })).json().SUCCESS).toBe('Y');
    expect((await get('/v3/api/partner/tradepoint/')).json().NAV.CNT).toBe(before);
  });

  it('creates by coordinates with phones, work days with the holiday day and times as HH:MM', async () => {
    const res = (await post('/v3/api/partner/tradepoint/', NEW_POINT)).json();
    expect(res).toEqual({ SUCCESS: 'Y', MESSAGE: SHOP_MSG.tradepointSaved, ID: expect.any(Number) });
    const item = (await get(`/v3/api/partner/tradepoint/${res.ID}/`)).json().ITEM;
    expect(item).toMatchObject({
      ADDRESS: 'г. Москва, ул. Тверская, д. 7',
      ADDRESS_FIELDS: { city: 'Москва', street: 'ул. Тверская', house: '7' },
      LATITUDE: '55.7583',
      LONGITUDE: '37.6112',
      PHONES: [
        { PHONE: '+7 (495) 100-00-01', COMMENT: 'Касса', MAIN: 0 },
        { PHONE: '+7 (495) 100-00-02', COMMENT: 'Склад', MAIN: 1 },
      ],
      WORK_DAYS: ['MO', 'TU', 'SA', 'WD'],
      WORK_SCHEDULE: { FROM: '09:00', TO: '18:30' },
      HOLIDAY_SCHEDULE: { FROM: '10:00', TO: '16:00' },
      HOLIDAY_WORK: 'Y',
      BASE: 'N',
      DATE_START: Date.UTC(2026, 11, 1) / 1000,
    });
  });

  it('keeps one base tradepoint, which is the shop main one', async () => {
    const list = (await get('/v3/api/partner/tradepoint/')).json().ITEMS as { ID: number; BASE: string }[];
    const other = list.find((p) => p.BASE === 'N')!;
    expect((await post(`/v3/api/partner/tradepoint/${other.ID}/`, { ...NEW_POINT, base: 'Y' })).json().SUCCESS).toBe('Y');
    const after = (await get('/v3/api/partner/tradepoint/')).json().ITEMS as { ID: number; BASE: string }[];
    expect(after.filter((p) => p.BASE === 'Y').map((p) => p.ID)).toEqual([other.ID]);
    expect((await get('/v3/api/partner/shop/')).json().SHOP.MAIN_TRADEPOINT).toBe(other.ID);
  });

  it('edits and deletes through the body id as well', async () => {
    const created = (await post('/v3/api/partner/tradepoint/', { ...NEW_POINT, address: 'Временная точка' })).json();
    const edited = (await post('/v3/api/partner/tradepoint/', { ...NEW_POINT, id: String(created.ID), address: 'Точка на Тверской' })).json();
    expect(edited).toMatchObject({ SUCCESS: 'Y', ID: created.ID });
    expect((await get(`/v3/api/partner/tradepoint/${created.ID}/`)).json().ITEM.ADDRESS).toBe('Точка на Тверской');
    expect((await post('/v3/api/partner/tradepoint/', { id: String(created.ID), delete: 'Y' })).json()).toEqual({
      SUCCESS: 'Y',
      MESSAGE: SHOP_MSG.tradepointDeleted,
    });
    expect((await get(`/v3/api/partner/tradepoint/${created.ID}/`)).statusCode).toBe(404);
  });

  it("answers 404 for another partner's tradepoint, exactly as for an unknown id", async () => {
    const second = await kit.login('owner@second.demo');
    const theirs = (await get('/v3/api/partner/tradepoint/', second)).json().ITEMS[0].ID as number;
    expect((await get(`/v3/api/partner/tradepoint/${theirs}/`)).statusCode).toBe(404);
    expect((await post(`/v3/api/partner/tradepoint/${theirs}/`, NEW_POINT)).statusCode).toBe(404);
    expect((await post('/v3/api/partner/tradepoint/', { ...NEW_POINT, id: String(theirs) })).statusCode).toBe(404);
    expect((await post(`/v3/api/partner/tradepoint/${theirs}/`, { delete: 'Y' })).statusCode).toBe(404);
    expect((await get('/v3/api/partner/tradepoint/999999/')).statusCode).toBe(404);
    expect((await get(`/v3/api/partner/tradepoint/${theirs}/`, second)).statusCode).toBe(200);
  });

  it('lets every role read and only ADMIN and the owner edit', async () => {
    for (const email of ['orders@partner.demo', 'price@partner.demo', 'clients@partner.demo', 'loyalty@partner.demo']) {
      const token = await kit.login(email);
      expect((await get('/v3/api/partner/tradepoint/', token)).statusCode, email).toBe(200);
      expect((await post('/v3/api/partner/tradepoint/', NEW_POINT, token)).statusCode, email).toBe(403);
    }
    expect((await post('/v3/api/partner/tradepoint/', NEW_POINT, await kit.login('owner@partner.demo'))).json().SUCCESS).toBe('Y');
  });
});

describe('geocoder', () => {
  it('says that no provider is configured, so coordinates are entered by hand', async () => {
    expect((await get('/v3/api/partner/geocoder/')).json()).toEqual({ SUCCESS: 'Y', CONFIGURED: 'N', ITEMS: [] });
    expect((await get('/v3/api/partner/geocoder/?address=Москва')).json()).toEqual({
      SUCCESS: 'N',
      errors: { geocoder: SHOP_MSG.geocoderOff },
      CONFIGURED: 'N',
    });
  });

  it('asks a Nominatim-compatible provider when GEOCODER_URL is set', async () => {
    const provider = http.createServer((req, res) => {
      const q = new URL(req.url ?? '', 'http://x').searchParams.get('q');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(q === 'Тверская 7' ? [{ lat: '55.7583', lon: '37.6112', display_name: 'Тверская ул., 7, Москва' }] : []));
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    process.env.GEOCODER_URL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/search`;
    const withProvider = await createTestApp();
    delete process.env.GEOCODER_URL;
    try {
      const token = await withProvider.login('admin@partner.demo');
      const found = await withProvider.app.inject({
        method: 'GET',
        url: `/v3/api/partner/geocoder/?address=${encodeURIComponent('Тверская 7')}`,
        headers: bearer(token),
      });
      expect(found.json()).toEqual({
        SUCCESS: 'Y',
        CONFIGURED: 'Y',
        ITEMS: [{ ADDRESS: 'Тверская ул., 7, Москва', LATITUDE: '55.7583', LONGITUDE: '37.6112' }],
      });
      const none = await withProvider.app.inject({ method: 'GET', url: '/v3/api/partner/geocoder/?address=nowhere', headers: bearer(token) });
      expect(none.json().errors).toEqual({ address: SHOP_MSG.geocoderNothing });
    } finally {
      await withProvider.close();
      provider.close();
    }
  });
});

describe('a tradepoint change of the wrong shape (issue 10: refused, never acted on)', () => {
  it('does not delete for delete[]=Y, and refuses lists and maps where texts are', async () => {
    const before = (await get('/v3/api/partner/tradepoint/')).json();
    const id = before.ITEMS[before.ITEMS.length - 1].ID as number;
    const bodies: [string, string | object][] = [
      [`/v3/api/partner/tradepoint/${id}/`, 'delete[]=Y'],
      [`/v3/api/partner/tradepoint/${id}/`, { delete: ['Y'] }],
      ['/v3/api/partner/tradepoint/', `id=${id}&delete[0]=Y`],
      ['/v3/api/partner/tradepoint/', { ...NEW_POINT, address: ['Москва'] }],
      ['/v3/api/partner/tradepoint/', { address: 'Москва', latitude: '55.7', longitude: '37.6', work_days: { MO: 'Y' } }],
      ['/v3/api/partner/tradepoint/', { address: 'Москва', latitude: '55.7', longitude: '37.6', work_days: ['MO'], ph: 'телефон' }],
      ['/v3/api/partner/tradepoint/', 'address=Москва&latitude=55.7&longitude=37.6&work_days[0]=MO&base[]=Y'],
    ];
    for (const [url, body] of bodies) {
      const res = await kit.raw(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json().SUCCESS, JSON.stringify(body)).toBe('N');
    }
    expect((await get('/v3/api/partner/tradepoint/')).json()).toEqual(before);
  });
});
