import Decimal from 'decimal.js';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_MSG } from '@b2b/contracts/loyalty';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { insertClient, partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 38 §1: a member's loyalty balance = Σ its ledger, never below zero. Random sequences of credits, write-offs and
 * bursts of parallel write-offs go through the API; after each sequence the balance column, the ledger's sum (plain
 * SQL) and a model of what should have passed agree, and none is below zero. The database's own guards (the balance's
 * CHECK ≥ 0, migration 0047's ledger sign CHECK) refuse what the code would never write.
 */

let t: TestApp;
let staff: string;
let pid: number;
let serial = 0;
const L = '/v3/api/partner/loyalty';
const post = (url: string, data: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(staff) } });

async function member(): Promise<number> {
  const id = await insertClient(t.database.db, pid, { name: `ООО Баланс ${++serial}`, registeredAt: new Date() });
  expect((await post(`${L}/participation/`, { client_id: String(id), enabled: 'Y' })).json().SUCCESS).toBe('Y');
  return id;
}

/** The oracle: the balance column and the plain sum of the member's ledger rows. */
async function stored(clientId: number) {
  const { rows } = await sql<{ balance: string; ledger: string | null }>`
    select m.balance, (select sum(l.points) from loyalty_ledger l where l.partner_id = m.partner_id and l.client_id = m.client_id) as ledger
    from loyalty_members m where m.partner_id = ${pid} and m.client_id = ${clientId}`.execute(t.database.db);
  return { balance: new Decimal(rows[0].balance), ledger: new Decimal(rows[0].ledger ?? 0) };
}

type Move = { kind: 'plus'; points: number } | { kind: 'minus'; points: number } | { kind: 'burst'; points: number; count: number };
const moveArb: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ kind: fc.constant('plus' as const), points: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('minus' as const), points: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('burst' as const), points: fc.integer({ min: 1, max: 120 }), count: fc.integer({ min: 2, max: 8 }) }),
);

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login('loyalty@partner.demo');
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
});
afterAll(() => t.close());

describe('a member balance', () => {
  it('= Σ ledger ≥ 0 after random credits, write-offs and parallel write-offs; a write-off over the balance is refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(moveArb, { minLength: 1, maxLength: 10 }), async (moves) => {
        const id = await member();
        let model = new Decimal(0);
        for (const m of moves) {
          const body = (extra = '') => ({ client_id: String(id), points: String(m.points), comment: `Свойство ${m.kind}${extra}` });
          if (m.kind === 'plus') {
            expect((await post(`${L}/clients/plus/`, body())).json()).toMatchObject({ SUCCESS: 'Y', BALANCE: model.plus(m.points).toFixed(0) });
            model = model.plus(m.points);
          } else if (m.kind === 'minus') {
            const answer = (await post(`${L}/clients/minus/`, body())).json();
            if (model.gte(m.points)) {
              expect(answer).toMatchObject({ SUCCESS: 'Y', BALANCE: model.minus(m.points).toFixed(0) });
              model = model.minus(m.points);
            } else expect(answer).toEqual({ SUCCESS: 'N', errors: { points: LOYALTY_MSG.balanceTooLow(model.toFixed(0)) } });
          } else {
            const answers = await Promise.all(Array.from({ length: m.count }, (_, i) => post(`${L}/clients/minus/`, body(` ${i}`))));
            const passed = answers.filter((a) => a.json().SUCCESS === 'Y').length;
            // As many pass as the balance covers, whatever order they ran in; the rest are refused by name.
            expect(passed).toBe(Math.min(m.count, model.div(m.points).floor().toNumber()));
            expect(
              answers.filter((a) => a.json().SUCCESS !== 'Y').every((a) => String(a.json().errors?.points).startsWith(LOYALTY_MSG.balanceTooLow(''))),
            ).toBe(true);
            model = model.minus(passed * m.points);
          }
          const now = await stored(id);
          expect(now.balance.eq(now.ledger) && now.balance.eq(model) && now.balance.gte(0), `${now.balance} / Σ ${now.ledger} / model ${model}`).toBe(
            true,
          );
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it('30 parallel write-offs of 10 from 100 leave 0, never less', async () => {
    const id = await member();
    expect((await post(`${L}/clients/plus/`, { client_id: String(id), points: '100', comment: 'Старт' })).json().SUCCESS).toBe('Y');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(`${L}/clients/minus/`, { client_id: String(id), points: '10', comment: `Параллельно ${i}` })),
    );
    expect(answers.filter((a) => a.json().SUCCESS === 'Y')).toHaveLength(10);
    expect(await stored(id)).toEqual({ balance: new Decimal(0), ledger: new Decimal(0) });
  });

  it('is guarded by the database: no balance below zero, no movement against its operation or in fractions', async () => {
    const id = await member();
    const db = t.database.db;
    await expect(
      db.updateTable('loyalty_members').set({ balance: '-1' }).where('partner_id', '=', pid).where('client_id', '=', id).execute(),
    ).rejects.toThrow(/check constraint/);
    const row = (operation: 'PLUS' | 'MINUS' | 'CREDIT' | 'DEBIT' | 'BURN' | 'RETURN', points: string) =>
      db.insertInto('loyalty_ledger').values({ partner_id: pid, client_id: id, operation, points, title: 'Проверка' }).execute();
    for (const [operation, points] of [
      ['PLUS', '-5'],
      ['CREDIT', '0'],
      ['RETURN', '-1'],
      ['MINUS', '5'],
      ['DEBIT', '10'],
      ['BURN', '1'],
      ['PLUS', '1.5'],
    ] as const) {
      await expect(row(operation, points), `${operation} ${points}`).rejects.toThrow(/loyalty_ledger_points_sign/);
    }
    expect(await stored(id)).toEqual({ balance: new Decimal(0), ledger: new Decimal(0) });
  });
});
