import { describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { settingsTestApp, type FormFields } from './settings-test-kit';
import { DOCX, JPEG, ODT, OLE_DOC, PDF, PNG, xlsxOf, type FilePart } from './test-files';

const kit = settingsTestApp();
const upload = (fields: FormFields, files: FilePart[], url = '/v3/api/partner/shop/', token = kit.admin) => kit.upload(url, fields, files, token);
const shopFile = (i: number, filename: string, data: Buffer): FilePart => ({ field: `shop_file[${i}]`, filename, data });
const settings = async () => (await kit.get('/v3/api/partner/shop/')).json().SHOP;

describe('shop files', () => {
  it('refuses a file whose content is not what its name says: a .png holding a PDF', async () => {
    const res = (await upload({ type: 'shop' }, [shopFile(0, 'price.png', PDF)])).json();
    expect(res).toEqual({ SUCCESS: 'N', errors: { shop_file: 'Недопустимый тип файла' } });
    const exe = (await upload({ type: 'shop' }, [shopFile(0, 'setup.exe', Buffer.from('MZ\x90\x00'))])).json();
    expect(exe.errors).toEqual({ shop_file: 'Недопустимый тип файла' });
    const fakeDocx = (await upload({ type: 'shop' }, [shopFile(0, 'contract.docx', PNG)])).json();
    expect(fakeDocx.errors).toEqual({ shop_file: 'Недопустимый тип файла' });
  });

  it('refuses a file of 5 MB and one byte with the spec text', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(LIMITS.shopFileMaxBytes + 1 - PDF.length, 0x20)]);
    const res = (await upload({ type: 'shop' }, [shopFile(0, 'big.pdf', big)])).json();
    expect(res).toEqual({ SUCCESS: 'N', errors: { shop_file: 'Размер файла не должен превышать 5МБ' } });
    const exact = Buffer.concat([PDF, Buffer.alloc(LIMITS.shopFileMaxBytes - PDF.length, 0x20)]);
    expect((await upload({ type: 'shop' }, [shopFile(0, 'exact.pdf', exact)])).json().SUCCESS).toBe('Y');
  });

  it('takes the allowed kinds by content, up to 5, and refuses a sixth', async () => {
    const xlsx = await xlsxOf([['Прайс'], [100001]]);
    const res = await upload({ type: 'shop' }, [
      shopFile(0, 'Договор.docx', DOCX),
      shopFile(1, 'Прайс.xlsx', xlsx),
      shopFile(2, 'Реквизиты.odt', ODT),
      shopFile(3, 'Фото.JPG', JPEG),
    ]);
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: SHOP_MSG.saved });
    const files = (await settings()).FILES;
    expect(files.map((f: { NAME: string }) => f.NAME)).toEqual(['exact.pdf', 'Договор.docx', 'Прайс.xlsx', 'Реквизиты.odt', 'Фото.JPG']);

    const sixth = (await upload({ type: 'shop' }, [shopFile(0, 'sixth.csv', Buffer.from('код;цена\n100001;10\n'))])).json();
    expect(sixth).toEqual({ SUCCESS: 'N', errors: { shop_file: SHOP_MSG.shopFilesTooMany } });
    expect((await settings()).FILES).toHaveLength(5);
  });

  it('removes a file with shop_file_del, which frees a slot; the public address serves the files', async () => {
    const before = (await settings()).FILES as { ID: string; NAME: string; URL: string }[];
    const docx = before.find((f) => f.NAME === 'Договор.docx')!;
    const served = await kit.get(docx.URL, null);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('wordprocessingml');
    expect(served.headers['content-disposition']).toContain("filename*=UTF-8''%D0%94");

    const res = await upload({ type: 'shop', 'shop_file_del[0]': docx.ID }, [shopFile(0, 'Заявка.doc', OLE_DOC)]);
    expect(res.json().SUCCESS).toBe('Y');
    const names = ((await settings()).FILES as { NAME: string }[]).map((f) => f.NAME);
    expect(names).not.toContain('Договор.docx');
    expect(names).toContain('Заявка.doc');
    expect((await kit.get(docx.URL, null)).statusCode).toBe(404);
  });

  it('takes a jpeg or png logo by content and removes it with logo_del', async () => {
    expect((await upload({ type: 'shop' }, [{ field: 'logo', filename: 'logo.png', data: PDF }])).json().errors).toEqual({
      logo: 'Недопустимый тип файла',
    });
    expect((await upload({ type: 'shop' }, [{ field: 'logo', filename: 'logo.png', data: PNG }])).json().SUCCESS).toBe('Y');
    const logo = (await settings()).LOGO;
    expect(logo).toMatchObject({ NAME: 'logo.png', SIZE: PNG.length });
    const served = await kit.get(logo.URL, null);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await upload({ type: 'shop', logo_del: 'Y' }, [])).json().SUCCESS).toBe('Y');
    expect((await settings()).LOGO).toBeNull();
    expect((await kit.get(logo.URL, null)).statusCode).toBe(404);
  });

  it('stores images of the about text for the editor, images only', async () => {
    const ok = (await upload({}, [{ field: 'image', filename: 'склад.jpg', data: JPEG }], '/v3/api/partner/shop/image/')).json();
    expect(ok).toEqual({
      SUCCESS: 'Y',
      FILE: { ID: expect.any(String), URL: expect.stringMatching(/^\/v3\/api\/client\/shop\/file\/\d+\/[0-9a-f-]+\/$/) },
    });
    expect((await kit.get(ok.FILE.URL, null)).statusCode).toBe(200);
    const bad = (await upload({}, [{ field: 'image', filename: 'doc.jpg', data: PDF }], '/v3/api/partner/shop/image/')).json();
    expect(bad).toEqual({ SUCCESS: 'N', errors: { image: 'Недопустимый тип файла' } });
    const orders = await kit.login('orders@partner.demo');
    expect((await upload({}, [{ field: 'image', filename: 'a.png', data: PNG }], '/v3/api/partner/shop/image/', orders)).statusCode).toBe(403);
  });

  it('never serves a private file at the public address', async () => {
    const partnerId = (await settings()).ID;
    await kit.upload('/v3/api/partner/delivery_exclude/', {}, [{ field: 'file', filename: 'codes.csv', data: Buffer.from('100001\n') }]);
    const file = (await kit.get('/v3/api/partner/delivery_exclude/')).json().FILE;
    expect(file).not.toBeNull();
    expect((await kit.get(`/v3/api/client/shop/file/${partnerId}/${file.ID}/`, null)).statusCode).toBe(404);
  });
});
