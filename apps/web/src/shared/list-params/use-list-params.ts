import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SAVED_STATE_COOKIES } from '@b2b/contracts/limits';
import { getCookie, setCookie } from '@/shared/cookies';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';
import { applyPatch, pickSaved, reconcileSavedParams } from '@/shared/list-params/list-params';

export type SavedStateCookie = (typeof SAVED_STATE_COOKIES)[number];

/** A cookie that keeps some keys of the query for several screens (the manager's partner filter). */
export interface LinkedCookie {
  cookie: SavedStateCookie;
  keys: readonly string[];
}

const saveToCookie = (name: SavedStateCookie, values: ListParams) => setCookie(name, JSON.stringify(values), 'partner');

/**
 * The one list-params hook (back-office.md §2): merges the query parameters saved in a cookie with the URL
 * query, rewrites the URL (replace) when the two differ, and saves `savedKeys` to the cookie whenever they
 * change. `params` are the defaults overlaid by the URL query. A `linked` cookie keeps its own keys the same way.
 *
 *   const { params, setParams } = useListParams('params_orders', { limit: '12', offset: '0' },
 *     ['status', 'client_id', 'date_start', 'date_end', 'shop_id']);
 */
export function useListParams(cookieName: SavedStateCookie, defaults: ListParams, savedKeys: readonly string[], linked?: LinkedCookie) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const bindingsKey = JSON.stringify([[cookieName, savedKeys], ...(linked ? [[linked.cookie, linked.keys]] : [])]);
  const defaultsKey = JSON.stringify(defaults);

  const urlParams = useMemo<ListParams>(() => Object.fromEntries(new URLSearchParams(query)), [query]);

  useEffect(() => {
    const bindings = JSON.parse(bindingsKey) as [SavedStateCookie, string[]][];
    const result = reconcileSavedParams(
      urlParams,
      bindings.map(([name, keys]) => ({ raw: getCookie(name), keys })),
    );
    result.saves.forEach((save, i) => {
      if (save) saveToCookie(bindings[i][0], save);
    });
    if (result.rewriteUrl) setSearchParams(result.query, { replace: true });
  }, [bindingsKey, urlParams, setSearchParams]);

  const params = useMemo<ListParams>(
    () => ({ ...(JSON.parse(defaultsKey) as ListParams), ...urlParams }),
    [defaultsKey, urlParams],
  );

  /** Changes the URL query; keys set to null, undefined or '' fall back to their defaults. */
  const setParams = useCallback(
    (patch: ListParamsPatch, options: { replace?: boolean } = {}) => {
      const next = applyPatch(urlParams, patch);
      // The cookies first, so that a cleared filter is not merged back from them.
      for (const [name, keys] of JSON.parse(bindingsKey) as [SavedStateCookie, string[]][]) saveToCookie(name, pickSaved(next, keys));
      setSearchParams(next, options);
    },
    [bindingsKey, urlParams, setSearchParams],
  );

  return { params, setParams };
}
