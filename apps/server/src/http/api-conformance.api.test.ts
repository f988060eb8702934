import Ajv, { type ValidateFunction } from 'ajv';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_CODES } from '@b2b/contracts/reports';
import { mulberry32 } from '@/seed/mulberry32';
import { accessAllows, signInSuiteAccounts, type SuiteAccount } from '@/test/security/accounts';
import { formOf } from '@/test/security/probe-call';
import { nothingPath, ROUTE_IDS } from '@/test/security/route-ids';
import { createTestApp, type TestApp } from '@/test/test-app';
import type { RouteEntry } from './route-table';

/*
 * Issue 37 item 8: the API document tells the truth. The OpenAPI document served at /v3/api/docs/json is read, and
 * every documented operation is sent requests generated from the document itself (seeded, so every run sends the
 * same): valid-looking ones (every combination of the values its enumerated fields take, in the path too), none at
 * all, missing fields, wrong types, random strings, numbers and days at and past their bounds, as the first demo
 * account the route admits, as a guest and as an account it does not admit. Any 5xx, any status the operation does
 * not declare and any answer that breaks the schema declared for its status and media type fail the suite.
 */

type Json = Record<string, unknown>;
interface Operation {
  method: 'GET' | 'POST' | 'PUT';
  /** The document's path, `{name}` parameters. */
  path: string;
  op: Json;
  route: RouteEntry;
}
interface Call {
  op: Operation;
  who: SuiteAccount;
  url: string;
  query: Record<string, string>;
  body?: { form: Record<string, string> } | { json: unknown };
  what: string;
}

const DAYS_AT_EDGES = ['2000-01-01', '2100-12-31', '01.01.2000', '1999-12-31', '2101-01-01', '01.01.0001', '31.12.9999', '2023-02-29', 'вчера'];
const NOT_NUMBERS = ['NaN', 'Infinity', '1e309', '0x10', '-0', '1.5', '99999999999999999999'];
const RANDOM_ALPHABET = 'abcXYZ019 -_.,;:!?/@#%&*()[]{}<>\'"\\абвгдёжЯ€😀\u0000\u0007\u001f\u007f\t\n';

let t: TestApp;
let accounts: SuiteAccount[];
let doc: { paths: Record<string, Record<string, Json>> };
let operations: Operation[];
let calls: Call[];
/** The files stored for the file routes. */
let stored: { partnerId: string; shopFile: string; banner: string };
const ajv = new Ajv({ nullable: true, unknownFormats: 'ignore', allErrors: false });
const validators = new Map<unknown, ValidateFunction>();

const schemaOf = (media: unknown) => (media as { schema?: Json } | undefined)?.schema;
const admits = (route: RouteEntry, who: SuiteAccount) => !route.access || accessAllows(route.access, who);

/** A seed per operation: its calls do not depend on the operations before it. */
const seedOf = (text: string) => [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);

/** The fields of an object schema (through anyOf branches and nullable wrappers). */
function propertiesOf(schema: Json | undefined): { props: Record<string, Json>; required: Set<string> } {
  const props: Record<string, Json> = {};
  const required = new Set<string>();
  const visit = (s: Json | undefined, depth = 0) => {
    if (!s || depth > 6) return;
    Object.assign(props, (s.properties as Record<string, Json> | undefined) ?? {});
    for (const r of (s.required as string[] | undefined) ?? []) required.add(r);
    for (const branch of [
      ...((s.anyOf as Json[] | undefined) ?? []),
      ...((s.allOf as Json[] | undefined) ?? []),
      ...((s.oneOf as Json[] | undefined) ?? []),
    ])
      visit(branch, depth + 1);
  };
  visit(schema);
  return { props, required };
}

/** The schemas a field's schema may be (its anyOf branches), the field itself first. */
const branchesOf = (s: Json): Json[] => [
  s,
  ...((s.anyOf as Json[] | undefined) ?? []).flatMap(branchesOf),
  ...((s.oneOf as Json[] | undefined) ?? []).flatMap(branchesOf),
];

/** The values a field's enums name, in any branch, each as text. */
const enumValuesOf = (s: Json) => [
  ...new Set(branchesOf(s).flatMap((b) => ((b.enum as unknown[] | undefined) ?? []).filter((v) => v !== null).map(String))),
];

/** The finite set of values a field takes, when it has one (every branch an enum): each as text. */
function enumOf(s: Json): string[] | undefined {
  const open = branchesOf(s).some((b) => !b.enum && (b.type !== undefined || b.pattern !== undefined) && !b.anyOf);
  return enumValuesOf(s).length && !open ? enumValuesOf(s) : undefined;
}

const isDay = (s: Json) => branchesOf(s).some((b) => typeof b.pattern === 'string' && b.pattern.includes('\\d{4}-\\d{2}-\\d{2}'));
const numberBranch = (s: Json) => branchesOf(s).find((b) => b.type === 'integer' || b.type === 'number');
const isArray = (s: Json) => branchesOf(s).find((b) => b.type === 'array');
const isObject = (s: Json) => branchesOf(s).find((b) => b.type === 'object' && !b.anyOf);

function randomText(rnd: () => number, length = 1 + Math.floor(rnd() * 24)): string {
  const chars = [...RANDOM_ALPHABET];
  return Array.from({ length }, () => chars[Math.floor(rnd() * chars.length)]).join('');
}

/** A value the field's schema takes, as a form sends it (text); its array or object fields flattened. */
function validValue(s: Json, rnd: () => number, name: string, depth = 0): Record<string, string> {
  const values = enumOf(s);
  if (values) return { [name]: values[Math.floor(rnd() * values.length)] };
  if (isDay(s)) return { [name]: ['2024-03-15', '15.03.2024', '2000-01-01', '2100-12-31'][Math.floor(rnd() * 4)] };
  const n = numberBranch(s);
  if (n) {
    const min = typeof n.minimum === 'number' ? n.minimum : 0;
    const max = typeof n.maximum === 'number' ? Math.min(n.maximum, min + 1000) : min + 1000;
    const value = min + rnd() * (max - min);
    return { [name]: n.type === 'integer' ? String(Math.round(value)) : value.toFixed(2) };
  }
  const array = isArray(s);
  if (array && depth < 3) return validValue((array.items as Json | undefined) ?? {}, rnd, `${name}[0]`, depth + 1);
  const object = isObject(s);
  if (object && depth < 3) {
    const { props } = propertiesOf(object);
    return Object.assign({}, ...Object.entries(props).map(([k, p]) => validValue(p, rnd, `${name}[${k}]`, depth + 1))) as Record<string, string>;
  }
  const string = branchesOf(s).find((b) => b.type === 'string');
  if (string?.format === 'email' || /mail/i.test(name)) return { [name]: 'conformance@example.com' };
  if (typeof string?.pattern === 'string' && /\\d\{1,1[56]\}/.test(string.pattern)) return { [name]: String(1 + Math.floor(rnd() * 5)) };
  if (/phone/i.test(name)) return { [name]: '79161234567' };
  return { [name]: ['Проверка', 'Y', 'N', 'test', '1'][Math.floor(rnd() * 5)] };
}

/** A field's edge values: its numbers' bounds and one past them, days at and past the range, what is no number. */
function edgeValues(s: Json): string[] {
  if (isDay(s)) return DAYS_AT_EDGES;
  const n = numberBranch(s);
  if (!n) return [];
  const bounds = [n.minimum, n.maximum].filter((v): v is number => typeof v === 'number');
  return [...bounds.flatMap((b) => [String(b), String(b === n.minimum ? b - 1 : b + 1)]), ...NOT_NUMBERS];
}

/** Every combination of the enumerated fields' values (each also left out when optional), at most `cap`. */
function combinations(fields: [string, string[]][], cap: number): Record<string, string>[] {
  let all: Record<string, string>[] = [{}];
  for (const [name, values] of fields) {
    all = all.flatMap((c) => values.map((v) => (v === '' ? c : { ...c, [name]: v })));
    // Evenly thinned past the cap: every value of every field stays among them.
    if (all.length > cap * 4) all = all.filter((_, i) => i % 2 === 0);
  }
  return all.length <= cap ? all : Array.from({ length: cap }, (_, i) => all[Math.floor((i * all.length) / cap)]);
}

/** Where a path's ids come from: a real row of the caller's partner where known, else ids that name nothing. */
async function pathIds(route: RouteEntry, who: SuiteAccount): Promise<Record<string, string>> {
  const db = t.database.db;
  if (route.url.includes(':code')) return { code: REPORT_CODES[0] };
  if (route.url === '/v3/api/client/shop/file/:partnerId/:fileId/') return { partnerId: stored.partnerId, fileId: stored.shopFile };
  if (route.url === '/v3/api/client/offer/banner/:partnerId/:fileId/') return { partnerId: stored.partnerId, fileId: stored.banner };
  if (route.url === '/v3/api/partner/file/:fileId/') return { fileId: stored.shopFile };
  // A kind of row the demo data lacks (the second partner has no price column): ids that name nothing.
  if (ROUTE_IDS[route.url] && who.partnerId && who.kind === 'PARTNER') return ROUTE_IDS[route.url](db, who.partnerId).catch(() => ({}));
  const first = async (query: ReturnType<typeof sql<{ id: string }>>) => String((await query.execute(db)).rows[0]?.id ?? '');
  if (route.url.startsWith('/v3/api/catalog/product/:id')) return { id: await first(sql`select min(id) as id from catalog_products where active`) };
  if (route.url === '/v3/api/partner/section/:id/') return { id: await first(sql`select min(id) as id from catalog_sections`) };
  if (route.url === '/v3/api/manager/order/:id/') return { id: await first(sql`select min(id) as id from orders`) };
  if (route.url === '/v3/api/info/:type/') return { type: await first(sql`select min(type) as id from content_pages`) };
  if (route.url.startsWith('/v3/api/client/order/:id')) {
    const order = await sql<{
      id: string;
    }>`select min(o.id) as id from orders o join users u on u.client_id = o.client_id where u.email = ${who.email}`.execute(db);
    if (order.rows[0]?.id) return { id: String(order.rows[0].id) };
  }
  return {};
}

/** The calls of one operation, generated from its documented parameters and body. */
async function callsOf(o: Operation): Promise<Call[]> {
  const rnd = mulberry32(seedOf(`${o.method} ${o.path}`));
  const who = accounts.find((a) => a.token && admits(o.route, a)) ?? accounts.find((a) => a.email === 'guest')!;
  const params = ((o.op.parameters as Json[] | undefined) ?? []) as { in: string; name: string; schema: Json; required?: boolean }[];
  const queryParams = params.filter((p) => p.in === 'query');
  const pathParams = params.filter((p) => p.in === 'path');
  const content = (o.op.requestBody as { content?: Json } | undefined)?.content ?? {};
  const bodySchema = schemaOf(content['application/x-www-form-urlencoded']) ?? schemaOf(content['application/json']);
  const body = propertiesOf(bodySchema);
  const hasBody = bodySchema !== undefined;

  // Paths: real ids, each enumerated parameter's values over them, ids naming nothing, random text.
  const fastifyUrl = o.route.url;
  const real = await pathIds(o.route, who);
  const fill = (ids: Record<string, string>) =>
    fastifyUrl.replace(/:([A-Za-z_]+)/g, (param: string, name: string) =>
      ids[name] !== undefined ? encodeURIComponent(ids[name]) : nothingPath(param),
    );
  const paths = [fill(real)];
  for (const p of pathParams) for (const v of enumValuesOf(p.schema)) paths.push(fill({ ...real, [p.name]: v }));
  const odd = [...new Set(paths)];
  if (pathParams.length) odd.push(nothingPath(fastifyUrl), fill({ ...real, [pathParams[0].name]: randomText(rnd, 8) }));

  const validQuery = () =>
    Object.assign({}, ...queryParams.filter((p) => p.required || rnd() < 0.5).map((p) => validValue(p.schema, rnd, p.name))) as Record<
      string,
      string
    >;
  const validBody = () =>
    Object.assign(
      {},
      ...Object.entries(body.props)
        .filter(([k]) => body.required.has(k) || rnd() < 0.7)
        .map(([k, s]) => validValue(s, rnd, k)),
    ) as Record<string, string>;
  const out: Call[] = [];
  const add = (what: string, url: string, query: Record<string, string>, form?: Record<string, string>, json?: unknown) =>
    out.push({ op: o, who, url, query, what, ...(json !== undefined ? { body: { json } } : hasBody || form ? { body: { form: form ?? {} } } : {}) });

  // Every combination of enumerated values (the path's too), the other fields valid-looking.
  const enumFields = [
    ...queryParams.flatMap((p) =>
      enumOf(p.schema) ? [[`q:${p.name}`, [...enumOf(p.schema)!, ...(p.required ? [] : [''])]] as [string, string[]]] : [],
    ),
    ...Object.entries(body.props).flatMap(([k, s]) =>
      enumOf(s) ? [[`b:${k}`, [...enumOf(s)!, ...(body.required.has(k) ? [] : [''])]] as [string, string[]]] : [],
    ),
  ];
  for (const url of [...new Set(paths)]) {
    for (const combo of combinations(enumFields, 64)) {
      const pick = (prefix: string) =>
        Object.fromEntries(
          Object.entries(combo)
            .filter(([k]) => k.startsWith(prefix))
            .map(([k, v]) => [k.slice(2), v]),
        );
      add(`enum ${JSON.stringify(combo)}`, url, { ...validQuery(), ...pick('q:') }, hasBody ? { ...validBody(), ...pick('b:') } : undefined);
    }
  }
  for (const url of odd) add('valid-looking', url, validQuery(), hasBody ? validBody() : undefined);
  add('nothing sent', paths[0], {}, hasBody ? {} : undefined);

  // One field at a time over a valid-looking call: its edges, wrong types, random text; a required one left out.
  const fields: ['query' | 'body', string, Json][] = [
    ...queryParams.map((p) => ['query', p.name, p.schema] as ['query', string, Json]),
    ...Object.entries(body.props).map(([k, s]) => ['body', k, s] as ['body', string, Json]),
  ];
  for (const [at, name, s] of fields) {
    const sent = [
      ...edgeValues(s).map((v) => ({ [name]: v })),
      { [`${name}[a]`]: '1' },
      { [`${name}[0]`]: 'x', [`${name}[1]`]: 'y' },
      { [name]: randomText(rnd) },
      { [name]: '' },
    ];
    for (const value of sent) {
      const query = validQuery();
      const form = hasBody ? validBody() : undefined;
      delete (at === 'query' ? query : form!)[name];
      Object.assign(at === 'query' ? query : form!, value);
      add(`${at} ${JSON.stringify(value).slice(0, 80)}`, paths[0], query, form);
    }
    if (at === 'body' && body.required.has(name)) {
      const form = validBody();
      delete form[name];
      add(`body without ${name}`, paths[0], validQuery(), form);
    }
  }
  // Random text in every field at once; JSON bodies with the wrong types.
  add(
    'random text',
    paths[0],
    Object.fromEntries(queryParams.map((p) => [p.name, randomText(rnd)])),
    hasBody ? Object.fromEntries(Object.keys(body.props).map((k) => [k, randomText(rnd)])) : undefined,
  );
  if (hasBody) {
    add('JSON body', paths[0], validQuery(), undefined, validBody());
    add(
      'JSON wrong types',
      paths[0],
      {},
      undefined,
      Object.fromEntries(Object.keys(body.props).map((k, i) => [k, [{ a: 1 }, [1, 2], true, -1.5e308, null][i % 5]])),
    );
  }
  // As a guest and as an account the route does not admit.
  const refused = accounts.find((a) => !admits(o.route, a) && a.token);
  for (const other of [accounts.find((a) => a.email === 'guest')!, ...(refused ? [refused] : [])]) {
    out.push({
      op: o,
      who: other,
      url: paths[0],
      query: validQuery(),
      what: `as ${other.email}`,
      ...(hasBody ? { body: { form: validBody() } } : {}),
    });
  }
  return out;
}

async function send(c: Call) {
  const query = formOf(c.query);
  const body = c.body && 'json' in c.body ? JSON.stringify(c.body.json) : c.body ? formOf(c.body.form) : undefined;
  return t.app.inject({
    method: c.op.method,
    url: query ? `${c.url}?${query}` : c.url,
    headers: {
      ...(c.who.token ? { authorization: `Bearer ${c.who.token}` } : {}),
      ...(body !== undefined ? { 'content-type': c.body && 'json' in c.body ? 'application/json' : 'application/x-www-form-urlencoded' } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

/** What is wrong with an answer by the operation's document: its status, its media type, its JSON body. */
function breach(o: Operation, res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | undefined {
  if (res.statusCode >= 500) return 'a 5xx';
  const declared = (o.op.responses as Record<string, { content?: Record<string, { schema?: Json }> }>)[String(res.statusCode)];
  if (!declared) return `status ${res.statusCode} not declared (declared: ${Object.keys(o.op.responses as Json).join(', ')})`;
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  const media = declared.content?.[type];
  if (!media)
    return `media type ${type || '(none)'} not declared for ${res.statusCode} (declared: ${Object.keys(declared.content ?? {}).join(', ')})`;
  if (type !== 'application/json') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'a JSON answer that does not parse';
  }
  let validate = validators.get(media.schema);
  if (!validate) validators.set(media.schema, (validate = ajv.compile(media.schema ?? {})));
  return validate(body) ? undefined : `body breaks the ${res.statusCode} schema: ${ajv.errorsText(validate.errors)}`;
}

beforeAll(async () => {
  t = await createTestApp();
  accounts = await signInSuiteAccounts(t, t.database.db);
  const owner = accounts.find((a) => a.email === 'owner@partner.demo')!;
  // Files for the file routes to serve (the demo data has none): a shop's file and an offer's banner.
  const ownerId = (await t.database.db.selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow()).id;
  const store = (purpose: 'shop-file' | 'offer-banner', originalName: string, mime: string, data: Buffer) =>
    t.app.services.files.save({ partnerId: owner.partnerId!, purpose, originalName, mime, createdBy: ownerId }, data, t.database.db);
  stored = {
    partnerId: String(owner.partnerId),
    shopFile: (await store('shop-file', 'Прайс.csv', 'text/csv', Buffer.from('Код;Цена\n123456;10\n'))).id,
    banner: (await store('offer-banner', 'banner.png', 'image/png', Buffer.from('89504e470d0a1a0a', 'hex'))).id,
  };
  const res = await t.app.inject({ method: 'GET', url: '/v3/api/docs/json', headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      const route = t.app.routeTable.find((r) => r.url === url && r.method === method.toUpperCase());
      if (!route) throw new Error(`${method} ${path}: documented, not in the route table`);
      operations.push({ method: method.toUpperCase() as Operation['method'], path, op, route });
    }
  }
  calls = [];
  for (const o of operations) calls.push(...(await callsOf(o)));
}, 120_000);
afterAll(() => t?.close());

describe('the API document', () => {
  it('documents every contract route, each with its error answers, public ones without a bearer requirement', () => {
    const contractRoutes = t.app.routeTable.filter((r) => r.contract);
    expect(operations.length).toBe(contractRoutes.length);
    for (const o of operations) {
      const statuses = Object.keys(o.op.responses as Json);
      const what = `${o.method} ${o.path}`;
      expect(statuses, what).toContain('400');
      const contract = o.route.contract!;
      if (contract.access === 'public') {
        expect(o.op.security, what).toEqual(contract.stricter ? [{}, { bearer: [] }] : []);
      } else {
        expect(o.op.security, what).toBeUndefined();
        expect(statuses, what).toContain('401');
      }
      if (contract.params) expect(statuses, what).toContain('404');
      if (o.method !== 'GET') expect(statuses, what).toContain('413');
      for (const [status, answer] of Object.entries(o.op.responses as Record<string, { content?: Record<string, { schema: Json }> }>)) {
        if (status === '200' || status === '503') continue;
        expect(answer.content?.['application/json']?.schema, `${what} ${status}`).toMatchObject({ required: ['error', 'error_description'] });
      }
    }
    const publicOnes = operations.filter((o) => o.route.contract!.access === 'public' && !o.route.contract!.stricter).map((o) => o.path);
    expect(publicOnes).toEqual(
      expect.arrayContaining(['/v3/api/client/shop/', '/v3/api/utils/check/', '/v3/api/catalog/product/{id}/photo/', '/v3/oauth/token/', '/health']),
    );
  });

  it('types file answers by their media types, and carries the input rules', () => {
    const ok = (path: string, method = 'get') => Object.keys((doc.paths[path][method].responses as Record<string, { content: Json }>)['200'].content);
    expect(ok('/v3/api/manager/report/{code}/xlsx/')).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(ok('/v3/api/client/basket/offer/')).toEqual(['application/pdf']);
    expect(ok('/v3/api/catalog/product/{id}/photo/')).toEqual(['image/png']);
    expect(ok('/v3/api/client/offer/banner/{partnerId}/{fileId}/')).toEqual(['image/jpeg', 'image/png']);
    expect(ok('/v3/api/partner/file/{fileId}/')).toContain('text/csv');
    const upload = doc.paths['/v3/api/partner/pricing/upload/{type}/{priceId}/'].post as {
      requestBody: { content: Record<string, { schema: Json }> };
      responses: Record<string, { description: string }>;
    };
    const period = propertiesOf(upload.requestBody.content['application/x-www-form-urlencoded'].schema).props.period;
    expect(enumOf(period)?.sort()).toEqual(['0', '14', '21', '7']);
    expect(upload.responses['200'].description).toContain('SUCCESS');
    const orders = Object.fromEntries(
      (doc.paths['/v3/api/partner/orderlist/'].get.parameters as { name: string; schema: Json; description?: string }[]).map((p) => [p.name, p]),
    );
    expect(orders.date_start.description).toContain('01.01.2000');
    expect(orders.limit.description).toContain('NaN');
    expect(numberBranch(orders.limit.schema)).toMatchObject({ minimum: 1, maximum: 2147483647 });
    expect(JSON.stringify(doc)).toContain('control character');
  });
});

describe('every documented operation, replayed with generated requests', () => {
  it('reaches the prolong of remains and multiplicities (the 500 of issue 37.8) among its calls', () => {
    const prolong = calls.filter(
      (c) =>
        c.url === '/v3/api/partner/pricing/upload/pricelist/personal_price/' &&
        c.body &&
        'form' in c.body &&
        c.body.form.action === 'prolong' &&
        ['7', '14', '21'].includes(c.body.form.period ?? ''),
    );
    expect(prolong.map((c) => (c.body as { form: Record<string, string> }).form.type)).toEqual(expect.arrayContaining(['remain', 'multiplicity']));
    expect(calls.length).toBeGreaterThan(3000);
  });

  it('answers only what the document declares: no 5xx, no undeclared status, no body breaking its schema', async () => {
    const wrong = new Map<string, string>();
    const succeeded = new Set<Operation>();
    let answered = 0;
    for (const c of calls) {
      const res = await send(c);
      answered++;
      if (res.statusCode === 200) succeeded.add(c.op);
      const problem = breach(c.op, res);
      const key = `${c.op.method} ${c.op.path} → ${problem}`;
      if (problem && !wrong.has(key))
        wrong.set(key, `${c.what} as ${c.who.email}: ${c.url} ${formOf(c.query)} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect([...wrong].map(([k, v]) => `${k}\n    ${v}`)).toEqual([]);
    expect(answered).toBe(calls.length);
    // The generated calls get through: nearly every operation answered 200 (and had that answer checked) — all but
    // the token's grants and an employee's new password, whose fields the document cannot name.
    expect(operations.filter((o) => !succeeded.has(o)).length).toBeLessThanOrEqual(3);
  }, 400_000);
});
