import type { RouteEntry } from '@/http/route-table';
import type { TestApp } from '@/test/test-app';
import type { SuiteAccount } from './accounts';

/*
 * One call of a generated field suite: a route's field sent in its query or its form body, over the rest of a
 * valid form (`base`), as an account.
 */

export interface FieldProbe {
  route: RouteEntry;
  /** The path called (its parameters filled). */
  url: string;
  in: 'query' | 'body';
  /** The rest of a valid form, so that the field is the only thing wrong with the call. */
  base: Record<string, string>;
}

export const formOf = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** Calls the probe's route with `sent` in the probe's place (query or body), over its base form. */
export function callProbe(t: TestApp, who: SuiteAccount, p: FieldProbe, sent: Record<string, string>) {
  const query = p.in === 'query' ? formOf(sent) : '';
  const body = p.route.method === 'POST' ? formOf(p.in === 'body' ? { ...p.base, ...sent } : p.base) : undefined;
  return t.app.inject({
    method: p.route.method as 'GET' | 'POST',
    url: query ? `${p.url}?${query}` : p.url,
    headers: {
      ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

/** The answer's JSON, when it is JSON. */
export const jsonOf = (res: { headers: Record<string, unknown>; body: string }) =>
  String(res.headers['content-type'] ?? '').includes('json') ? (JSON.parse(res.body) as Record<string, unknown>) : undefined;
