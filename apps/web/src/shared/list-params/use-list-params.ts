import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { SAVED_STATE_COOKIES } from '@b2b/contracts/limits';
import { getCookie, setCookie } from '@/shared/cookies';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';
import { applyPatch, pickSaved, reconcileSavedParams } from '@/shared/list-params/list-params';
import { rememberListUrl } from '@/shared/list-params/list-return';

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
 * change. `params` are the defaults overlaid by the merged query. A `linked` cookie keeps its own keys the same way.
 *
 *   const { params, setParams } = useListParams('params_orders', { limit: '12', offset: '0' },
 *     ['status', 'client_id', 'date_start', 'date_end', 'shop_id']);
 *
 * The merge is made while rendering: a list opened without a query shows (and asks the server for) its saved
 * filters from its first frame, not its defaults first. Its navigations are flushed synchronously rather than as
 * transitions: the location rendered is then always the router's, so a click never patches a query the URL has
 * already left (a click lost between the rewrite and its render once brought the saved filter back).
 */
export function useListParams(cookieName: SavedStateCookie, defaults: ListParams, savedKeys: readonly string[], linked?: LinkedCookie) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Every navigation has its own key: the cookies are read again even when a navigation keeps the same query.
  const { key: locationKey, pathname } = useLocation();
  const query = searchParams.toString();
  const bindingsKey = JSON.stringify([[cookieName, savedKeys], ...(linked ? [[linked.cookie, linked.keys]] : [])]);
  const defaultsKey = JSON.stringify(defaults);

  const merged = useMemo(() => {
    const bindings = JSON.parse(bindingsKey) as [SavedStateCookie, string[]][];
    const result = reconcileSavedParams(
      Object.fromEntries(new URLSearchParams(query)),
      bindings.map(([name, keys]) => ({ raw: getCookie(name), keys })),
    );
    return { ...result, bindings };
    // locationKey: not read, a reason to read the cookies again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bindingsKey, query, locationKey]);

  useLayoutEffect(() => {
    merged.saves.forEach((save, i) => {
      if (save) saveToCookie(merged.bindings[i][0], save);
    });
    if (!merged.rewriteUrl) return;
    let stale = false;
    // Just after this commit (React refuses flushSync inside one), before the browser paints or takes a click; not
    // once the list has gone or rendered another location.
    queueMicrotask(() => {
      if (!stale) setSearchParams(merged.query, { replace: true, flushSync: true });
    });
    return () => {
      stale = true;
    };
  }, [merged, setSearchParams]);

  // The address the list is shown at, for its cards' «back» (useListReturn): once the URL carries the saved filters.
  useEffect(() => {
    if (!merged.rewriteUrl) rememberListUrl(cookieName, query ? `${pathname}?${query}` : pathname);
  }, [cookieName, pathname, query, merged.rewriteUrl]);

  const params = useMemo<ListParams>(() => ({ ...(JSON.parse(defaultsKey) as ListParams), ...merged.query }), [defaultsKey, merged]);

  /** Changes the URL query; keys set to null, undefined or '' fall back to their defaults. */
  const setParams = useCallback(
    (patch: ListParamsPatch, options: { replace?: boolean } = {}) => {
      const next = applyPatch(merged.query, patch);
      // The cookies first, so that a cleared filter is not merged back from them.
      for (const [name, keys] of merged.bindings) saveToCookie(name, pickSaved(next, keys));
      setSearchParams(next, { ...options, flushSync: true });
    },
    [merged, setSearchParams],
  );

  return { params, setParams };
}
