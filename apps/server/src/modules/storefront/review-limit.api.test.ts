import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { BUYER_MSG } from '@b2b/contracts/storefront';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 37.7: 30 reviews in a row were all accepted. A buyer sends at most LIMITS.reviewsPerHour an hour, and so does
 * a network address whoever signs in there; past it 429 with the API's error shape and a Russian message, also when
 * the reviews arrive all at once.
 */

let t: TestApp;
let pid: number;
/** Access tokens of seven buyers of the demo shop. */
let buyers: string[];

const review = (token: string, text: string, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/personal/review',
    ...form({ text }),
    headers: { ...form({ text }).headers, ...bearer(token) },
    remoteAddress: address,
  });
const stored = async (text: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('client_reviews')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('partner_id', '=', pid)
        .where('text', 'like', `${text}%`)
        .executeTakeFirstOrThrow()
    ).n,
  );
const TOO_MANY = { error: 'too_many_requests', error_description: BUYER_MSG.reviewsTooMany };

beforeAll(async () => {
  t = await createTestApp();
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  const users = await t.database.db
    .selectFrom('users as u')
    .innerJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'u.partner_id').onRef('c.id', '=', 'u.client_id'))
    .select('u.email')
    .where('u.partner_id', '=', pid)
    .where('u.kind', '=', 'CLIENT')
    .where('u.active', '=', true)
    .where('u.password_hash', 'is not', null)
    .where('u.email_confirmed_at', 'is not', null)
    .where('c.blacklisted', '=', false)
    .orderBy('u.id')
    .limit(7)
    .execute();
  buyers = [];
  for (const u of users) buyers.push(await t.login(u.email));
  expect(buyers).toHaveLength(7);
});
afterAll(() => t.close());

describe('reviews per hour', () => {
  it(`a buyer in a row: ${LIMITS.reviewsPerHour} accepted, then 429 with the Russian message`, async () => {
    for (let i = 0; i < LIMITS.reviewsPerHour; i++) {
      expect((await review(buyers[0], `Подряд ${i}`, '192.0.2.1')).json()).toMatchObject({ SUCCESS: 'Y', MESSAGE: BUYER_MSG.reviewSent });
    }
    for (let i = 0; i < 3; i++) {
      const refused = await review(buyers[0], `Подряд лишний ${i}`, '192.0.2.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await stored('Подряд')).toBe(LIMITS.reviewsPerHour);
  });

  it('30 at once from one buyer on 30 addresses: at most the limit accepted', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => review(buyers[1], `Разом ${i}`, `192.0.2.${100 + i}`)));
    const accepted = answers.filter((a) => a.statusCode === 200);
    expect(accepted.length).toBe(LIMITS.reviewsPerHour);
    for (const a of accepted) expect(a.json()).toMatchObject({ SUCCESS: 'Y' });
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(429);
      expect(a.json()).toEqual(TOO_MANY);
    }
    expect(await stored('Разом')).toBe(LIMITS.reviewsPerHour);
  });

  it('30 at once from five buyers on one address: at most the limit accepted', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => review(buyers[2 + (i % 5)], `С адреса ${i}`, '198.18.0.1')));
    expect(answers.filter((a) => a.statusCode === 200).length).toBe(LIMITS.reviewsPerHour);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json()).toEqual(TOO_MANY);
    expect(await stored('С адреса')).toBe(LIMITS.reviewsPerHour);
  });
});
