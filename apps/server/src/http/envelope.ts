/** The answer shapes of ARCHITECTURE §4: actions answer SUCCESS/errors, lists answer ITEMS/ENTITIES/NAV. */

export type ActionOk<T extends object = object> = { SUCCESS: 'Y'; MESSAGE?: string } & T;
export interface ActionFailed {
  SUCCESS: 'N';
  errors: Record<string, string>;
}

export function ok<T extends object>(extra?: T, message?: string): ActionOk<T> {
  return { SUCCESS: 'Y', ...(message ? { MESSAGE: message } : {}), ...(extra ?? ({} as T)) };
}

export function failed(errors: Record<string, string>): ActionFailed {
  return { SUCCESS: 'N', errors };
}

export interface Nav {
  CNT: number;
  CNT_ALL: number;
  NEW_CNT?: number;
}

export interface ListAnswer<T> {
  ITEMS: T[];
  ENTITIES: Record<string, Record<string, unknown>>;
  NAV: Nav;
}

export function list<T>(items: T[], nav: Nav, entities: ListAnswer<T>['ENTITIES'] = {}): ListAnswer<T> {
  return { ITEMS: items, ENTITIES: entities, NAV: nav };
}

/** Unix seconds, as every date travels on the wire. */
export const toSeconds = (d: Date | string | null | undefined): number | null => (d == null ? null : Math.floor(new Date(d).getTime() / 1000));

export const yn = (b: boolean): 'Y' | 'N' => (b ? 'Y' : 'N');

/**
 * Whether a list's filter narrows it (any criterion set): when it does not, the list's CNT is its CNT_ALL and one
 * count answers both.
 */
export const narrows = (filter: object): boolean => Object.values(filter).some((v) => v !== undefined && v !== '');
