// Installs the workspace's dependencies when they are missing or older than the lock file,
// so that `npm start` and `npm test` work on a fresh clone with no other step.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
if (stale) {
  console.log('Installing dependencies…');
  execSync(existsSync('package-lock.json') ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund', {
    stdio: 'inherit',
  });
}
