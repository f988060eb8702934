import { sql } from 'kysely';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_FIELDS } from '@b2b/contracts/dates';
import { REPORT_CODES } from '@b2b/contracts/reports';
import type { Db } from '@/db/database';
import { accessAllows, signInSuiteAccounts, type SuiteAccount } from '@/test/security/accounts';
import { callProbe, formOf, jsonOf, type FieldProbe } from '@/test/security/probe-call';
import { fillPath, nothingPath, ROUTE_IDS } from '@/test/security/route-ids';
import { fieldsOf, findWrapped, type Schema } from '@/test/security/schema-fields';
import { createTestApp, type TestApp } from '@/test/test-app';
import type { RouteEntry } from './route-table';

/*
 * Issue 37 item 5: a suite generated from the route table's contracts. Every date field of every route (found by
 * the contracts' DATE_FIELDS marker in its query and body schemas) is sent days far out of LIMITS.dateMin..dateMax
 * and days that do not exist, as the first account the route admits: never a 5xx; each is refused (a 4xx, or a
 * form's SUCCESS=N with an error keyed by that field) or ignored as the list's default (the same answer as without
 * it). The range's own edges pass, and overflow nothing in SQL.
 */

/** Days every date field must refuse or ignore. */
const BAD_DAYS = [
  '01.01.0001',
  '0001-01-01',
  '31.12.9999',
  '9999-12-31',
  '1999-12-31',
  '2101-01-01',
  '29.02.2023',
  '32.01.2024',
  `${'9'.repeat(10_000)}-01-01`,
];
/** The range's edges: accepted, and the day after the last one (its end instant) still fits every column. */
const EDGE_DAYS = ['01.01.2000', '2100-12-31'];

/** Whether a field's schema is (or wraps) a marked date schema. */
const isDate = (s: Schema) => findWrapped(s, (x) => DATE_FIELDS.has(x)) !== undefined;

const dateFieldsOf = (s: z.ZodType | undefined) => [
  ...new Set(
    fieldsOf(s)
      .filter(([, f]) => isDate(f))
      .map(([name]) => name),
  ),
];

/** A date field of a route; its base carries what else the call needs so that its date is read. */
interface Probe extends FieldProbe {
  field: string;
}

let t: TestApp;
let accounts: SuiteAccount[];
let probes: Probe[];

const firstAdmitted = (route: RouteEntry) => accounts.find((a) => a.token && (!route.access || accessAllows(route.access, a)))!;
const form = formOf;

/**
 * The rest of a valid form for the routes whose date is read only past their other rules (an unknown member is
 * answered before its status's end is read): with it an edge day is saved, so its instant reaches the database.
 */
async function formBase(db: Db, route: RouteEntry, partnerId: number): Promise<Record<string, string>> {
  if (route.url === '/v3/api/partner/offer/' || route.url === '/v3/api/partner/offer/:id/') {
    const type = await db.selectFrom('offer_types').select('code').orderBy('sort').executeTakeFirstOrThrow();
    return { name: 'Акция на границе дат', type: type.code, date_start: '01.01.2000' };
  }
  if (route.url.startsWith('/v3/api/partner/tradepoint/')) {
    return { address: 'Москва, Тверская, 1', longitude: '37.6', latitude: '55.7', 'work_days[0]': 'MO' };
  }
  // A group's save reads its query's list filters only to export the list.
  if (route.url === '/v3/api/partner/group/' || route.url === '/v3/api/partner/group/:id/') return { action: 'export' };
  if (route.url === '/v3/api/partner/loyalty/client/set_status/:id/') {
    const status = await db.selectFrom('loyalty_statuses').select('id').where('partner_id', '=', partnerId).orderBy('id').executeTakeFirstOrThrow();
    return { status_id: String(status.id) };
  }
  return {};
}

/** A member of the loyalty programme (set_status reads the date only for one). */
async function memberPath(db: Db, url: string, partnerId: number): Promise<string | undefined> {
  if (url !== '/v3/api/partner/loyalty/client/set_status/:id/') return undefined;
  const row = await sql<{
    id: string;
  }>`select client_id as id from loyalty_members where partner_id = ${partnerId} order by client_id limit 1`.execute(db);
  return row.rows.length ? fillPath(url, { id: String(row.rows[0].id) }) : undefined;
}

/** The path a probe calls: a real row of the caller's partner, every report by its code. */
async function pathsOf(db: Db, route: RouteEntry, who: SuiteAccount): Promise<string[]> {
  if (route.url.includes(':code')) return REPORT_CODES.map((code) => route.url.replace(':code', code));
  const member = await memberPath(db, route.url, who.partnerId!);
  if (member) return [member];
  if (ROUTE_IDS[route.url] && who.partnerId) return [fillPath(route.url, await ROUTE_IDS[route.url](db, who.partnerId))];
  return [nothingPath(route.url)];
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  accounts = await signInSuiteAccounts(t, db);
  probes = [];
  for (const route of t.app.routeTable.filter((r) => r.contract && r.url.startsWith('/v3/'))) {
    const inQuery = dateFieldsOf(route.contract!.query as z.ZodType | undefined);
    const inBody = dateFieldsOf(route.contract!.body as z.ZodType | undefined);
    if (!inQuery.length && !inBody.length) continue;
    const who = firstAdmitted(route);
    const base = who.partnerId ? await formBase(db, route, who.partnerId) : {};
    for (const url of await pathsOf(db, route, who)) {
      for (const field of inQuery) probes.push({ route, url, in: 'query', field, base });
      for (const field of inBody) probes.push({ route, url, in: 'body', field, base });
    }
  }
}, 120_000);
afterAll(() => t?.close());

const call = (p: Probe, sent: Record<string, string>) => callProbe(t, firstAdmitted(p.route), p, sent);
const json = jsonOf;

/** A form's refusal that names the field (its key contains the field's name: check_date_start, date_status_end). */
const refusesField = (answer: Record<string, unknown> | undefined, field: string) =>
  answer?.SUCCESS === 'N' && Object.keys((answer.errors as Record<string, string> | undefined) ?? {}).some((k) => k.includes(field));

describe('date fields of every route', () => {
  it('are found through the contracts: every list filter, report period and form date', () => {
    const found = new Set(probes.map((p) => `${p.route.method} ${p.route.url} ${p.field}`));
    for (const known of [
      'GET /v3/api/partner/orderlist/ date_start',
      'GET /v3/api/partner/client/ date_end',
      'GET /v3/api/partner/grouplist/ date_start',
      'GET /v3/api/partner/group/:id/ date_start',
      'GET /v3/api/partner/pricing/assign/ date_start',
      'GET /v3/api/partner/pricing/uploadlist/:type/:priceId/ date_start',
      'GET /v3/api/partner/pricing/uploadlist/client/:clientId/catalog/ date_start',
      'GET /v3/api/partner/offer/ date_start',
      'GET /v3/api/manager/offer/ date_end',
      'GET /v3/api/manager/order/ date_start',
      'GET /v3/api/partner/loyalty/balance/ date_start',
      'POST /v3/api/manager/report/:code/ date_to',
      'GET /v3/api/manager/report/:code/xlsx/ date_to',
      'POST /v3/api/partner/offer/ date_end',
      'POST /v3/api/partner/tradepoint/:id/ date_start',
      'POST /v3/api/partner/loyalty/client/set_status/:id/ date_status_end',
    ]) {
      expect(found, known).toContain(known);
    }
  });

  it('refuse or ignore days out of range or not real, never with a 5xx', async () => {
    const wrong: string[] = [];
    for (const p of probes) {
      const what = `${p.route.method} ${p.url} ${p.in} ${p.field}`;
      // What the call answers without the field: a list that ignores a bad day answers exactly this. Asked again
      // when it differs: a figure of the last 24 hours (the balance list's NEW_CNT) moves when a seeded row ages past it.
      let plain = await call(p, {});
      for (const day of BAD_DAYS) {
        const res = await call(p, { [p.field]: day });
        const shown = day.length > 20 ? `${day.slice(0, 12)}…(${day.length})` : day;
        const answer = json(res);
        const ignoredList = p.in === 'query' && p.route.method === 'GET' && res.statusCode === 200;
        if (ignoredList && res.body !== plain.body) plain = await call(p, {});
        const refused =
          (res.statusCode >= 400 && res.statusCode < 500) ||
          (res.statusCode === 200 && refusesField(answer, p.field)) ||
          (ignoredList && plain.statusCode === 200 && res.body === plain.body);
        if (!refused) wrong.push(`${what}=${shown} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);

  it('take the edges of the range without a 5xx, and lists filter by them', async () => {
    // Every date field of a call at once: the whole range (a period's start at the first day, its end at the last,
    // whose end instant is the day after it), then the first day alone and the last day alone.
    const calls = new Map<string, { probe: Probe; fields: string[] }>();
    for (const p of probes) {
      const key = `${p.route.method} ${p.url} ${p.in}`;
      calls.set(key, { probe: calls.get(key)?.probe ?? p, fields: [...(calls.get(key)?.fields ?? []), p.field] });
    }
    const isEnd = (field: string) => /(end|_to)$/.test(field);
    const wrong: string[] = [];
    for (const [key, { probe, fields }] of calls) {
      for (const pick of [(f: string) => (isEnd(f) ? EDGE_DAYS[1] : EDGE_DAYS[0]), () => EDGE_DAYS[0], () => EDGE_DAYS[1]]) {
        const sent = Object.fromEntries(fields.map((f) => [f, pick(f)]));
        const res = await call(probe, sent);
        const answer = json(res);
        const what = `${key} ${form(sent)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) wrong.push(what);
        // A list or report takes the days: 200; no form refuses a field for them.
        else if (probe.route.method === 'GET' && probe.in === 'query' && res.statusCode !== 200) wrong.push(what);
        else if (fields.some((f) => refusesField(answer, f))) wrong.push(what);
      }
    }
    expect(calls.size).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  }, 240_000);
});
