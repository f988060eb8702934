/**
 * Runs one task at a time: a call made while the previous one is still running is dropped (answers undefined).
 * Two quick clicks on «В корзину РЦ» send once, whatever React has re-rendered in between.
 */
export function createSingleFlight() {
  let running = false;
  return async function run<T>(task: () => Promise<T>): Promise<T | undefined> {
    if (running) return undefined;
    running = true;
    try {
      return await task();
    } finally {
      running = false;
    }
  };
}
