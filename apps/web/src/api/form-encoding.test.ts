import { describe, expect, it } from 'vitest';
import { encodeBody, encodeQuery, flattenFields, hasFiles } from './form-encoding';

describe('flattenFields', () => {
  it('flattens arrays as name[i] and objects as name[key]', () => {
    expect(
      flattenFields({
        clients: [3, 5],
        filter: { status: 'NEW', dates: { from: 1, to: 2 } },
        rows: [{ id: 1, price: '10.50' }],
        delete: true,
        active: false,
        skipped: null,
        missing: undefined,
        empty: '',
      }),
    ).toEqual([
      ['clients[0]', '3'],
      ['clients[1]', '5'],
      ['filter[status]', 'NEW'],
      ['filter[dates][from]', '1'],
      ['filter[dates][to]', '2'],
      ['rows[0][id]', '1'],
      ['rows[0][price]', '10.50'],
      ['delete', 'Y'],
      ['active', 'N'],
      ['empty', ''],
    ]);
  });
});

describe('encodeBody', () => {
  it('form-encodes plain values', () => {
    const body = encodeBody({ name: 'Группа 1', clients: [7] });
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(body.toString()).toBe('name=%D0%93%D1%80%D1%83%D0%BF%D0%BF%D0%B0+1&clients%5B0%5D=7');
  });

  it('goes multipart when a file is present, keeping its name', async () => {
    const file = new File(['a;b'], 'price.csv', { type: 'text/csv' });
    const fields = { files: [file], note: 'x' };
    expect(hasFiles(fields)).toBe(true);
    const body = encodeBody(fields);
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('note')).toBe('x');
    const sent = form.get('files[0]') as File;
    expect(sent.name).toBe('price.csv');
    expect(await sent.text()).toBe('a;b');
  });
});

describe('encodeQuery', () => {
  it('encodes the same way and leaves files out', () => {
    expect(encodeQuery({ status: ['NEW', 'VIEWED'], limit: 12, file: new Blob(['x']) }).toString()).toBe(
      'status%5B0%5D=NEW&status%5B1%5D=VIEWED&limit=12',
    );
  });
});
