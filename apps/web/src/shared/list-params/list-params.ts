/** The pure rules behind useListParams: query values are strings; an empty value means "not set". */
export type ListParams = Record<string, string>;
export type ListParamsPatch = Record<string, string | number | null | undefined>;

export function parseSavedParams(raw: string | undefined): ListParams {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: ListParams = {};
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string' || typeof item === 'number') out[key] = String(item);
    }
    return out;
  } catch {
    return {};
  }
}

/** Only the keys chosen for saving, without empty values. */
export function pickSaved(params: ListParams, savedKeys: readonly string[]): ListParams {
  const out: ListParams = {};
  for (const key of savedKeys) if (params[key]) out[key] = params[key];
  return out;
}

/** The URL query wins; saved values fill the keys the URL does not carry. */
export function mergeListParams(url: ListParams, saved: ListParams): ListParams {
  const out: ListParams = { ...url };
  for (const [key, value] of Object.entries(saved)) if (!(key in out) && value) out[key] = value;
  return out;
}

export function sameParams(a: ListParams, b: ListParams): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/** Sets the patch's values; null, undefined or '' removes a key. */
export function applyPatch(current: ListParams, patch: ListParamsPatch): ListParams {
  const out: ListParams = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '') delete out[key];
    else out[key] = String(value);
  }
  return out;
}

/**
 * One reconciliation of the URL query with the saved cookie: the query the URL should carry, and the values the
 * cookie should hold (null when the cookie is already right).
 */
export function reconcileListParams(
  url: ListParams,
  savedRaw: string | undefined,
  savedKeys: readonly string[],
): { query: ListParams; rewriteUrl: boolean; save: ListParams | null } {
  const saved = pickSaved(parseSavedParams(savedRaw), savedKeys);
  const query = mergeListParams(url, saved);
  const toSave = pickSaved(query, savedKeys);
  return { query, rewriteUrl: !sameParams(query, url), save: sameParams(toSave, saved) ? null : toSave };
}

/** A cookie and the keys of the query it keeps. */
export interface SavedBinding {
  raw: string | undefined;
  keys: readonly string[];
}

/**
 * reconcileListParams over several cookies, each keeping its own keys (a list's filters, and a filter several
 * screens share): the URL wins, then each cookie in turn fills what is still missing. `saves[i]` is what cookie i
 * should hold (null when it is already right).
 */
export function reconcileSavedParams(
  url: ListParams,
  bindings: readonly SavedBinding[],
): { query: ListParams; rewriteUrl: boolean; saves: (ListParams | null)[] } {
  let query = url;
  const saves: (ListParams | null)[] = [];
  for (const binding of bindings) {
    const result = reconcileListParams(query, binding.raw, binding.keys);
    query = result.query;
    saves.push(result.save);
  }
  return { query, rewriteUrl: !sameParams(query, url), saves };
}
