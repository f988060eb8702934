import { percentile } from './load';
import type { RunningServer } from './server-process';

interface JobAnswer {
  STATUS?: string;
  PROGRESS?: number;
  ERROR?: string;
  URL?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The order export of ~100,000 rows (the last 60 days of a large supplier) as the web runs it: the request answers a
 * job, polled until done. Meanwhile the server's memory is sampled and a trivial route is timed, to show the export
 * streams (memory flat) and the server keeps answering.
 */
export async function measureExport(server: RunningServer, headers: Record<string, string>, log: (m: string) => void) {
  const day = (offsetDays: number) => new Date(Date.now() + 3 * 3600_000 - offsetDays * 86400_000).toISOString().slice(0, 10);
  const filter = `date_start=${day(60)}&date_end=${day(0)}`;
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };
  const rows = (await get<{ NAV: { CNT: number } }>(`/v3/api/partner/orderlist/?${filter}`)).NAV.CNT;
  const rssBefore = server.rssMb();
  const started = performance.now();
  const answer = await get<{ JOB_ID?: number; URL?: string }>(`/v3/api/partner/orderlist/?${filter}&action=export`);
  const answeredMs = performance.now() - started;
  if (!answer.JOB_ID) {
    log(`export: answered in the request (${answeredMs.toFixed(0)} ms), no job`);
    return { 'export rows': rows, 'export answered in request ms': Math.round(answeredMs) };
  }
  let rssPeak = rssBefore;
  const pings: number[] = [];
  let job: JobAnswer = {};
  let lastProgress = -1;
  while (job.STATUS !== 'DONE' && job.STATUS !== 'FAILED') {
    const ping = performance.now();
    await get('/v3/api/utils/check/');
    pings.push(performance.now() - ping);
    rssPeak = Math.max(rssPeak, server.rssMb());
    job = await get<JobAnswer>(`/v3/api/partner/job/${answer.JOB_ID}/`);
    if (job.PROGRESS !== undefined && job.PROGRESS >= lastProgress + 20) {
      lastProgress = job.PROGRESS;
      log(`export: ${job.PROGRESS}%`);
    }
    await sleep(200);
  }
  const seconds = (performance.now() - started) / 1000;
  if (job.STATUS === 'FAILED') throw new Error(`export failed: ${job.ERROR}`);
  pings.sort((a, b) => a - b);
  // The file as the browser downloads it, from the store the job wrote it to (the local folder or S3).
  const downloadStarted = performance.now();
  const file = await fetch(`${server.baseUrl}${job.URL}`, { headers });
  if (!file.ok || !file.body) throw new Error(`export download: HTTP ${file.status}`);
  let bytes = 0;
  for await (const chunk of file.body) bytes += (chunk as Uint8Array).length;
  const downloadSeconds = (performance.now() - downloadStarted) / 1000;
  const result = {
    'export rows': rows,
    'export job answered ms': Math.round(answeredMs),
    'export seconds': Number(seconds.toFixed(1)),
    'export rows/s': Math.round(rows / seconds),
    'server RSS before export MB': Math.round(rssBefore),
    'server RSS peak during export MB': Math.round(rssPeak),
    'trivial route during export p95 ms': Number(percentile(pings, 0.95).toFixed(1)),
    'export file MB': Number((bytes / 1048576).toFixed(1)),
    'export download s': Number(downloadSeconds.toFixed(2)),
  };
  log(`export: ${JSON.stringify(result)}`);
  return result;
}
