import { sql } from 'kysely';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numericInputs, readDecimal, readInt, type NumericInput } from '@b2b/contracts/numbers';
import { REPORT_CODES } from '@b2b/contracts/reports';
import type { Db } from '@/db/database';
import { accessAllows, signInSuiteAccounts, type SuiteAccount } from '@/test/security/accounts';
import { partnerFingerprint } from '@/test/security/data-fingerprint';
import { callProbe, jsonOf, type FieldProbe } from '@/test/security/probe-call';
import { fillPath, nothingPath, ROUTE_IDS } from '@/test/security/route-ids';
import { defOf, fieldsOf, findWrapped, wrapped, type Schema } from '@/test/security/schema-fields';
import { createTestApp, type TestApp } from '@/test/test-app';
import type { RouteEntry } from './route-table';

/*
 * Issue 37 item 4: a suite generated from the route table's contracts. Every numeric field of every route (found by
 * the contracts' `numericInputs` marker in its query and body schemas: whole numbers, ids, money and percents) is
 * sent huge, negative, fractional, NaN, Infinity and exponent values as the first account the route admits: never a
 * 5xx; a value outside the field's declared range is refused (a 4xx, or a form's SUCCESS=N keyed by the field)
 * unless the field is a list's parameter that falls back to its default; and the partner's data does not change
 * where a value is refused. A numeric field declared without the shared schemas fails the suite.
 */

const VALUES = ['1e12', '2147483648', '1e309', '-1', '0.00001', 'NaN', 'Infinity', '-Infinity', '1e3', '0x10', '99999999999999999999'];

const metaOf = (s: Schema): NumericInput | undefined => {
  const found = findWrapped(s, (x) => numericInputs.get(x as z.ZodType) !== undefined);
  return found && numericInputs.get(found as z.ZodType);
};

/** A number schema not declared through the shared number schemas (a bare z.number() or z.coerce.number()). */
function bareNumber(s: Schema, depth = 0): boolean {
  if (numericInputs.get(s as z.ZodType) !== undefined || depth > 12) return false;
  if (['number', 'bigint'].includes(defOf(s).type)) return true;
  return wrapped(s).some((x) => bareNumber(x, depth + 1));
}

/** Whether the field falls back to a default on a bad value (a list's page size, offset or filter). */
const fallsBack = (s: Schema) => findWrapped(s, (x) => defOf(x).type === 'catch') !== undefined;

/** Whether the field's declared range refuses the value (the contracts' own readers, with the field's range). */
function outOfRange(meta: NumericInput, value: string): boolean {
  const read = meta.kind === 'int' ? readInt(value, { min: Number(meta.min), max: Number(meta.max) }) : readDecimal(value, meta);
  return 'error' in read;
}

interface Probe extends FieldProbe {
  field: string;
  /** The name sent: field, or field[0] for a list. */
  sentAs: string;
  meta: NumericInput;
  fallsBack: boolean;
}

let t: TestApp;
let accounts: SuiteAccount[];
let probes: Probe[];
let bare: string[];
let mainId: number;

const firstAdmitted = (route: RouteEntry) => accounts.find((a) => a.token && (!route.access || accessAllows(route.access, a)))!;

/** The rest of a valid form for the routes that write numbers: a real product, a member, a pickup point. */
async function formBase(db: Db, route: RouteEntry, partnerId: number): Promise<Record<string, string>> {
  const first = async (query: ReturnType<typeof sql<{ id: string }>>) => String((await query.execute(db)).rows[0]?.id ?? '1');
  if (route.url === '/v3/api/client/basket/') {
    return { product_id: await first(sql`select min(id) as id from catalog_products where active`), quantity: '1', add: 'Y' };
  }
  if (route.url.startsWith('/v3/api/partner/loyalty/clients/')) {
    return {
      client_id: await first(sql`select client_id as id from loyalty_members where partner_id = ${partnerId} order by client_id limit 1`),
      points: '10',
      comment: 'Проверка',
    };
  }
  if (route.url === '/v3/api/client/order/') {
    return {
      delivery: 'PICKUP',
      tradepoint_id: await first(sql`select id from tradepoints where partner_id = ${partnerId} order by id limit 1`),
      payment_type: 'CASH',
      contact_name: 'Анна',
      contact_phone: '79161234567',
    };
  }
  return {};
}

/** The path a probe calls: a real row of the caller's partner, a report by its first code. */
async function pathOf(db: Db, route: RouteEntry, who: SuiteAccount): Promise<string> {
  if (route.url.includes(':code')) return route.url.replace(':code', REPORT_CODES[0]);
  if (ROUTE_IDS[route.url] && who.partnerId) return fillPath(route.url, await ROUTE_IDS[route.url](db, who.partnerId));
  return nothingPath(route.url);
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  accounts = await signInSuiteAccounts(t, db);
  mainId = accounts.find((a) => a.email === 'owner@partner.demo')!.partnerId!;
  probes = [];
  bare = [];
  for (const route of t.app.routeTable.filter((r) => r.contract && r.url.startsWith('/v3/'))) {
    const where = (['query', 'body'] as const).flatMap((at) =>
      fieldsOf(route.contract![at] as Schema | undefined).map(([field, s]) => ({ at, field, s })),
    );
    const numeric = where.filter((f) => metaOf(f.s));
    bare.push(...where.filter((f) => bareNumber(f.s)).map((f) => `${route.method} ${route.url} ${f.at}.${f.field}`));
    if (!numeric.length) continue;
    const who = firstAdmitted(route);
    const url = await pathOf(db, route, who);
    const base = who.partnerId ? await formBase(db, route, who.partnerId) : {};
    for (const { at, field, s } of numeric) {
      const list = findWrapped(s, (x) => defOf(x).type === 'array') !== undefined;
      // A name once per route and place: a union's branches list the same field again.
      if (probes.some((p) => p.route === route && p.in === at && p.field === field)) continue;
      probes.push({ route, url, in: at, field, sentAs: list ? `${field}[0]` : field, meta: metaOf(s)!, fallsBack: fallsBack(s), base });
    }
  }
}, 120_000);
afterAll(() => t?.close());

const call = (p: Probe, value: string) => callProbe(t, firstAdmitted(p.route), p, { [p.sentAs]: value });

describe('numeric fields of every route', () => {
  it('are all declared through the shared number schemas, and found', () => {
    expect(bare).toEqual([]);
    const found = new Set(probes.map((p) => `${p.route.method} ${p.route.url} ${p.field}`));
    for (const known of [
      'POST /v3/api/client/basket/ quantity',
      'POST /v3/api/client/basket/ product_id',
      'POST /v3/api/client/order/ expected_sum',
      'POST /v3/api/partner/loyalty/clients/plus/ points',
      'POST /v3/api/partner/pricing/product/:type/:priceId/:productId/ price',
      'POST /v3/api/partner/pricing/product/:type/:priceId/:productId/ percent',
      'GET /v3/api/partner/orderlist/ client_id',
      'POST /v3/api/partner/blacklist/ clients',
      'POST /v3/api/partner/sendtorelef/ orders',
    ]) {
      expect(found, known).toContain(known);
    }
    expect(probes.length).toBeGreaterThan(50);
  });

  it('refuse values out of their range (or fall back to the default), never with a 5xx, and change no data', async () => {
    const before = await partnerFingerprint(t.database.db, mainId);
    const wrong: string[] = [];
    let refusedCalls = 0;
    for (const p of probes) {
      for (const value of VALUES.filter((v) => outOfRange(p.meta, v))) {
        const res = await call(p, value);
        const what = `${p.route.method} ${p.url} ${p.in} ${p.sentAs}=${value} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) {
          wrong.push(what);
          continue;
        }
        if (p.fallsBack) continue;
        const answer = jsonOf(res);
        const errors = (answer?.SUCCESS === 'N' ? answer.errors : undefined) as Record<string, string> | undefined;
        const refused =
          (res.statusCode >= 400 && res.statusCode < 500) ||
          // A form names the field it refuses (check_present_sum_1 names sum: keys contain the field's name).
          (res.statusCode === 200 &&
            errors !== undefined &&
            (!p.route.form || p.in === 'query' || Object.keys(errors).some((k) => k.includes(p.field))));
        if (refused) refusedCalls++;
        else wrong.push(what);
      }
    }
    expect(wrong).toEqual([]);
    expect(refusedCalls).toBeGreaterThan(300);
    expect(await partnerFingerprint(t.database.db, mainId)).toEqual(before);
  }, 240_000);

  it('take values within their range without a 5xx', async () => {
    const wrong: string[] = [];
    for (const p of probes) {
      for (const value of VALUES.filter((v) => !outOfRange(p.meta, v))) {
        const res = await call(p, value);
        if (res.statusCode >= 500)
          wrong.push(`${p.route.method} ${p.url} ${p.in} ${p.sentAs}=${value} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});
