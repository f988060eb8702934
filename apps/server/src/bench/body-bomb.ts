import http from 'node:http';

/**
 * Issue 37.1's attack: signed-out requests that announce (or stream, chunked) a 1 GB multipart body of 1 MB text
 * fields, sent in parallel. The server must answer each with a 4xx soon after its headers, without reading the rest;
 * the test holds it to that and `npm run bench` prints what it cost (memory, the trivial route's p95 meanwhile).
 */
export interface BombResult {
  path: string;
  chunked: boolean;
  /** 0 when no answer came (the connection failed or the time ran out). */
  status: number;
  /** From the request's headers being sent to the answer's. */
  answeredMs: number;
  /** Bytes of body written before the answer came. */
  sentBytes: number;
  error?: string;
}

const GB = 1024 ** 3;
const BOUNDARY = '----b2b-body-bomb';
/** A 1 MB text field, written again and again. */
const FIELD = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"\r\n\r\n`),
  Buffer.alloc(1024 * 1024 - 128, 'a'),
  Buffer.from('\r\n'),
]);

const PIECE = 64 * 1024;

export function bodyBomb(
  baseUrl: string,
  path: string,
  { chunked, giveUpMs = 10_000 }: { chunked: boolean; giveUpMs?: number },
): Promise<BombResult> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve) => {
    let sentBytes = 0;
    let started = 0;
    let done = false;
    const finish = (status: number, error?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ path, chunked, status, answeredMs: performance.now() - started, sentBytes, ...(error ? { error } : {}) });
    };
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: false,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(GB) }),
      },
    });
    const timer = setTimeout(() => finish(0, 'no answer'), giveUpMs);
    req.on('response', (res) => {
      res.resume();
      finish(res.statusCode ?? 0);
    });
    // The server closes the connection after its answer: a write after it fails, which is no failure of the answer.
    req.on('error', (err) => setTimeout(() => finish(0, err.message), 200));
    // 64 KB at a time, yielding between writes: the client's own loop must not delay the answer it times.
    let offset = 0;
    const pump = () => {
      if (done || sentBytes >= GB) return;
      const piece = FIELD.subarray(offset, offset + PIECE);
      offset = (offset + PIECE) % FIELD.length;
      sentBytes += piece.length;
      if (req.write(piece)) setImmediate(pump);
      else req.once('drain', pump);
    };
    req.flushHeaders();
    started = performance.now();
    pump();
  });
}

/** The p-th percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `npm run bench`'s body-bomb line: for `seconds`, rounds of 12 parallel bombs (6 to the token route, 6 to an
 * unknown path, half chunked) while the trivial route is asked one request after another; the server's memory
 * growth, the trivial route's p95 meanwhile, and the slowest refusal.
 */
export async function measureBodyBombs(
  server: { baseUrl: string; rssMb(): number },
  log: (line: string) => void,
  seconds = 5,
): Promise<Record<string, string | number>> {
  const before = server.rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
  const until = performance.now() + seconds * 1000;
  const trivial: number[] = [];
  const probing = (async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await fetch(`${server.baseUrl}/v3/api/utils/check/`).then((res) => res.arrayBuffer());
      trivial.push(performance.now() - started);
    }
  })();
  const bombs: BombResult[] = [];
  while (performance.now() < until) {
    const round = ['/v3/oauth/token/', '/no-such-route'].flatMap((target) =>
      [0, 1, 2, 3, 4, 5].map((i) => bodyBomb(server.baseUrl, target, { chunked: i % 2 === 1 })),
    );
    bombs.push(...(await Promise.all(round)));
  }
  await probing;
  clearInterval(sampler);
  trivial.sort((a, b) => a - b);
  const refused = bombs.filter((b) => b.status >= 400 && b.status < 500);
  const slowest = Math.max(...bombs.map((b) => b.answeredMs));
  const result = {
    'body bomb: 1 GB bodies refused': `${refused.length} of ${bombs.length}, the slowest in ${slowest.toFixed(0)} ms`,
    'body bomb: server memory growth MB': Math.round(peak - before),
    'body bomb: trivial route p95 meanwhile ms': Number(percentile(trivial, 95).toFixed(2)),
  };
  log(
    `body bomb (${seconds} s of 12 parallel 1 GB bodies): ${result['body bomb: 1 GB bodies refused']}; memory +${result['body bomb: server memory growth MB']} MB; trivial route p95 ${result['body bomb: trivial route p95 meanwhile ms']} ms over ${trivial.length} requests`,
  );
  return result;
}
