const KEY = 'token_reset_reload_at';
const MIN_INTERVAL_MS = 10_000;

/**
 * Reloads the page after the tokens were cleared (back-office.md §4), but never twice within ten seconds,
 * so a server that keeps refusing tokens cannot put the page into a reload loop. True when reloading.
 */
export function reloadAfterTokenReset(): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY));
    if (Number.isFinite(last) && Date.now() - last < MIN_INTERVAL_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // sessionStorage may be unavailable; reload anyway.
  }
  location.reload();
  return true;
}
