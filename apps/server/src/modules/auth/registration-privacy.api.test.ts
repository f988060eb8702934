import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, SHOP_ORIGIN } from '@b2b/contracts/auth';
import { LIMITS } from '@b2b/contracts/limits';
import { createTestApp, form, WEB_CLIENT, type TestApp } from '@/test/test-app';
import { readOutbox } from '@/test/outbox';
import { partnerIdOf } from '../clients/clients-test-fixtures';

/*
 * Issue 37.7: registration tells nobody whether an address or an INN is already a shop's. A known one answers as a
 * new one does and creates nothing; the owner hears of it by e-mail (the account of the address; the partner for an
 * INN one of its clients has, as a request to review).
 */

let t: TestApp;
let pid: number;
const INBOX = 'requests@kancler.test';
/** A client of the demo shop with an INN, and the address of one of its buyers. */
let known: { inn: string; name: string };

let ip = 0;
/** Each call from its own address: the account flows are rate-limited per client address. */
const register = (data: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/v3/api/auth/register/',
    ...form({ type: 'register', domain: 'kancler', ...data }),
    remoteAddress: `198.51.100.${++ip}`,
  });
const mailsTo = async (to: string) => (await readOutbox(t)).filter((m) => m.to.includes(to));
const signIn = (username: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v3/oauth/token/',
    ...form({ grant_type: 'password', username, password, domain: 'kancler', ...WEB_CLIENT }),
  });
const count = async (table: 'users' | 'clients', column: 'email' | 'inn', value: string) =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('partner_id', '=', pid)
        .where(column, '=', value)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
  await t.database.db
    .updateTable('shops')
    .set({ notify_emails: [INBOX], notify_checkbox: true })
    .where('partner_id', '=', pid)
    .execute();
  const client = await t.database.db
    .selectFrom('clients')
    .select(['inn', 'name'])
    .where('partner_id', '=', pid)
    .where('inn', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  known = { inn: client.inn!, name: client.name };
});
afterAll(() => t.close());

describe('a registration with a known address', () => {
  it('answers as a new one, creates nothing, and tells the account of the address', async () => {
    const fresh = await register({ email: 'fresh.buyer@firma.test', name: 'Вера', company: 'ООО Свежая', password: 'secret-12' });
    const taken = await register({
      email: 'Buyer@Client.demo',
      name: 'Чужой',
      company: 'ООО Конкурент',
      password: 'other-pass-1',
      origin: SHOP_ORIGIN,
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.registered });

    expect(await count('users', 'email', 'buyer@client.demo')).toBe(1);
    expect(await count('clients', 'email', 'buyer@client.demo')).toBe(0);
    // The account is as it was: its own password still signs in, the one of the form does not.
    expect((await signIn('buyer@client.demo', 'demo1234')).statusCode).toBe(200);
    expect((await signIn('buyer@client.demo', 'other-pass-1')).statusCode).toBe(400);

    const letters = await mailsTo('buyer@client.demo');
    expect(letters.map((m) => m.subject)).toEqual(['Попытка регистрации в магазине «Канцлер Опт»']);
    expect(letters[0].text).toContain('Кто-то попытался зарегистрироваться');
    expect(letters[0].text).toMatch(/http\S+\/shop\/kancler\b/);
    expect(letters[0].text).not.toContain('user_checkword');
    expect((await mailsTo('fresh.buyer@firma.test')).map((m) => m.subject)).toEqual(['Подтверждение регистрации в магазине «Канцлер Опт»']);
  });

  it('a few letters an hour at most: the form cannot flood the mailbox', async () => {
    const before = (await mailsTo('buyer@client.demo')).length;
    for (let i = 0; i < LIMITS.registrationNoticesPerHour + 3; i++) {
      expect((await register({ email: 'buyer@client.demo', name: 'Чужой', company: 'ООО Конкурент' })).json().SUCCESS).toBe('Y');
    }
    // One was sent by the test before.
    expect((await mailsTo('buyer@client.demo')).length - before).toBe(LIMITS.registrationNoticesPerHour - 1);
  });
});

describe('a registration with an INN the partner already serves', () => {
  it('answers as a new one, creates no client, and goes to the partner as a request to review', async () => {
    const fresh = await register({ email: 'new.inn@firma.test', name: 'Олег', company: 'ООО Новая', inn: '7707083893' });
    const taken = await register({ email: 'spy@rival.test', name: 'Иван', company: 'ООО Разведка', inn: known.inn, phone: '+7 900 000-00-00' });
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.registered });

    expect(await count('clients', 'inn', known.inn)).toBe(1);
    expect(await count('users', 'email', 'spy@rival.test')).toBe(0);
    expect(await count('clients', 'inn', '7707083893')).toBe(1);

    const [request, ...more] = await mailsTo(INBOX);
    expect(more).toHaveLength(0);
    expect(request.subject).toBe(`Заявка на регистрацию в магазине «Канцлер Опт»: ИНН ${known.inn}`);
    for (const detail of ['ООО Разведка', 'Иван', 'spy@rival.test', '+7 (900) 000-00-00', `«${known.name}»`]) expect(request.text).toContain(detail);
    // Its sender is told the request was passed on, with no link that could make an account.
    const [pending, ...others] = await mailsTo('spy@rival.test');
    expect(others).toHaveLength(0);
    expect(pending.subject).toBe('Заявка на регистрацию в магазине «Канцлер Опт»');
    expect(pending.text).not.toContain('user_checkword');
  });

  it('one new INN registered 6 times at once: one client, the others go to the partner, every answer the same', async () => {
    const inn = '500100732259';
    const before = (await mailsTo(INBOX)).length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => register({ email: `twin${i}@inn.test`, name: 'Близнец', company: 'ИП Близнецов', inn })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    for (const a of answers) expect(a.json()).toEqual({ SUCCESS: 'Y', MESSAGE: ACCOUNT_MSG.registered });
    expect(await count('clients', 'inn', inn)).toBe(1);
    const requests = (await mailsTo(INBOX)).slice(before);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(requests.length).toBeLessThanOrEqual(LIMITS.registrationNoticesPerHour);
    for (const r of requests) expect(r.subject).toContain(`ИНН ${inn}`);
  });
});
