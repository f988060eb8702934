import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_1C_LIMITS, EXCHANGE_1C_MSG, EXCHANGE_1C_SETTINGS_MSG } from '@b2b/contracts/exchange-1c';
import { MSG, ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { verifyPassword } from '@/modules/auth/passwords';
import { settingsTestApp, type FormFields } from '@/modules/shop/settings-test-kit';
import { DEMO_EXCHANGE_1C_LOGIN } from '@/seed/exchange-1c-seed';
import { bearer, createTestApp, DEMO_PASSWORD } from '@/test/test-app';
import { exchangeRunsRepo } from './exchange-runs.repo';

const URL = '/v3/api/partner/exchange1c/';
const LOG = '/v3/api/partner/exchange1c/log/';
const M = { ...EXCHANGE_1C_MSG, ...EXCHANGE_1C_SETTINGS_MSG };
const kit = settingsTestApp();
const db = () => kit.t.database.db;
const read = async (token = kit.admin) => {
  const res = await kit.get(URL, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const save = (fields: FormFields, token = kit.admin) => kit.post(URL, fields, token);
const partnerOf = async (email: string) =>
  Number((await db().selectFrom('users').select('partner_id').where('email', '=', email).executeTakeFirstOrThrow()).partner_id);
const settingsRow = async (partnerId: number) =>
  db().selectFrom('exchange_1c_settings').selectAll().where('partner_id', '=', partnerId).executeTakeFirst();
const baseList = async (partnerId: number) =>
  Number(
    (await db().selectFrom('price_lists').select('id').where('partner_id', '=', partnerId).where('is_base', '=', true).executeTakeFirstOrThrow()).id,
  );

describe('the exchange settings (issue 41)', () => {
  it('shows the demo account without its password, the address for 1C and the demo mapping', async () => {
    const main = await partnerOf('admin@partner.demo');
    const res = await kit.t.app.inject({ method: 'GET', url: URL, headers: { ...bearer(kit.admin), host: 'shop.example:8080' } });
    const body = res.json();
    expect(body).toEqual({
      LOGIN: DEMO_EXCHANGE_1C_LOGIN,
      HAS_PASSWORD: 'Y',
      URL: 'http://shop.example:8080/exchange/1c',
      STATUSES: ['NEW', 'VIEWED', 'IN_BASKET'],
      PRICE_MAP: [{ TYPE_ID: 'Оптовая', TYPE_NAME: 'Оптовая', PRICE_LIST_ID: await baseList(main) }],
      PRICE_TYPES_SEEN: [],
      PRICE_LISTS: expect.any(Array),
      ORDER_STATUSES: ORDER_STATUS_LABEL,
    });
    expect(res.body).not.toMatch(/argon2|password_hash|demo1234/i);
    const { rows } = await sql<{ id: string; name: string; kind: string }>`
      select id, name, kind from price_lists where partner_id = ${main} and deleted_at is null order by kind desc, sort, id`.execute(db());
    expect(body.PRICE_LISTS.map((l: { ID: number; NAME: string; KIND: string }) => [l.ID, l.NAME, l.KIND])).toEqual(
      rows.map((r) => [Number(r.id), r.name, r.kind]),
    );
    const stored = await settingsRow(main);
    expect(stored!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored!.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it('builds the address from X-Forwarded-Proto and -Host only behind a trusted proxy', async () => {
    const forwarded = { host: 'internal:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'b2b.example.ru' };
    const untrusted = await kit.t.app.inject({ method: 'GET', url: URL, headers: { ...bearer(kit.admin), ...forwarded } });
    expect(untrusted.json().URL).toBe('http://internal:3000/exchange/1c');
    const behindProxy = await createTestApp({ TRUST_PROXY: true });
    try {
      const token = await behindProxy.login('admin@partner.demo');
      const res = await behindProxy.app.inject({ method: 'GET', url: URL, headers: { ...bearer(token), ...forwarded } });
      expect(res.json().URL).toBe('https://b2b.example.ru/exchange/1c');
    } finally {
      await behindProxy.close();
    }
  });

  it('is for ADMIN and the owner only: ORDERS, PRICE, CLIENTS, LOYALTY and the manager get 403, nobody signed in 401', async () => {
    for (const email of ['orders@partner.demo', 'price@partner.demo', 'clients@partner.demo', 'loyalty@partner.demo', 'manager@platform.demo']) {
      const token = await kit.login(email);
      expect((await kit.get(URL, token)).statusCode, email).toBe(403);
      expect((await kit.get(LOG, token)).statusCode, email).toBe(403);
      expect((await save({ statuses: ['NEW'] }, token)).statusCode, email).toBe(403);
    }
    expect((await kit.get(URL, null)).statusCode).toBe(401);
    expect((await kit.get(LOG, null)).statusCode).toBe(401);
    const owner = await kit.login('owner@partner.demo');
    expect((await read(owner)).LOGIN).toBe(DEMO_EXCHANGE_1C_LOGIN);
    expect((await kit.get(LOG, owner)).statusCode).toBe(200);
    // Nothing the refused calls sent was saved.
    expect((await read()).STATUSES).toEqual(['NEW', 'VIEWED', 'IN_BASKET']);
  });

  it('saves login, password (hashed, never sent back), statuses and the mapping; an empty password keeps it', async () => {
    const main = await partnerOf('admin@partner.demo');
    const column = await db()
      .selectFrom('price_lists')
      .select('id')
      .where('partner_id', '=', main)
      .where('kind', '=', 'COLUMN')
      .executeTakeFirstOrThrow();
    const base = await baseList(main);
    await db()
      .updateTable('exchange_1c_settings')
      .set({ price_types_seen: JSON.stringify([{ id: 'b1a-77', name: 'Розничная', currency: 'RUB' }]) })
      .where('partner_id', '=', main)
      .execute();
    const res = await save({
      login: 'Obmen-1C@kancler.ru',
      password: ' секрет 1С ',
      statuses: ['completed', 'NEW', 'NEW'],
      'price_map[0][type_name]': 'Оптовая',
      'price_map[0][price_list_id]': String(base),
      'price_map[1][type_name]': 'розничная',
      'price_map[1][price_list_id]': String(column.id),
    });
    expect(res.json()).toEqual({ SUCCESS: 'Y', MESSAGE: M.saved });
    expect(res.body).not.toContain('секрет');
    const view = await read();
    expect(view).toMatchObject({
      LOGIN: 'Obmen-1C@kancler.ru',
      HAS_PASSWORD: 'Y',
      STATUSES: ['NEW', 'COMPLETED'],
      PRICE_MAP: [
        { TYPE_ID: 'Оптовая', TYPE_NAME: 'Оптовая', PRICE_LIST_ID: base },
        // Named as 1C named it in its last offers.xml: its Ид is taken from there.
        { TYPE_ID: 'b1a-77', TYPE_NAME: 'розничная', PRICE_LIST_ID: Number(column.id) },
      ],
      PRICE_TYPES_SEEN: [{ ID: 'b1a-77', NAME: 'Розничная', CURRENCY: 'RUB' }],
    });
    expect(JSON.stringify(view)).not.toContain('секрет');
    const hash = (await settingsRow(main))!.password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, ' секрет 1С ')).toBe(true);

    expect((await save({ login: 'obmen-1c@kancler.ru', password: '' })).json().SUCCESS).toBe('Y');
    expect((await settingsRow(main))!.password_hash).toBe(hash);
    expect((await save({ statuses: '' })).json().SUCCESS).toBe('Y');
    expect((await read()).STATUSES).toEqual([]);
    expect((await save({ price_map: '' })).json().SUCCESS).toBe('Y');
    expect((await read()).PRICE_MAP).toEqual([]);
    expect((await read()).LOGIN).toBe('obmen-1c@kancler.ru');
  });

  it('ends the sessions of the old account when its login or password changes', async () => {
    const main = await partnerOf('admin@partner.demo');
    const sessions = async () =>
      Number((await sql<{ n: string }>`select count(*) n from exchange_1c_sessions where partner_id = ${main}`.execute(db())).rows[0].n);
    const open = () =>
      db()
        .insertInto('exchange_1c_sessions')
        .values({ partner_id: main, token_hash: `h${Math.random()}` })
        .execute();
    await open();
    expect((await save({ statuses: ['NEW'] })).json().SUCCESS).toBe('Y');
    expect(await sessions()).toBe(1);
    expect((await save({ password: 'другой-пароль' })).json().SUCCESS).toBe('Y');
    expect(await sessions()).toBe(0);
    await open();
    expect((await save({ login: 'new-login@kancler.ru' })).json().SUCCESS).toBe('Y');
    expect(await sessions()).toBe(0);
  });

  it('refuses what 1C could not use, each under its field, and saves nothing then', async () => {
    const main = await partnerOf('admin@partner.demo');
    const second = await partnerOf('owner@second.demo');
    const before = await read();
    const base = await baseList(main);
    const theirs = await baseList(second);
    const refusals: [FormFields, Record<string, string>][] = [
      [{ login: '' }, { login: M.loginRequired }],
      [{ login: 'a:b' }, { login: M.loginInvalid }],
      [{ login: 'обмен 1С' }, { login: M.loginInvalid }],
      [{ login: 'x'.repeat(EXCHANGE_1C_LIMITS.loginMax + 1) }, { login: M.loginTooLong }],
      [{ password: '12345' }, { password: M.passwordTooShort }],
      [{ password: 'p'.repeat(EXCHANGE_1C_LIMITS.passwordMax + 1) }, { password: M.passwordTooLong }],
      [{ password: 'abc\tdefgh' }, { password: M.passwordInvalid }],
      [{ statuses: ['NEW', 'SHIPPED'] }, { statuses: M.unknownStatus }],
      [{ 'price_map[0][price_list_id]': String(base) }, { 'price_map[0][type_name]': M.priceTypeRequired }],
      [{ 'price_map[0][type_name]': 'Оптовая' }, { 'price_map[0][price_list_id]': M.priceListRequired }],
      [
        { 'price_map[0][type_name]': 'Оптовая', 'price_map[0][price_list_id]': String(theirs) },
        { 'price_map[0][price_list_id]': M.unknownPriceList },
      ],
      [{ 'price_map[0][type_name]': 'Оптовая', 'price_map[0][price_list_id]': 'первый' }, { 'price_map[0][price_list_id]': M.unknownPriceList }],
      [
        {
          'price_map[0][type_name]': 'Оптовая',
          'price_map[0][price_list_id]': String(base),
          'price_map[1][type_name]': 'ОПТОВАЯ',
          'price_map[1][price_list_id]': String(base),
        },
        { 'price_map[1][type_name]': M.priceTypeTwice, 'price_map[1][price_list_id]': M.priceListTwice },
      ],
    ];
    for (const [fields, errors] of refusals) {
      expect((await save(fields)).json(), JSON.stringify(fields)).toEqual({ SUCCESS: 'N', errors });
    }
    expect(await read()).toEqual(before);

    const nothing = await kit.raw(URL, 'unknown=1');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error_description).toBe(MSG.badRequest);
    expect((await kit.raw(URL, { login: ['a', 'b'] })).json().SUCCESS).toBe('N');
  });

  it('asks for a password with the first login, and a login with the first password', async () => {
    const token = await kit.login('owner@second.demo');
    expect((await read(token)).HAS_PASSWORD).toBe('N');
    expect((await save({ login: 'office@1c.test' }, token)).json()).toEqual({ SUCCESS: 'N', errors: { password: M.passwordRequired } });
    expect((await save({ password: 'secret-1c' }, token)).json()).toEqual({ SUCCESS: 'N', errors: { login: M.loginRequired } });
    expect((await save({ statuses: ['NEW'] }, token)).json().SUCCESS).toBe('Y');
  });

  it("never shows or accepts another partner's data", async () => {
    const second = await partnerOf('owner@second.demo');
    const main = await partnerOf('admin@partner.demo');
    const token = await kit.login('owner@second.demo');
    const view = await read(token);
    expect(view.LOGIN).toBeNull();
    expect(view.PRICE_MAP).toEqual([]);
    const { rows } = await sql<{ id: string }>`select id from price_lists where partner_id = ${second} and deleted_at is null`.execute(db());
    expect(view.PRICE_LISTS.map((l: { ID: number }) => l.ID).sort()).toEqual(rows.map((r) => Number(r.id)).sort());
    // The first partner's account name is taken, whatever its case.
    const taken = (await read()).LOGIN as string;
    expect((await save({ login: taken.toUpperCase(), password: 'secret-1c' }, token)).json()).toEqual({
      SUCCESS: 'N',
      errors: { login: M.loginTaken },
    });
    expect((await settingsRow(second))?.login ?? null).toBeNull();
    expect((await settingsRow(main))!.login).toBe(taken);
  });

  it('keeps a login to one partner under 30 parallel saves (the unique index decides)', async () => {
    const hash = (await db().selectFrom('users').select('password_hash').where('email', '=', 'admin@partner.demo').executeTakeFirstOrThrow())
      .password_hash;
    const tokens = [kit.admin, await kit.login('owner@second.demo')];
    for (let i = tokens.length; i < 30; i++) {
      const partner = await db()
        .insertInto('partners')
        .values({ name: `Гонка ${i}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const email = `owner${i}@race.test`;
      await db()
        .insertInto('users')
        .values({
          kind: 'PARTNER',
          partner_id: partner.id,
          email,
          password_hash: hash,
          is_owner: true,
          name: 'Владелец',
          email_confirmed_at: new Date(),
        })
        .execute();
      tokens.push(await kit.login(email));
    }
    const answers = await Promise.all(tokens.map((token) => save({ login: 'race@1c.test', password: 'secret-1c' }, token)));
    const bodies = answers.map((a) => a.json());
    const won = bodies.filter((b) => b.SUCCESS === 'Y');
    expect(won).toHaveLength(1);
    for (const b of bodies.filter((x) => x.SUCCESS !== 'Y')) expect(b).toEqual({ SUCCESS: 'N', errors: { login: M.loginTaken } });
    const { rows } = await sql<{ partner_id: string }>`select partner_id from exchange_1c_settings where lower(login) = 'race@1c.test'`.execute(db());
    expect(rows).toHaveLength(1);
    const winner = tokens[bodies.findIndex((b) => b.SUCCESS === 'Y')];
    expect((await read(winner)).LOGIN).toBe('race@1c.test');
  });
});

describe('the exchange log (issue 41)', () => {
  it('pages the runs newest first, each figure as exchange_1c_runs holds it, for its own partner only', async () => {
    const main = await partnerOf('admin@partner.demo');
    const second = await partnerOf('owner@second.demo');
    const runs = exchangeRunsRepo(db());
    const session = await db()
      .insertInto('exchange_1c_sessions')
      .values({ partner_id: main, token_hash: `log-${Date.now()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 23; i++) {
      const run = await db()
        .insertInto('exchange_1c_runs')
        .values({
          partner_id: main,
          session_id: session.id,
          type: 'catalog',
          mode: 'import',
          filename: `offers${i}.xml`,
          files: JSON.stringify([{ name: `offers${i}.xml`, bytes: 1000 + i }]),
          unmatched: '[]',
          errors: '[]',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const report = runs.report(main, run.id);
      await report.count({ prices: i * 10, stock_rows: i, products_matched: i * 2 });
      await report.unmatched(Array.from({ length: i % 4 }, (_, k) => ({ id: `guid-${i}-${k}`, code: `C${k}`, name: `Товар ${k}` })));
      if (i % 5 === 1) await report.refused([`Строка ${i}: ${M.badPrice}`]);
      if (i % 7 === 3) await runs.fail(main, run.id, M.noPriceMapping);
      else if (i !== 22) await runs.succeed(main, run.id, 'Загрузка завершена');
      else await report.progress(100 * 0.4, 'Обработано 40 000 предложений из 100 000');
    }
    await runs.logSale(main, session.id, 'query', 17);
    await runs.logSale(second, 0, 'query', 3);

    const total = Number((await sql<{ n: string }>`select count(*) n from exchange_1c_runs where partner_id = ${main}`.execute(db())).rows[0].n);
    expect(total).toBe(24);
    const pageSize = EXCHANGE_1C_LIMITS.logPageSize;
    const seen: number[] = [];
    for (let offset = 0; offset < total; offset += pageSize) {
      const res = await kit.get(`${LOG}?offset=${offset}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.NAV).toEqual({ CNT: total, CNT_ALL: total });
      const { rows } = await sql<Record<string, unknown>>`
        select id, type, mode, filename, status, progress, progress_text, files, products_matched, prices, stock_rows, orders_sent,
               orders_updated, unmatched_count, unmatched, rows_refused, errors,
               floor(extract(epoch from started_at))::bigint as started, floor(extract(epoch from finished_at))::bigint as finished
        from exchange_1c_runs where partner_id = ${main} order by started_at desc, id desc limit ${pageSize} offset ${offset}`.execute(db());
      expect(body.ITEMS).toHaveLength(rows.length);
      body.ITEMS.forEach((item: Record<string, unknown>, k: number) => {
        const r = rows[k];
        expect(item).toEqual({
          ID: Number(r.id),
          TYPE: r.type,
          MODE: r.mode,
          FILENAME: r.filename,
          STATUS: r.status,
          PROGRESS: Number(r.progress),
          PROGRESS_TEXT: r.progress_text,
          FILES: (r.files as { name: string; bytes: number }[]).map((f) => ({ NAME: f.name, BYTES: f.bytes })),
          PRODUCTS_MATCHED: Number(r.products_matched),
          PRICES: Number(r.prices),
          STOCK_ROWS: Number(r.stock_rows),
          ORDERS_SENT: Number(r.orders_sent),
          ORDERS_UPDATED: Number(r.orders_updated),
          UNMATCHED_COUNT: Number(r.unmatched_count),
          UNMATCHED: (r.unmatched as { id: string; code: string; name: string }[]).map((u) => ({ ID: u.id, CODE: u.code, NAME: u.name })),
          ROWS_REFUSED: Number(r.rows_refused),
          ERRORS: r.errors,
          STARTED_AT: Number(r.started),
          FINISHED_AT: r.finished === null ? null : Number(r.finished),
        });
        seen.push(Number(r.id));
      });
    }
    expect(new Set(seen).size).toBe(total);

    const first = (await kit.get(LOG)).json().ITEMS;
    expect(first[0]).toMatchObject({ TYPE: 'sale', MODE: 'query', ORDERS_SENT: 17, STATUS: 'SUCCESS' });
    expect(first[1]).toMatchObject({
      FILENAME: 'offers22.xml',
      STATUS: 'RUNNING',
      PROGRESS: 40,
      PROGRESS_TEXT: 'Обработано 40 000 предложений из 100 000',
      PRICES: 220,
      UNMATCHED_COUNT: 2,
    });
    const failedRun = first.find((r: { FILENAME: string }) => r.FILENAME === 'offers17.xml');
    expect(failedRun).toMatchObject({ STATUS: 'FAILURE', ERRORS: [M.noPriceMapping] });

    const theirs = (await kit.get(LOG, await kit.login('owner@second.demo'))).json();
    expect(theirs.NAV).toEqual({ CNT: 1, CNT_ALL: 1 });
    expect(theirs.ITEMS).toMatchObject([{ ORDERS_SENT: 3 }]);
    expect(theirs.ITEMS.some((r: { ID: number }) => seen.includes(r.ID))).toBe(false);
  });
});
