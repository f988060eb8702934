import { zipBombXlsx } from '@/files/spreadsheet-test-files';
import { multipart } from '@/test/multipart';

export interface HostileBody {
  name: string;
  payload: string | Buffer;
  headers: Record<string, string>;
}

const json = (value: unknown): Pick<HostileBody, 'payload' | 'headers'> => ({
  payload: typeof value === 'string' ? value : JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});
const formText = (text: string): Pick<HostileBody, 'payload' | 'headers'> => ({
  payload: text,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** A PNG's first bytes: a picture, whatever its name says. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(256, 1)]);

const FILE_FIELDS = ['file', 'logo', 'image', 'files[0]', 'delivery_exclude'];

/** Over every route's cap (the largest, an offer's four 10 MB files and a form, is 41 MB): one buffer, sent to each. */
const BOMB = Buffer.alloc(48 * 1024 * 1024, 'a');

export const BODY_OVER_EVERY_CAP = (): HostileBody[] => [
  { name: 'a 48 MB form', ...formText(''), payload: BOMB },
  { name: 'a 48 MB JSON', ...json(''), payload: BOMB },
  { name: 'a 48 MB multipart text field', ...multipart([{ name: 'name', value: BOMB }]) },
];

/** The bodies every POST route must refuse (4xx or SUCCESS "N"), never with a 5xx, and without changing data. */
export function hostileBodies(): HostileBody[] {
  const deep = `${'a'}${'[0]'.repeat(300)}=1`;
  const deepJson = JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`) as unknown;
  return [
    {
      name: 'wrong types (JSON)',
      ...json({ action: ['accept', 'cancel'], orders: { all: true }, name: { x: 1 }, delete: 7, clients: 'x', employee_id: [1] }),
    },
    { name: 'wrong types (form)', ...formText('action[0]=accept&action[1]=cancel&orders[x]=1&delete[]=Y&clients=abc&employee_id[a]=1') },
    { name: '1 MB strings', ...formText(`name=${'я'.repeat(300_000)}&action=${'x'.repeat(200_000)}&query=${'q'.repeat(100_000)}`) },
    { name: 'deep form nesting', ...formText(deep) },
    { name: 'deep JSON nesting', ...json(deepJson) },
    // ~10 KB nesting 5,000 deep: once a stack overflow (500) on every route that takes a body.
    { name: 'JSON nested 5,000 deep', ...json(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`) },
    ...BODY_OVER_EVERY_CAP(),
    { name: '__proto__ keys (JSON)', ...json('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"action":"accept"}') },
    { name: '__proto__ keys (form)', ...formText('__proto__[polluted]=yes&constructor[prototype][polluted]=yes&action=accept') },
    {
      name: 'broken multipart',
      payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004 truncated'),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    },
    { name: 'a PNG named .xlsx', ...multipart(FILE_FIELDS.map((name) => ({ name, filename: 'price.xlsx', value: PNG }))) },
    { name: 'a zip bomb named .xlsx', ...multipart(FILE_FIELDS.map((name) => ({ name, filename: 'bomb.xlsx', value: zipBombXlsx(300, 'lying') }))) },
    { name: 'an 11 MB file', ...multipart([{ name: 'file', filename: 'big.xlsx', value: Buffer.alloc(11 * 1024 * 1024, 7) }]) },
  ];
}
