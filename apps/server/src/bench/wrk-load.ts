import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CpuMeter } from './cpu-meter';
import type { LoadResult, LoadTarget } from './load';

/** Where Debian's `wrk` is (apt-get install wrk); the bench uses it when it is there. */
export const WRK = process.env.BENCH_WRK ?? '/usr/bin/wrk';

export const wrkAvailable = () => fs.existsSync(WRK);

/**
 * Lua for wrk: the request (method, headers, body; the paths in turn, from the first, when there are several) and,
 * at the end, the figures as one JSON line.
 */
export function wrkScript(t: LoadTarget, paths = t.paths): string {
  const lua = (s: string) => {
    // A JSON string of printable ASCII is a valid Lua string literal (paths and bodies arrive URL-encoded).
    if (!/^[\x20-\x7e]*$/.test(s)) throw new Error(`not printable ASCII: ${s}`);
    return JSON.stringify(s);
  };
  // wrk writes the body's content-length itself.
  const headers = Object.entries(t.headers)
    .map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`)
    .join('\n');
  const turns = paths
    ? `local paths = { ${paths.map(lua).join(', ')} }
local turn = 0
request = function()
  turn = turn % #paths + 1
  return wrk.format(nil, paths[turn])
end`
    : '';
  return `wrk.method = ${lua(t.method ?? 'GET')}
${t.body ? `wrk.body = ${lua(t.body)}` : ''}
${headers}
${turns}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"errors":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f,"max":%.3f}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
`;
}

interface WrkFigures {
  requests: number;
  duration_us: number;
  bytes: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function parseWrkOutput(stdout: string): WrkFigures {
  const line = stdout.split('\n').find((l) => l.startsWith('WRK_RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${stdout.slice(-1000)}`);
  return JSON.parse(line.slice('WRK_RESULT '.length)) as WrkFigures;
}

function wrk(t: LoadTarget, script: string, concurrency: number, ms: number): Promise<WrkFigures> {
  // One thread drives up to 32 connections easily; a second one would only take CPU from the server.
  const args = [
    '-t',
    String(concurrency > 64 ? 2 : 1),
    '-c',
    String(concurrency),
    '-d',
    `${Math.max(1, Math.round(ms / 1000))}s`,
    '--timeout',
    '30s',
    '-s',
    script,
    new URL(t.path, t.baseUrl).href,
  ];
  return new Promise((resolve, reject) =>
    execFile(WRK, args, { maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${stderr}`));
      try {
        resolve(parseWrkOutput(stdout));
      } catch (e) {
        reject(e);
      }
    }),
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * wrk leaves when its time is up, with up to `concurrency` requests still at work in the server (a heavy report's
 * take seconds): the next measurement would pay for them. Waits until the trivial route answers promptly again.
 */
export async function waitUntilIdle(t: LoadTarget, limitMs = 60_000): Promise<void> {
  const until = Date.now() + limitMs;
  let prompt = 0;
  while (prompt < 3 && Date.now() < until) {
    const started = performance.now();
    await fetch(new URL('/v3/api/utils/check/', t.baseUrl), { headers: t.headers })
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    prompt = performance.now() - started < 20 ? prompt + 1 : 0;
    await sleep(prompt ? 20 : 100);
  }
}

/**
 * Closed-loop load from Debian's `wrk` (C, one thread): on a machine where the load generator shares the server's
 * cores, it takes a fraction of the CPU that Node's http client does, so the server's figures are the server's.
 * A warm-up run first, then the measured one, each followed by the server's return to idle.
 */
export async function runWrkLoad(t: LoadTarget, concurrency: number, durationMs: number, meter?: CpuMeter, warmupMs = 1000): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'request.lua');
  const warmup = path.join(dir, 'warmup.lua');
  fs.writeFileSync(script, wrkScript(t));
  // The warm-up asks the paths from the last: the measured run's first ones are not asked before it.
  fs.writeFileSync(warmup, wrkScript(t, t.paths && [...t.paths].reverse()));
  try {
    await wrk(t, warmup, concurrency, warmupMs);
    await waitUntilIdle(t);
    const before = await meter?.snapshot();
    const r = await wrk(t, script, concurrency, durationMs);
    // After the requests wrk left in flight are served: their work is the run's.
    await waitUntilIdle(t);
    const after = await meter?.snapshot();
    return {
      concurrency,
      requests: r.requests,
      errors: r.errors,
      rps: r.requests / (r.duration_us / 1e6),
      p50: r.p50,
      p95: r.p95,
      p99: r.p99,
      max: r.max,
      bytes: r.requests ? Math.round(r.bytes / r.requests) : 0,
      cpu: before && after ? meter!.perRequest(before, after, r.requests, concurrency) : undefined,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
