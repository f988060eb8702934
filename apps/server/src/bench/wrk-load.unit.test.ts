import { describe, expect, it } from 'vitest';
import { parseWrkOutput, wrkScript } from './wrk-load';

describe('the wrk load generator', () => {
  it('writes the request into its Lua script: method, body and headers (wrk sets content-length itself)', () => {
    const lua = wrkScript({
      baseUrl: 'http://127.0.0.1:1',
      path: '/x/',
      method: 'POST',
      body: 'a=1&b=%D0%B0',
      headers: { authorization: 'Bearer t"k' },
    });
    expect(lua).toContain('wrk.method = "POST"');
    expect(lua).toContain('wrk.body = "a=1&b=%D0%B0"');
    expect(lua).toContain('wrk.headers["authorization"] = "Bearer t\\"k"');
    expect(lua).not.toContain('content-length');
    expect(lua).toContain('latency:percentile(95)');
  });

  it('asks several paths in turn when given them, from the first', () => {
    const lua = wrkScript({ baseUrl: 'http://127.0.0.1:1', path: '/a/', paths: ['/a/', '/b/?q=%D0%B0'], headers: {} });
    expect(lua).toContain('local paths = { "/a/", "/b/?q=%D0%B0" }');
    expect(lua).toContain('return wrk.format(nil, paths[turn])');
    expect(wrkScript({ baseUrl: 'http://127.0.0.1:1', path: '/a/', headers: {} })).not.toContain('request = function');
  });

  it('refuses text that is not printable ASCII rather than write a broken script', () => {
    expect(() => wrkScript({ baseUrl: 'http://127.0.0.1:1', path: '/', headers: { x: 'тест' } })).toThrow(/ASCII/);
  });

  it('reads the figures of the done() line, and fails loudly without one', () => {
    const out = 'Running 1s test\nWRK_RESULT {"requests":10,"duration_us":1000000,"bytes":500,"errors":1,"p50":1.5,"p95":2.5,"p99":3.5,"max":4}\n';
    expect(parseWrkOutput(out)).toEqual({ requests: 10, duration_us: 1_000_000, bytes: 500, errors: 1, p50: 1.5, p95: 2.5, p99: 3.5, max: 4 });
    expect(() => parseWrkOutput('unable to connect')).toThrow(/no result/);
  });
});
