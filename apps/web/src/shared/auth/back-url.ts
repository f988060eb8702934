/** A back_url is followed only when it is a path of this site ("/…", not "//host" or "/\host"). */
export function safeBackUrl(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  return raw;
}

/** /login?back_url=<path and query> for a guest sent away from a partner path. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?${new URLSearchParams({ back_url: location.pathname + location.search }).toString()}`;
}
