import { sql, type Kysely } from 'kysely';

/*
 * Issue 38.1/38.7: a member's balance is the sum of its ledger rows and never below zero. The balance column has
 * refused a negative value since the initial schema (check balance >= 0), and every movement is written with the
 * balance under the member's row lock. The last guard added here is on the ledger itself: every movement is whole
 * points with the sign of its operation (awards CREDIT, RETURN, PLUS above zero; DEBIT, MINUS, BURN below), so no
 * row can add a spending to a balance or take away an award.
 *
 * The constraint is added NOT VALID (new rows are checked at once) and validated only when no stored row breaks it:
 * a database holding such a row (none is written by the application or the seed) keeps it, and the constraint
 * stays NOT VALID until the row is mended and `alter table loyalty_ledger validate constraint …` is run.
 */
const CHECK = `(points = trunc(points) and (
  (operation in ('CREDIT', 'RETURN', 'PLUS') and points > 0) or (operation in ('DEBIT', 'MINUS', 'BURN') and points < 0)))`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table loyalty_ledger add constraint loyalty_ledger_points_sign check ${CHECK} not valid`).execute(db);
  const { rows } = await sql.raw<{ n: number }>(`select count(*)::int as n from loyalty_ledger where not ${CHECK}`).execute(db);
  if (Number(rows[0].n) === 0) await sql`alter table loyalty_ledger validate constraint loyalty_ledger_points_sign`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table loyalty_ledger drop constraint loyalty_ledger_points_sign`.execute(db);
}
