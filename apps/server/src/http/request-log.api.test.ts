import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';
import { SLOW_REQUEST_MS } from './request-log';

interface LogLine {
  level: number;
  msg: string;
  request_id?: string;
  method?: string;
  url?: string;
  status?: number;
  responseTime?: number;
}
const INFO = 30;
const DEBUG = 20;

/** Every line the app logs, parsed. */
const lines: LogLine[] = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
const requestLines = () => lines.filter((l) => l.msg === 'request completed');

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info', logStream }, (app) => {
    app.get('/test/slow', async () => {
      await sleep(SLOW_REQUEST_MS + 50);
      return { ok: true };
    });
    app.get('/test/fail', async () => {
      throw new Error('database went away');
    });
  });
  owner = await t.login('owner@partner.demo');
});
beforeEach(() => {
  t.app.log.level = 'info';
  lines.length = 0;
});
afterAll(() => t.close());

describe('one log line per request (issue 11, point 6)', () => {
  it('a normal request writes no info line at all', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/api/partner/info/', headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(lines.filter((l) => l.level >= INFO)).toEqual([]);
  });

  it('at debug every request writes exactly one line, its secrets redacted', async () => {
    t.app.log.level = 'debug';
    const res = await t.app.inject({
      method: 'GET',
      url: `/v3/api/utils/check/?access_token=${owner}&page=2`,
      headers: { 'x-request-id': 'debug-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: DEBUG,
        request_id: 'debug-1',
        method: 'GET',
        url: '/v3/api/utils/check/?access_token=[REDACTED]&page=2',
        status: 200,
        responseTime: expect.any(Number),
      }),
    ]);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    expect(JSON.stringify(lines)).not.toContain(owner);
  });

  it('a 5xx answer is logged at info with its method, redacted url, status, time and request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/fail?token=s3cret', headers: { 'x-request-id': 'fail-1' } });
    expect(res.statusCode).toBe(500);
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: INFO, request_id: 'fail-1', method: 'GET', url: '/test/fail?token=[REDACTED]', status: 500 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });

  it('a slow answer is logged at info', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/slow', headers: { 'x-request-id': 'slow-1' } });
    expect(res.statusCode).toBe(200);
    const [line] = requestLines();
    expect(line).toMatchObject({ level: INFO, request_id: 'slow-1', url: '/test/slow', status: 200 });
    expect(line.responseTime).toBeGreaterThan(SLOW_REQUEST_MS);
  });
});
