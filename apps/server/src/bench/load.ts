import http from 'node:http';
import type { CpuMeter, CpuPerRequest } from './cpu-meter';
import { runWrkLoad, wrkAvailable } from './wrk-load';

export interface LoadResult {
  concurrency: number;
  requests: number;
  errors: number;
  /** Requests per second over the measured window. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Size of an answer, in bytes (Node's client: the last body; wrk: the mean of whole answers). */
  bytes: number;
  /** The CPU an answer cost the server and the database (with a meter). */
  cpu?: CpuPerRequest;
}

export interface LoadTarget {
  baseUrl: string;
  path: string;
  /** Paths asked in turn instead of `path` (a different search each request). */
  paths?: string[];
  headers: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

/** One request on a kept-alive connection; resolves with the status and body size when the answer is read. */
function request(agent: http.Agent, t: LoadTarget, path = t.path): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, t.baseUrl),
      { method: t.method ?? 'GET', agent, headers: t.body ? { ...t.headers, 'content-length': Buffer.byteLength(t.body) } : t.headers },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(t.body);
  });
}

export const percentile = (sorted: readonly number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

/**
 * Closed-loop load over real HTTP: `concurrency` workers each send the next request when the previous answer has
 * arrived, for `durationMs` after a warm-up. Latency is measured per request, throughput over the window.
 */
export async function runNodeLoad(t: LoadTarget, concurrency: number, durationMs: number, meter?: CpuMeter, warmupMs = 500): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const times: number[] = [];
  let errors = 0;
  let bytes = 0;
  let measuring = false;
  let stopAt = Date.now() + warmupMs;
  let asked = 0;
  const worker = async () => {
    while (Date.now() < stopAt) {
      const start = performance.now();
      try {
        const res = await request(agent, t, t.paths ? t.paths[asked++ % t.paths.length] : t.path);
        bytes = res.bytes;
        if (measuring) {
          times.push(performance.now() - start);
          if (res.status >= 400) errors++;
        }
      } catch {
        if (measuring) errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  measuring = true;
  const before = await meter?.snapshot();
  const started = performance.now();
  stopAt = Date.now() + durationMs;
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const after = await meter?.snapshot();
  agent.destroy();
  times.sort((a, b) => a - b);
  return {
    concurrency,
    requests: times.length,
    errors,
    rps: times.length / elapsed,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times[times.length - 1] ?? NaN,
    bytes,
    cpu: before && after ? meter!.perRequest(before, after, times.length, concurrency) : undefined,
  };
}

/** Which load generator the bench uses: wrk when installed (BENCH_LOAD=node forces Node's own). */
export const loadGenerator = (): 'wrk' | 'node' => (process.env.BENCH_LOAD !== 'node' && wrkAvailable() ? 'wrk' : 'node');

export const runLoad = (t: LoadTarget, concurrency: number, durationMs: number, meter?: CpuMeter): Promise<LoadResult> =>
  loadGenerator() === 'wrk' ? runWrkLoad(t, concurrency, durationMs, meter) : runNodeLoad(t, concurrency, durationMs, meter);
