import { buildApp } from '../app';
import { loadConfig } from '../config';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/bench';
const paths = process.argv.slice(3);
const types = { getTypeParser: (oid: number, format?: any) => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) };
const pool = new pg.Pool({ connectionString: url, max: 4, options: '-c jit=off', types });
let log: string[] = [];
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), log: (e) => { if (e.level === 'query') log.push(`${e.queryDurationMillis.toFixed(2)} ms  ${e.query.sql.replace(/\s+/g, " ").slice(0, Number(process.env.W ?? 300))} ${JSON.stringify(e.query.parameters).slice(0,100)}`); else console.log('ERR', e.error); } });
const config = loadConfig();
const app = await buildApp({ db, config: { ...config, LOG_LEVEL: 'silent', webDist: null, runJobs: false } as any });
await app.ready();
const who = process.env.AS ?? 'owner@partner.demo';
const login = await app.inject({ method: 'POST', url: '/v3/oauth/token/', payload: new URLSearchParams({ grant_type: 'password', username: who, password: 'demo1234', ...(process.env.DOMAIN ? { domain: process.env.DOMAIN } : {}), client_id: config.OAUTH_CLIENT_ID, client_secret: config.OAUTH_CLIENT_SECRET }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const auth = { authorization: `Bearer ${login.json().access_token}` };
for (const p of paths) {
  for (let i = 0; i < 5; i++) { log = []; const r = await app.inject({ method: 'GET', url: p, headers: auth }); if (i === 4) { console.log(`\n## ${p} -> ${r.statusCode} ${r.body.length}b`); console.log(log.join('\n')); } }
}
await app.close(); await db.destroy();
