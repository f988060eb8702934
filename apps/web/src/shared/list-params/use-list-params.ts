import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SAVED_STATE_COOKIES } from '@b2b/contracts/limits';
import { getCookie, setCookie } from '@/shared/cookies';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';
import { applyPatch, pickSaved, reconcileListParams } from '@/shared/list-params/list-params';

export type SavedStateCookie = (typeof SAVED_STATE_COOKIES)[number];

const saveToCookie = (name: SavedStateCookie, values: ListParams) => setCookie(name, JSON.stringify(values), 'partner');

/**
 * The one list-params hook (back-office.md §2): merges the query parameters saved in a cookie with the URL
 * query, rewrites the URL (replace) when the two differ, and saves `savedKeys` to the cookie whenever they
 * change. `params` are the defaults overlaid by the URL query.
 *
 *   const { params, setParams } = useListParams('params_orders', { limit: '12', offset: '0' },
 *     ['status', 'client_id', 'date_start', 'date_end', 'shop_id']);
 */
export function useListParams(cookieName: SavedStateCookie, defaults: ListParams, savedKeys: readonly string[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const keysKey = savedKeys.join('\n');
  const defaultsKey = JSON.stringify(defaults);

  const urlParams = useMemo<ListParams>(() => Object.fromEntries(new URLSearchParams(query)), [query]);

  useEffect(() => {
    const keys = keysKey ? keysKey.split('\n') : [];
    const result = reconcileListParams(urlParams, getCookie(cookieName), keys);
    if (result.save) saveToCookie(cookieName, result.save);
    if (result.rewriteUrl) setSearchParams(result.query, { replace: true });
  }, [cookieName, keysKey, urlParams, setSearchParams]);

  const params = useMemo<ListParams>(
    () => ({ ...(JSON.parse(defaultsKey) as ListParams), ...urlParams }),
    [defaultsKey, urlParams],
  );

  /** Changes the URL query; keys set to null, undefined or '' fall back to their defaults. */
  const setParams = useCallback(
    (patch: ListParamsPatch, options: { replace?: boolean } = {}) => {
      const next = applyPatch(urlParams, patch);
      // The cookie first, so that a cleared filter is not merged back from it.
      saveToCookie(cookieName, pickSaved(next, keysKey ? keysKey.split('\n') : []));
      setSearchParams(next, options);
    },
    [cookieName, keysKey, urlParams, setSearchParams],
  );

  return { params, setParams };
}
