import { Kysely, PostgresDialect } from 'kysely';
const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: {} as any }) });
console.log(db.selectFrom('t').selectAll().where((eb) => eb.and([])).compile().sql);
