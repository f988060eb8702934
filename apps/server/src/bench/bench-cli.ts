/**
 * `npm run bench`: measures the API's hot paths in-process (app.inject, no network) on the configured database
 * (DATA_DIR's embedded PGlite, or DATABASE_URL). Seed a large set first with `npm run seed -- --scale N`.
 * Options: --iterations N (default 200). It also prints the login page's JS size against its budget.
 */
import { loadConfig } from '../config';
import { buildApp, DEFAULT_WEB_DIST } from '../app';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { reportLoginBundle } from './login-bundle';
import { measure, report } from './measure';

const args = process.argv.slice(2);
const iterations = Number(args[args.indexOf('--iterations') + 1]) || 200;

const config = loadConfig();
const loginWithinBudget = reportLoginBundle(config.WEB_DIST ?? DEFAULT_WEB_DIST);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await migrateToLatest(database.db);
const app = await buildApp({ db: database.db, config: { ...config, LOG_LEVEL: 'silent', webDist: null } });
await app.ready();

const login = await app.inject({
  method: 'POST',
  url: '/v3/oauth/token/',
  payload: new URLSearchParams({
    grant_type: 'password',
    username: 'owner@partner.demo',
    password: 'demo1234',
    client_id: config.OAUTH_CLIENT_ID,
    client_secret: config.OAUTH_CLIENT_SECRET,
  }).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
if (login.statusCode !== 200) {
  console.error('Sign-in failed: seed the database first (npm run seed).', login.body);
  process.exit(1);
}
const headers = { authorization: `Bearer ${login.json().access_token}` };
const order = await database.db.selectFrom('orders').select('id').orderBy('created_at', 'desc').executeTakeFirst();

const results = [
  await measure('GET utils/check', iterations, () => app.inject({ method: 'GET', url: '/v3/api/utils/check/', headers })),
  await measure('GET partner/info', iterations, () => app.inject({ method: 'GET', url: '/v3/api/partner/info/', headers })),
];
if (order) {
  results.push(
    await measure('GET partner/order/{id}', iterations, () =>
      app.inject({ method: 'GET', url: `/v3/api/partner/order/${order.id}/`, headers }),
    ),
  );
}
report(`${database.engine}, ${iterations} iterations`, results);
await app.close();
await database.close();
if (!loginWithinBudget) process.exitCode = 1;
