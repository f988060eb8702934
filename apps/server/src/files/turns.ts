/**
 * Turns for scarce work (a worker thread, a core): at most `running` hold one at once and `waiting` more wait in
 * order; past that `take` answers undefined at once, for the caller to refuse. The release hands the turn on and
 * may be called more than once.
 */
export function turns(running: number, waiting = Number.POSITIVE_INFINITY) {
  let free = running;
  const queue: (() => void)[] = [];
  return {
    async take(): Promise<(() => void) | undefined> {
      if (free > 0) free--;
      else if (queue.length < waiting) await new Promise<void>((turn) => queue.push(turn));
      else return undefined;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = queue.shift();
        if (next) next();
        else free++;
      };
    },
  };
}
