/**
 * Yields the items of `source`, asking for the next one before the consumer works on this one: the spreadsheet
 * reader's worker parses the next batch while the consumer writes the current one to the database. However the
 * loop ends, the pending read is settled and the source closed (its worker released).
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  // A handler at once: a read that fails while the consumer is busy is not an unhandled rejection; awaiting it throws.
  const ask = () => {
    const next = it.next();
    next.catch(() => undefined);
    return next;
  };
  let coming = ask();
  try {
    for (;;) {
      const read = await coming;
      if (read.done) return;
      coming = ask();
      yield read.value;
    }
  } finally {
    await coming.catch(() => undefined);
    await it.return?.(undefined);
  }
}
