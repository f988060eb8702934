/** Where a slow statement is told: the app's logger, once there is one. */
export type SlowStatementSink = (entry: { ms: number; statement: string }) => void;

/**
 * Tells the data statements that take at least `thresholdMs` (0: none): their duration and their text, whitespace
 * collapsed and cut at 1,000 characters. Never their parameters: every value a user typed, and every secret, is one.
 * `onQuery` is given to openDatabase; the sink is attached once the logger exists (statements before are not told).
 */
export function slowStatements(thresholdMs: number) {
  let sink: SlowStatementSink | undefined;
  const onQuery = (ms: number, text: string) => {
    if (ms >= thresholdMs && sink) sink({ ms: Math.round(ms), statement: text.replace(/\s+/g, ' ').trim().slice(0, 1000) });
  };
  return {
    onQuery: thresholdMs > 0 ? onQuery : undefined,
    attach: (to: SlowStatementSink) => void (sink = to),
  };
}
