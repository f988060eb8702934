import { describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { REQUISITES_MSG } from '@b2b/contracts/shop-requisites';
import { settingsTestApp } from '../shop/settings-test-kit';
import { JPEG, PDF, PNG, type FilePart } from '../shop/test-files';

const URL = '/v3/api/partner/commercial_offer/';
const kit = settingsTestApp();
const save = (fields: Record<string, string>, files: FilePart[] = [], token = kit.admin) => kit.upload(URL, fields, files, token);
const read = async (token = kit.admin) => (await kit.get(URL, token)).json();

const VALID = {
  orgName: 'ООО «Канцлер Опт»',
  inn: '7707083893',
  ogrn: '1027700132195',
  kpp: '773601001',
  postcode: '127018',
  phone: '+7 (495) 787-45-12',
  email: 'sales@kancler.ru',
  url: 'https://kancler.ru',
  legalAddress: 'г. Москва, ул. Складочная, д. 1',
  bank: 'ПАО Сбербанк',
  checkingAccount: '40702 81040 0000000225',
  bik: '044525225',
  corAccount: '30101810400000000225',
  actualDays: '10',
  isActualDays: 'Y',
  vat: 'WO_VAT',
  'basketExport[photo]': 'Y',
  'basketExport[article]': 'N',
};

describe('commercial-offer settings', () => {
  it('reads the seed requisites', async () => {
    const body = await read(await kit.login('loyalty@partner.demo'));
    expect(body.SUCCESS).toBe('Y');
    expect(body.ITEM).toMatchObject({
      orgName: 'ООО «Канцлер Опт»',
      bik: '044525225',
      actualDays: 5,
      isActualDays: 'Y',
      vat: 'WITH_VAT',
      logo: null,
      stamp: null,
    });
  });

  it('checks the digits, lengths and check numbers of the requisites', async () => {
    const res = (
      await save({
        orgName: '',
        inn: '770708389',
        ogrn: '1027700132190',
        kpp: '77360100',
        postcode: '1270',
        email: 'sales@',
        url: 'not a site',
        checkingAccount: '4070281',
        bik: '123456789',
        corAccount: '30101810400000000999',
        actualDays: '0',
        isActualDays: 'Y',
        vat: 'X',
      })
    ).json();
    expect(res).toEqual({
      SUCCESS: 'N',
      errors: {
        orgName: 'Не заполнены обязательные поля',
        inn: REQUISITES_MSG.innLength,
        ogrn: REQUISITES_MSG.ogrnChecksum,
        kpp: REQUISITES_MSG.kppLength,
        postcode: REQUISITES_MSG.postcodeLength,
        email: SHOP_MSG.emailInvalid,
        url: REQUISITES_MSG.urlInvalid,
        checkingAccount: REQUISITES_MSG.checkingAccountLength,
        bik: REQUISITES_MSG.bikLength,
        corAccount: REQUISITES_MSG.corAccountBik,
        actualDays: REQUISITES_MSG.actualDays,
        vat: SHOP_MSG.choiceInvalid,
      },
    });
    expect((await save({ ...VALID, inn: '7707083890' })).json().errors).toEqual({ inn: REQUISITES_MSG.innChecksum });
    expect((await save({ ...VALID, inn: '' })).json().errors).toEqual({ inn: 'Не заполнены обязательные поля' });
    expect((await save({ ...VALID, orgName: 'О'.repeat(256), email: `${'a'.repeat(250)}@kancler.ru` })).json().errors).toEqual({
      orgName: SHOP_MSG.textTooLong(255),
      email: SHOP_MSG.textTooLong(254),
    });
    expect((await save({ ...VALID, corAccount: '40101810400000000225' })).json().errors).toEqual({ corAccount: REQUISITES_MSG.corAccountLength });
  });

  it('saves every field, a jpeg logo and a png seal checked by content', async () => {
    const res = (
      await save(VALID, [
        { field: 'logo', filename: 'logo.jpg', data: JPEG },
        { field: 'stamp', filename: 'печать.png', data: PNG },
      ])
    ).json();
    expect(res).toMatchObject({ SUCCESS: 'Y', MESSAGE: REQUISITES_MSG.saved });
    const item = (await read()).ITEM;
    expect(item).toMatchObject({
      orgName: 'ООО «Канцлер Опт»',
      inn: '7707083893',
      checkingAccount: '40702810400000000225',
      actualDays: 10,
      isActualDays: 'Y',
      vat: 'WO_VAT',
      basketExport: { photo: 'Y', article: 'N', description: 'N' },
      logo: { NAME: 'logo.jpg', SIZE: JPEG.length },
      stamp: { NAME: 'печать.png' },
    });
    const seal = await kit.get(item.stamp.URL);
    expect(seal.headers['content-type']).toBe('image/png');
    expect((await kit.get(item.stamp.URL, null)).statusCode).toBe(401);
  });

  it('refuses a logo or seal that is not a jpeg or png inside, and removes them on request', async () => {
    const res = (await save(VALID, [{ field: 'stamp', filename: 'stamp.png', data: PDF }])).json();
    expect(res).toEqual({ SUCCESS: 'N', errors: { stamp: 'Недопустимый тип файла' } });
    expect((await save({ logo_del: 'Y' })).json().SUCCESS).toBe('Y');
    const item = (await read()).ITEM;
    expect(item.logo).toBeNull();
    expect(item.stamp).not.toBeNull();
    expect(item.orgName).toBe('ООО «Канцлер Опт»');
  });

  it('is edited by ADMIN and the owner only', async () => {
    for (const email of ['orders@partner.demo', 'price@partner.demo', 'clients@partner.demo']) {
      expect((await save(VALID, [], await kit.login(email))).statusCode, email).toBe(403);
    }
    expect((await save(VALID, [], await kit.login('owner@partner.demo'))).json().SUCCESS).toBe('Y');
    const manager = await kit.login('manager@platform.demo');
    expect((await kit.get(URL, manager)).statusCode).toBe(403);
  });
});

describe('a commercial-offer save of the wrong shape (issue 10: refused, nothing is saved)', () => {
  const raw = (body: string | object) => kit.raw(URL, body);

  it('refuses a save that names no known field instead of answering "saved"', async () => {
    const before = await read();
    for (const body of [`a${'[0]'.repeat(8)}=1`, '__proto__[x]=1', 'nothing=here', '']) {
      const res = await raw(body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().error_description).toBe(MSG.badRequest);
    }
    expect((await raw({ unknown: [1] })).statusCode).toBe(400);
    expect(await read()).toEqual(before);
  });

  it('refuses a known field of the wrong type', async () => {
    const before = await read();
    const refusals: [string | object, string][] = [
      [{ orgName: ['ООО «Другое»'] }, 'orgName'],
      [{ inn: { x: '7707083893' } }, 'inn'],
      ['orgName[0]=ООО&orgName[1]=Другое', 'orgName'],
      ['isActualDays[]=Y', 'isActualDays'],
      [{ basketExport: ['Y'] }, 'basketExport'],
      ['basketExport[photo][0]=Y', 'basketExport'],
      [{ logo_del: 'maybe' }, 'logo_del'],
      [{ logo: { size: 1, type: 'image/png' } }, 'logo'],
    ];
    for (const [body, field] of refusals) {
      const res = await raw(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json().SUCCESS, JSON.stringify(body)).toBe('N');
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await read()).toEqual(before);
  });
});
