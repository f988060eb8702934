import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULTS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { settingsTestApp, type FormFields } from './settings-test-kit';

const kit = settingsTestApp();
const post = kit.post;
let owner: string;
beforeAll(async () => {
  owner = await kit.login('owner@partner.demo');
});

const save = async (fields: FormFields, token = kit.admin) => (await post('/v3/api/partner/shop/', fields, token)).json();
const shop = async (token = kit.admin) => (await kit.get('/v3/api/partner/shop/', token)).json().SHOP;

describe('reading the shop settings', () => {
  it('answers every field of §3 with the spec defaults and the choices of the selects', async () => {
    const body = (await kit.get('/v3/api/partner/shop/', owner)).json();
    expect(body.SHOP).toMatchObject({
      NAME: 'Канцлер Опт',
      SHOP_LINK: 'kancler',
      DOMAIN_NAME: 'kancler.b2b.local',
      COLOR_SCHEME: 'green',
      PAYMENT_TYPE: ['CASH', 'NON_CASH', 'CARD'],
      PRICE_TYPE: 'RRC',
      TAX_TYPE: 'WITH_VAT',
      CURRENCY: 'RUB',
      ASSORTMENT: 'BASE',
      MULTIPLICITY: 'CORPORATE',
      SHOW_DELAY_TEXT: 'Y',
      FILES: [],
      LOGO: null,
    });
    expect(body.SHOP.MAIN_TRADEPOINT).toEqual(expect.any(Number));
    expect(body.SHOP.PHONES[0]).toEqual({ PHONE: '+7 (495) 787-45-12', COMMENT: 'Отдел продаж', MAIN: 1 });
    expect(body.ENTITIES.PRICE_TYPE.map((p: { ID: string }) => p.ID)).toEqual(['RRC', 'PURCHASE']);
    expect(body.ENTITIES.ASSORTMENT).toEqual([
      { ID: 'BASE', NAME: 'Корпоративный' },
      { ID: 'EXTENDED', NAME: 'Сайт' },
    ]);
    expect(body.DEFAULT_TEXT.ABOUT_DELAY).toBe(DEFAULTS.delayText);
  });

  it('lets every partner role read, and nobody else', async () => {
    for (const email of ['orders@partner.demo', 'price@partner.demo', 'clients@partner.demo', 'loyalty@partner.demo']) {
      const res = await kit.get('/v3/api/partner/shop/', await kit.login(email));
      expect(res.statusCode, email).toBe(200);
    }
    const manager = await kit.get('/v3/api/partner/shop/', await kit.login('manager@platform.demo'));
    expect(manager.statusCode).toBe(403);
    expect((await kit.get('/v3/api/partner/shop/', null)).statusCode).toBe(401);
  });
});

describe('my shop', () => {
  it('requires the shop name', async () => {
    expect(await save({ type: 'shop', name: '  ' })).toEqual({ SUCCESS: 'N', errors: { name: 'Не указано название магазина' } });
  });

  it('saves name, colours, address, phones and opening hours, and reads them back', async () => {
    const res = await save({
      type: 'shop',
      name: 'Канцлер Опт Москва',
      color_scheme: 'blue',
      color_logo: '#1A2B3C',
      header_no_name: 'Y',
      address: 'г. Москва, ул. Складочная, д. 1',
      opening_hours: 'Пн–Пт с 9:00 до 19:00',
      'phones[0][PHONE]': '+7 (495) 111-22-33',
      'phones[0][COMMENT]': 'Офис',
      'phones[1][PHONE]': '+7 (495) 111-22-34',
      'phones[1][MAIN]': 'Y',
    });
    expect(res).toEqual({ SUCCESS: 'Y', MESSAGE: SHOP_MSG.saved });
    expect(await shop()).toMatchObject({
      NAME: 'Канцлер Опт Москва',
      COLOR_SCHEME: 'blue',
      COLOR_LOGO: '#1a2b3c',
      HEADER_NO_NAME: 'Y',
      ADDRESS: 'г. Москва, ул. Складочная, д. 1',
      OPENING_HOURS: 'Пн–Пт с 9:00 до 19:00',
      PHONES: [
        { PHONE: '+7 (495) 111-22-33', COMMENT: 'Офис', MAIN: 0 },
        { PHONE: '+7 (495) 111-22-34', COMMENT: '', MAIN: 1 },
      ],
    });
  });

  it('refuses an unknown colour scheme and a colour that is not #rrggbb', async () => {
    const res = await save({ type: 'shop', name: 'Канцлер', color_scheme: 'pink', color_logo: 'red' });
    expect(res.errors).toEqual({ color_scheme: SHOP_MSG.choiceInvalid, color_logo: SHOP_MSG.colorInvalid });
  });

  it('keeps the about text as Editor.js JSON with list, image and level-1 headers only, cleaned of scripts', async () => {
    const doc = {
      time: 1,
      version: '2.31.0',
      blocks: [
        { id: 'a', type: 'header', data: { text: 'О нас', level: 3 } },
        { id: 'b', type: 'paragraph', data: { text: 'Мы <b>оптом</b><script>alert(1)</script> <img src=x onerror=alert(1)>' } },
        { id: 'c', type: 'list', data: { style: 'ordered', items: ['Бумага', { content: 'Ручки', items: [] }] } },
        { id: 'd', type: 'image', data: { file: { url: '/v3/api/client/shop/file/1/x/' }, caption: 'Склад' } },
      ],
    };
    expect((await save({ type: 'shop', name: 'Канцлер Опт', about_company: JSON.stringify(doc) })).SUCCESS).toBe('Y');
    const about = JSON.parse((await shop()).ABOUT_COMPANY);
    expect(about.blocks[0]).toEqual({ id: 'a', type: 'header', data: { text: 'О нас', level: 1 } });
    expect(about.blocks[1].data.text).toBe('Мы <b>оптом</b> ');
    expect(about.blocks[2].data.items[1]).toMatchObject({ content: 'Ручки', items: [] });
    expect(about.blocks[3].data.file.url).toBe('/v3/api/client/shop/file/1/x/');

    const table = { blocks: [{ type: 'table', data: { content: [] } }] };
    expect((await save({ type: 'shop', name: 'Канцлер Опт', about_company: JSON.stringify(table) })).errors).toEqual({
      about_company: SHOP_MSG.aboutInvalid,
    });
    expect((await save({ type: 'shop', name: 'Канцлер Опт', about_company: '{not json' })).errors).toEqual({ about_company: SHOP_MSG.aboutInvalid });
  });
});

describe('payment', () => {
  it('requires a payment method', async () => {
    expect(await save({ type: 'payment' })).toEqual({ SUCCESS: 'N', errors: { payment_type: 'Не указан способ оплаты' } });
    expect((await save({ type: 'payment', payment_type: ['BARTER'] })).errors).toEqual({ payment_type: SHOP_MSG.choiceInvalid });
  });

  it('needs a tax system before online payment by card', async () => {
    expect((await save({ type: 'payment', payment_type: ['CASH', 'CARD'] })).errors).toEqual({ tax_system: SHOP_MSG.taxSystemRequired });
    expect((await save({ type: 'payment', payment_type: ['CASH'] })).SUCCESS).toBe('Y');
    const res = await save({
      type: 'payment',
      payment_type: ['NON_CASH', 'CARD'],
      tax_system: 'USN_INCOME',
      about_payment: 'Счет в течение дня',
      about_payment_default: 'N',
    });
    expect(res.SUCCESS).toBe('Y');
    expect(await shop()).toMatchObject({
      PAYMENT_TYPE: ['NON_CASH', 'CARD'],
      TAX_SYSTEM: 'USN_INCOME',
      ABOUT_PAYMENT: 'Счет в течение дня',
      ABOUT_PAYMENT_DEFAULT: 'N',
    });
  });
});

describe('delivery', () => {
  it('needs a minimum order sum unless its check is off, and reads sums as typed', async () => {
    expect((await save({ type: 'delivery', no_check_order_sum: 'N', min_order_sum: '' })).errors).toEqual({ min_order_sum: 'Не указана сумма' });
    expect((await save({ type: 'delivery', min_sum: 'abc', min_order_sum: '1000' })).errors).toEqual({ min_sum: SHOP_MSG.sumInvalid });
    const res = await save({
      type: 'delivery',
      selfdelivery_only: 'N',
      min_sum: '15 000,50',
      delivery_price: '500',
      min_order_sum: '3 000',
      about_delivery: 'По Москве — на следующий день',
      about_delivery_default: 'N',
      show_delay_text: 'Y',
      about_delay: '',
    });
    expect(res.SUCCESS).toBe('Y');
    expect(await shop()).toMatchObject({
      MIN_SUM: '15000.5',
      DELIVERY_PRICE: '500',
      MIN_ORDER_SUM: '3000',
      NO_CHECK_ORDER_SUM: 'N',
      ABOUT_DELIVERY: 'По Москве — на следующий день',
      ABOUT_DELIVERY_DEFAULT: 'N',
      ABOUT_DELAY: '',
    });
    expect((await save({ type: 'delivery', no_check_order_sum: 'Y', min_order_sum: '' })).SUCCESS).toBe('Y');
    expect(await shop()).toMatchObject({ NO_CHECK_ORDER_SUM: 'Y', MIN_ORDER_SUM: '' });
  });

  it('allows self-delivery only with a tradepoint (check_selfdelivery_only)', async () => {
    expect((await save({ type: 'delivery', selfdelivery_only: 'Y', no_check_order_sum: 'Y' })).SUCCESS).toBe('Y');
    const second = await kit.login('owner@second.demo');
    const partner = (
      await kit.t.database.db.selectFrom('shops').select('partner_id').where('shop_link', '=', 'officemarket').executeTakeFirstOrThrow()
    ).partner_id;
    await kit.t.database.db.updateTable('orders').set({ tradepoint_id: null }).where('partner_id', '=', partner).execute();
    await kit.t.database.db.deleteFrom('tradepoints').where('partner_id', '=', partner).execute();
    const res = await save({ type: 'delivery', selfdelivery_only: 'Y', no_check_order_sum: 'Y' }, second);
    expect(res).toEqual({ SUCCESS: 'N', errors: { check_selfdelivery_only: SHOP_MSG.selfdeliveryNeedsTradepoint } });
  });

  it('saves whether orders are taken outside the delivery zones (issue 38 §4): off by default, ADMIN and the owner only', async () => {
    const stored = async () =>
      (await kit.t.database.db.selectFrom('shops').select('delivery_outside_zones').where('shop_link', '=', 'kancler').executeTakeFirstOrThrow())
        .delivery_outside_zones;
    expect((await shop()).DELIVERY_OUTSIDE_ZONES).toBe('N');
    expect(await stored()).toBe(false);
    expect((await save({ type: 'delivery', delivery_outside_zones: 'Y', no_check_order_sum: 'Y' })).SUCCESS).toBe('Y');
    expect((await shop()).DELIVERY_OUTSIDE_ZONES).toBe('Y');
    expect(await stored()).toBe(true);
    // A save of the part that leaves the flag out keeps it, as every flag of the part.
    expect((await save({ type: 'delivery', min_sum: '100', no_check_order_sum: 'Y' })).SUCCESS).toBe('Y');
    expect(await stored()).toBe(true);
    // Not a flag: a field error, nothing saved.
    const wrong = await kit.raw('/v3/api/partner/shop/', 'type=delivery&delivery_outside_zones=maybe');
    expect(wrong.statusCode).toBe(200);
    expect(Object.keys(wrong.json().errors)).toEqual(['delivery_outside_zones']);
    // The other roles may not change it, with or without the part named.
    for (const email of ['orders@partner.demo', 'price@partner.demo', 'clients@partner.demo', 'loyalty@partner.demo']) {
      const token = await kit.login(email);
      expect((await post('/v3/api/partner/shop/', { type: 'delivery', delivery_outside_zones: 'N' }, token)).statusCode, email).toBe(403);
      expect((await post('/v3/api/partner/shop/', { delivery_outside_zones: 'N' }, token)).statusCode, email).toBe(403);
    }
    expect(await stored()).toBe(true);
    expect((await save({ delivery_outside_zones: 'N' }, owner)).SUCCESS).toBe('Y');
    expect((await shop()).DELIVERY_OUTSIDE_ZONES).toBe('N');
    expect(await stored()).toBe(false);
  });
});

describe('settings tab', () => {
  it('checks the shop link: its characters (wrong_link) and that no other shop has it', async () => {
    for (const link of ['my shop', 'магазин', 'shop.ru']) {
      expect((await save({ type: 'settings', shop_link: link })).errors, link).toEqual({ wrong_link: SHOP_MSG.shopLinkInvalid });
    }
    expect((await save({ type: 'settings', shop_link: 'OfficeMarket' })).errors).toEqual({ wrong_link: SHOP_MSG.shopLinkTaken });
    expect((await save({ type: 'settings', shop_link: 'kancler_opt-2' })).SUCCESS).toBe('Y');
    const resolved = (await kit.get('/v3/api/client/shop/?domain_name=kancler_opt-2', null)).json();
    expect(resolved.SHOP).toMatchObject({ SHOP_LINK: 'kancler_opt-2', NAME: 'Канцлер Опт' });
    const unknown = (await kit.get('/v3/api/client/shop/?domain_name=kancler', null)).json();
    expect(unknown).toEqual({ SUCCESS: 'N', errors: { domain_name: MSG.shopLinkUnknown } });
  });

  it('cleans the domain with the helper and refuses long labels, long names and a taken domain (wrong_domain)', async () => {
    expect((await save({ type: 'settings', domain_name: 'https://Opt.Kancler.RU/catalog' })).SUCCESS).toBe('Y');
    expect((await shop()).DOMAIN_NAME).toBe('opt.kancler.ru');
    expect((await save({ type: 'settings', domain_name: 'opt.kancler.ru.-_ ' })).SUCCESS).toBe('Y');
    expect((await shop()).DOMAIN_NAME).toBe('opt.kancler.ru');
    const longLabel = `${'a'.repeat(64)}.ru`;
    const longName = `${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.ru`;
    for (const domain of [longLabel, longName, 'no_underscores.ru', 'localhost']) {
      expect((await save({ type: 'settings', domain_name: domain })).errors, domain).toEqual({ wrong_domain: SHOP_MSG.domainInvalid });
    }
    expect((await save({ type: 'settings', domain_name: `${'a'.repeat(63)}.ru` })).SUCCESS).toBe('Y');
    expect((await save({ type: 'settings', domain_name: 'OfficeMarket.b2b.local' })).errors).toEqual({ wrong_domain: SHOP_MSG.domainTaken });
  });

  it('checks shop e-mails: valid and unique, keyed by their index', async () => {
    const res = await save({ type: 'settings', shop_email: ['sales@kancler.ru', 'not-an-email', 'Sales@Kancler.ru'] });
    expect(res.errors).toEqual({ shop_email_1: 'Неверный формат e-mail адреса', shop_email_2: 'Данная почта уже введена' });
  });

  it('takes up to 5 notification e-mails, keyed by index, with the confirmation checkbox', async () => {
    const six = ['a@kancler.ru', 'b@kancler.ru', 'c@kancler.ru', 'd@kancler.ru', 'e@kancler.ru', 'f@kancler.ru'];
    expect((await save({ type: 'settings', notify_email: six, notify_checkbox: 'Y' })).errors).toEqual({
      notify_email: SHOP_MSG.notifyEmailsTooMany,
    });
    expect((await save({ type: 'settings', notify_email: ['a@kancler.ru', 'b@kancler.ru', 'bad@'], notify_checkbox: 'Y' })).errors).toEqual({
      notify_email_2: 'Неверный формат e-mail адреса',
    });
    expect((await save({ type: 'settings', notify_email: ['a@kancler.ru'], notify_checkbox: 'N' })).errors).toEqual({
      notify_checkbox: 'Подтвердите выполнение всех действий',
    });
    const ok = await save({
      type: 'settings',
      shop_email: ['sales@kancler.ru'],
      notify_email: ['orders@kancler.ru', 'boss@kancler.ru'],
      notify_checkbox: 'Y',
      google_id: 'G-ABC123XYZ',
      registration: 'N',
      allow_physical: 'Y',
      search_title: 'Канцлер — канцтовары оптом',
      search_description: 'Опт для офиса',
    });
    expect(ok.SUCCESS).toBe('Y');
    expect(await shop()).toMatchObject({
      SHOP_EMAIL: ['sales@kancler.ru'],
      NOTIFY_EMAIL: ['orders@kancler.ru', 'boss@kancler.ru'],
      NOTIFY_CHECKBOX: 'Y',
      GOOGLE_ID: 'G-ABC123XYZ',
      REGISTRATION: 'N',
      ALLOW_PHYSICAL: 'Y',
      SEARCH_TITLE: 'Канцлер — канцтовары оптом',
    });
  });
});

describe('the instructions block (§3, issue 39 §3)', () => {
  type Part = { CODE: string; TITLE: string; DONE: string; STEPS: string[] };
  const parts = async () => Object.fromEntries(((await shop()).INSTRUCTIONS as Part[]).map((p) => [p.CODE, p]));

  it("names the shop's own link, domain and the sender of its mail, each marked done from the saved settings", async () => {
    const before = await parts();
    expect(Object.keys(before)).toEqual(['SHOP_LINK', 'DOMAIN', 'MAIL']);
    expect(before.SHOP_LINK).toMatchObject({ TITLE: 'Ссылка на магазин', DONE: 'Y' });
    expect(before.SHOP_LINK.STEPS[0]).toContain(`http://localhost:3000/shop/${(await shop()).SHOP_LINK}`);
    expect(before.MAIL.STEPS.join(' ')).toContain('no-reply@b2b.test');

    expect((await save({ type: 'settings', shop_link: '', domain_name: '', notify_email: [], notify_checkbox: 'N' })).SUCCESS).toBe('Y');
    const bare = await parts();
    expect([bare.SHOP_LINK.DONE, bare.DOMAIN.DONE, bare.MAIL.DONE]).toEqual(['N', 'N', 'N']);
    expect(bare.SHOP_LINK.STEPS[0]).toContain('Укажите ссылку на магазин');

    expect(
      (
        await save({
          type: 'settings',
          shop_link: 'kancler-opt',
          domain_name: 'opt.kancler.ru',
          notify_email: ['orders@kancler.ru'],
          notify_checkbox: 'Y',
        })
      ).SUCCESS,
    ).toBe('Y');
    const done = await parts();
    expect([done.SHOP_LINK.DONE, done.DOMAIN.DONE, done.MAIL.DONE]).toEqual(['Y', 'Y', 'Y']);
    expect(done.SHOP_LINK.STEPS[0]).toContain('http://localhost:3000/shop/kancler-opt');
    expect(done.DOMAIN.STEPS[0]).toContain('http://localhost:3000/shop/opt.kancler.ru');
    // Every partner role reads it with the settings; it is not a field anyone saves.
    const orders = await kit.login('orders@partner.demo');
    expect((await shop(orders)).INSTRUCTIONS).toEqual(await (async () => (await shop()).INSTRUCTIONS)());
    expect((await post('/v3/api/partner/shop/', { instructions: 'x' })).statusCode).toBe(400);
  });
});

describe('remains and price settings', () => {
  it('saves assortment, multiplicity and stock display', async () => {
    expect((await save({ type: 'remains', assortment: 'WIDE' })).errors).toEqual({ assortment: SHOP_MSG.choiceInvalid });
    expect((await save({ type: 'remains', assortment: 'EXTENDED', multiplicity: 'EDINICA', show_stock: 'N' })).SUCCESS).toBe('Y');
    expect(await shop()).toMatchObject({ ASSORTMENT: 'EXTENDED', MULTIPLICITY: 'EDINICA', SHOW_STOCK: 'N' });
  });

  it('needs the currency rate when the currency is not RUB', async () => {
    const url = '/v3/api/partner/pricesettings/';
    expect((await post(url, { price_type: 'RRC', currency: 'USD', currency_rate: '' })).json()).toEqual({
      SUCCESS: 'N',
      errors: { currency_rate: 'Не указано значение курса валюты' },
    });
    expect((await post(url, { currency: 'USD', currency_rate: '-1' })).json().errors).toEqual({ currency_rate: SHOP_MSG.rateInvalid });
    expect((await post(url, { price_type: 'NOPE' })).json().errors).toEqual({ price_type: SHOP_MSG.choiceInvalid });
    expect(
      (await post(url, { price_type: 'PURCHASE', show_margin: 'Y', tax_type: 'WO_VAT', currency: 'USD', currency_rate: '92,5' })).json().SUCCESS,
    ).toBe('Y');
    const read = (await kit.get(url)).json();
    expect(read.ITEM).toEqual({ PRICE_TYPE: 'PURCHASE', SHOW_MARGIN: 'Y', TAX_TYPE: 'WO_VAT', CURRENCY: 'USD', CURRENCY_RATE: '92.5' });
    expect((await post(url, { currency: 'RUB', currency_rate: '92.5' })).json().SUCCESS).toBe('Y');
    expect(await shop()).toMatchObject({ CURRENCY: 'RUB', CURRENCY_RATE: '' });
  });
});

describe('rights', () => {
  it('lets only ADMIN and the owner edit the shop; price settings and remains go to ADMIN and PRICE', async () => {
    const price = await kit.login('price@partner.demo');
    const orders = await kit.login('orders@partner.demo');
    const clients = await kit.login('clients@partner.demo');
    expect((await post('/v3/api/partner/shop/', { type: 'shop', name: 'X' }, orders)).statusCode).toBe(403);
    expect((await post('/v3/api/partner/shop/', { name: 'X' }, price)).statusCode).toBe(403);
    expect((await post('/v3/api/partner/shop/', { type: 'remains', show_stock: 'Y' }, price)).json().SUCCESS).toBe('Y');
    expect((await post('/v3/api/partner/pricesettings/', { currency: 'RUB' }, price)).json().SUCCESS).toBe('Y');
    expect((await post('/v3/api/partner/pricesettings/', { currency: 'RUB' }, clients)).statusCode).toBe(403);
    expect((await post('/v3/api/partner/shop/', { type: 'remains', show_stock: 'Y' }, clients)).statusCode).toBe(403);
    expect((await save({ type: 'shop', name: 'Канцлер Опт' }, owner)).SUCCESS).toBe('Y');
    expect((await save({ type: 'everything' })).errors).toEqual({ type: SHOP_MSG.choiceInvalid });
  });
});

describe('bodies of the wrong shape (issue 10: the contract refuses them, nothing is saved)', () => {
  const SHOP = '/v3/api/partner/shop/';
  const PRICES = '/v3/api/partner/pricesettings/';
  const stored = async () => (await kit.get(SHOP)).json();

  it('refuses a save that names no known field instead of answering "saved"', async () => {
    const before = await stored();
    for (const url of [SHOP, PRICES]) {
      for (const body of [`a${'[0]'.repeat(8)}=1`, '__proto__[x]=1', 'constructor[prototype][x]=1', 'nothing=here', '']) {
        const res = await kit.raw(url, body);
        expect(res.statusCode, `${url} ${body}`).toBe(400);
        expect(res.json().error_description).toBe(MSG.badRequest);
      }
      const json = await kit.raw(url, { unknown: ['x'] });
      expect(json.statusCode, url).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a known field of the wrong type: a list or a map where a text is, a map where a list is', async () => {
    const before = await stored();
    const refusals: [string, string | object, string][] = [
      [SHOP, { type: 'shop', name: ['Другое имя'] }, 'name'],
      [SHOP, { name: { x: 'Другое имя' } }, 'name'],
      [SHOP, 'type=shop&name[0]=Другое&name[1]=имя', 'name'],
      [SHOP, 'type=payment&payment_type[x]=CASH', 'payment_type'],
      [SHOP, { type: 'settings', shop_email: 'a@kancler.ru', notify_email: [['b@kancler.ru']] }, 'notify_email'],
      [SHOP, 'type=settings&registration[]=Y', 'registration'],
      [SHOP, 'type=remains&show_stock=maybe', 'show_stock'],
      [SHOP, { type: 'shop', phones: 'phone' }, 'phones'],
      [SHOP, { type: ['shop'] }, 'type'],
      [PRICES, { currency: ['USD'], currency_rate: '90' }, 'currency'],
      [PRICES, 'price_type[a]=PURCHASE', 'price_type'],
      [PRICES, { show_margin: 7 }, 'show_margin'],
    ];
    for (const [url, body, field] of refusals) {
      const res = await kit.raw(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json().SUCCESS, JSON.stringify(body)).toBe('N');
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await stored()).toEqual(before);
  });

  it('still takes the shapes the web sends: lists as name[i], phones as ph[i][KEY], flags as Y/N', async () => {
    const res = await kit.raw(SHOP, 'type=payment&payment_type[0]=CASH&payment_type[1]=NON_CASH&about_payment_default=Y');
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: SHOP_MSG.saved });
    expect((await stored()).SHOP).toMatchObject({ PAYMENT_TYPE: ['CASH', 'NON_CASH'], ABOUT_PAYMENT_DEFAULT: 'Y' });
  });
});
