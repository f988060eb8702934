import fs from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database: a lock file with the owner's pid. A lock left by a process that
 * no longer runs is taken over; a live one refuses the start with a clear message.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new Error(
          `The database in ${dataDir} is in use by another process (pid ${pid}). ` +
            'Stop it first, or point DATA_DIR elsewhere.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
