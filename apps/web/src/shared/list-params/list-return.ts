import { safeBackUrl } from '@/shared/auth/back-url';

/**
 * Back from a card to its list as the user left it (issue 39 §4): each list (useListParams) remembers, for this browser
 * tab, the address it was last shown at — its search, filters, sort and page — and the card's «back» goes there.
 * Nothing remembered (a card opened from a link or a bookmark): the list's own path, where its saved cookie restores
 * the filters. The browser's own back button needs none of this: the list keeps its state in its URL.
 */
const KEY_PREFIX = 'list_return:';

/** The list's address to go back to: the remembered one when it is a page of this list, else the list's path. */
export function listReturnUrl(remembered: string | null | undefined, listPath: string): string {
  const url = safeBackUrl(remembered);
  if (!url) return listPath;
  const path = url.split(/[?#]/)[0];
  return path === listPath || path.startsWith(`${listPath}/`) ? url : listPath;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage can be refused (a privacy setting): the card then goes back to the list's path.
    return null;
  }
}

/** Called by the list with the address it is shown at. */
export function rememberListUrl(list: string, url: string): void {
  try {
    storage()?.setItem(KEY_PREFIX + list, url);
  } catch {
    // A full or refused storage only loses the way back to the page and search.
  }
}

export function rememberedListUrl(list: string): string | null {
  try {
    return storage()?.getItem(KEY_PREFIX + list) ?? null;
  } catch {
    return null;
  }
}

/**
 * Where a card's «back» link goes: the list named by `list` (the cookie name its useListParams keeps its filters in)
 * as the user last saw it, when that was a page under `listPath`, else `listPath`.
 */
export function useListReturn(list: string, listPath: string): string {
  return listReturnUrl(rememberedListUrl(list), listPath);
}
