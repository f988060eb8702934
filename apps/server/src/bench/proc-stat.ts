import fs from 'node:fs';

/**
 * A process's line of Linux's /proc/<pid>/stat (proc(5)): its command, and its numbered fields (`field(4)` the parent,
 * `field(14)` and `field(15)` its user and system CPU ticks). Undefined when the process is gone or there is no /proc.
 */
export function procStat(pid: number): { command: string; field(n: number): number } | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command sits in parentheses and may hold spaces or parentheses: the fields are counted from its last ')'.
  const close = stat.lastIndexOf(')');
  const rest = stat.slice(close + 2).split(' ');
  // rest[0] is field 3 (the state).
  return { command: stat.slice(stat.indexOf('(') + 1, close), field: (n) => Number(rest[n - 3]) };
}
