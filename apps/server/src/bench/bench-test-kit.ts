import type { LoadResult } from './load';

/** A load run's result for the report's tests: 1,000 answers at 500 req/s unless `over` says otherwise. */
export const loadRun = (concurrency: number, over: Partial<LoadResult> = {}): LoadResult => ({
  concurrency,
  requests: 1000,
  errors: 0,
  rps: 500,
  p50: 5,
  p95: 9,
  p99: 12,
  max: 20,
  bytes: 100,
  ...over,
});
