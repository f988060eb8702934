import fs from 'node:fs';
import path from 'node:path';

/** A data directory's scratch files (DATA_DIR/tmp) now. */
export const scratchNow = (dataDir: string) => {
  const dir = path.join(dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/**
 * The scratch files still there once a request's cleanup has had its time: an upload's scratch file goes after the
 * answer is sent (onResponse), which an injected request's caller may see before it has run.
 */
export async function scratchLeft(dataDir: string, within = 3000): Promise<string[]> {
  const until = Date.now() + within;
  let left = scratchNow(dataDir);
  while (left.length && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    left = scratchNow(dataDir);
  }
  return left;
}
