export interface Measurement {
  name: string;
  p50: number;
  p95: number;
  max: number;
}

/** Runs `fn` sequentially, after a short warm-up, and answers latency percentiles in milliseconds. */
export async function measure(
  name: string,
  iterations: number,
  fn: () => Promise<{ statusCode: number }>,
): Promise<Measurement> {
  for (let i = 0; i < Math.min(20, iterations); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const res = await fn();
    times.push(performance.now() - start);
    if (res.statusCode >= 400) throw new Error(`${name}: HTTP ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { name, p50: at(0.5), p95: at(0.95), max: times[times.length - 1] };
}

export function report(title: string, rows: Measurement[]): void {
  console.log(`\n${title}`);
  console.table(
    rows.map((r) => ({ path: r.name, 'p50 ms': r.p50.toFixed(2), 'p95 ms': r.p95.toFixed(2), 'max ms': r.max.toFixed(2) })),
  );
}
