import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import { mailBody } from './mail-layout';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mailer', () => {
  it('stores the message, then a job writes a real .eml file to DATA_DIR/outbox', async () => {
    const { mailer, jobs } = t.app.services;
    const body = mailBody('Здравствуйте, Анна!', ['Ваш заказ К-000001 исполнен.'], 'Канцлер Опт');
    const id = await mailer.send(
      { partnerId: null, to: 'anna@example.ru', template: 'test.hello', subject: 'Заказ исполнен', ...body },
      t.database.db,
    );

    const queued = await t.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(queued.status).toBe('QUEUED');

    await jobs.runUntilIdle();
    const sent = await t.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(sent.status).toBe('SENT');
    expect(sent.eml_path).toBe(path.join(t.dataDir, 'outbox', `${String(id).padStart(6, '0')}-test.hello.eml`));
    const eml = fs.readFileSync(sent.eml_path!, 'utf8');
    expect(eml).toMatch(/^To: anna@example\.ru$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(eml).toContain('Content-Type: text/html');
  });

  it('a failing delivery stays in the outbox and its job is retried later, not lost', async () => {
    // An outbox directory that cannot be created: a file stands where the folder should be.
    const blocked = await createTestApp({ dataDir: path.join(t.dataDir, 'file-not-dir') });
    fs.writeFileSync(path.join(t.dataDir, 'file-not-dir'), 'x');
    try {
      const id = await blocked.app.services.mailer.send(
        { partnerId: null, to: 'a@b.ru', template: 'test.fail', subject: 'Тест', text: 'Тест' },
        blocked.database.db,
      );
      await blocked.app.services.jobs.runUntilIdle();
      const row = await blocked.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('QUEUED');
      expect(row.error).toBeTruthy();
      const job = await blocked.database.db
        .selectFrom('jobs')
        .selectAll()
        .where('type', '=', 'mail.send')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('QUEUED');
      expect(job.attempts).toBe(1);
      expect(job.run_at.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await blocked.close();
    }
  });
});
