import type { AssignClient, AssignGroup } from '@b2b/contracts/pricing';

/*
 * Установка цен (shop-pricing-offers-loyalty.md §2, §4 "Tree selection of price items shows checked and
 * half-checked parents"): the pure rules behind the tree. The server says which clients have the selected price
 * (CHECKED) and, per group, how many members have it (CHECKED_CNT of CLIENTS_CNT); the user's unsaved ticks are kept
 * per client (a client may stand in several groups), so a group's state is known before its members are loaded.
 */

/** One client's unsaved tick: what it is now, what the server said, and the groups it was seen in. */
export interface ClientChange {
  checked: boolean;
  was: boolean;
  groups: readonly number[];
}
export type Changes = ReadonlyMap<number, ClientChange>;

/** A client being ticked or unticked: its server state and the groups it stands in (as loaded). */
export interface Tick {
  id: number;
  was: boolean;
  groups: readonly number[];
}

export type CheckState = 'checked' | 'half' | 'none';

/** The ticks of a price list or column; a column is given to clients only (groups get price lists). */
export interface AssignScope {
  groupsAssignable: boolean;
  /** The base list is every client's without a list of its own: it is taken away by giving another one. */
  isBase: boolean;
}

/** The groups `id` is loaded in (its ticks move those groups' counts). */
export function groupsOf(loaded: Loaded, id: number): number[] {
  const groups: number[] = [];
  for (const [groupId, clients] of loaded) if (clients.some((c) => c.ID === id)) groups.push(groupId);
  return groups;
}

/**
 * Ticks (or unticks) clients. A tick back to the server's state is no change. On the base list a client that has
 * it keeps it (`keepChecked`): untick would not take it away.
 */
export function setTicks(changes: Changes, ticks: readonly Tick[], checked: boolean, keepChecked = false): Map<number, ClientChange> {
  const next = new Map(changes);
  for (const tick of ticks) {
    const prev = next.get(tick.id);
    const was = prev?.was ?? tick.was;
    if (!checked && keepChecked && was) continue;
    if (checked === was) next.delete(tick.id);
    else next.set(tick.id, { checked, was, groups: [...new Set([...(prev?.groups ?? []), ...tick.groups])] });
  }
  return next;
}

export function isChecked(changes: Changes, client: Pick<AssignClient, 'ID' | 'CHECKED'>): boolean {
  return changes.get(client.ID)?.checked ?? client.CHECKED === 'Y';
}

/** The clients loaded per group (a group's clients matching the filter, the pages asked for). */
export type Loaded = ReadonlyMap<number, readonly AssignClient[]>;
const NONE_LOADED: Loaded = new Map();

/**
 * How many members of the group have the price with the unsaved ticks: the server's count moved by the ticks of
 * its members (those ticked in it, and those ticked elsewhere that are loaded in it too).
 */
export function checkedCount(group: AssignGroup, changes: Changes, loaded: Loaded = NONE_LOADED): number {
  const members = loaded.get(group.ID);
  const shown = members && new Set(members.map((c) => c.ID));
  let n = group.CHECKED_CNT;
  for (const [id, change] of changes) {
    if (change.groups.includes(group.ID) || shown?.has(id)) n += Number(change.checked) - Number(change.was);
  }
  return Math.min(Math.max(n, 0), group.CLIENTS_CNT);
}

/** All members ticked: checked; some: half-checked (shown before the members are loaded); none: unchecked. */
export function groupState(group: AssignGroup, changes: Changes, loaded: Loaded = NONE_LOADED): CheckState {
  const n = checkedCount(group, changes, loaded);
  if (group.CLIENTS_CNT > 0 && n >= group.CLIENTS_CNT) return 'checked';
  return n > 0 ? 'half' : 'none';
}

/* ---------- the tree's keys ---------- */

export const groupKey = (groupId: number) => `g:${groupId}`;
export const clientKey = (groupId: number, clientId: number) => `c:${groupId}:${clientId}`;

export type TreeKey = { kind: 'group'; groupId: number } | { kind: 'client'; groupId: number; clientId: number } | { kind: 'other' };

export function parseKey(key: string): TreeKey {
  const [kind, a, b] = key.split(':');
  if (kind === 'g' && a !== undefined) return { kind: 'group', groupId: Number(a) };
  if (kind === 'c' && a !== undefined && b !== undefined) return { kind: 'client', groupId: Number(a), clientId: Number(b) };
  return { kind: 'other' };
}

/** The antd Tree's checkedKeys in checkStrictly mode: the groups from their counts, the loaded clients from their ticks. */
export function treeChecks(groups: readonly AssignGroup[], loaded: Loaded, changes: Changes) {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const group of groups) {
    const state = groupState(group, changes, loaded);
    if (state === 'checked') checked.push(groupKey(group.ID));
    if (state === 'half') halfChecked.push(groupKey(group.ID));
  }
  for (const [groupId, clients] of loaded) {
    for (const client of clients) if (isChecked(changes, client)) checked.push(clientKey(groupId, client.ID));
  }
  return { checked, halfChecked };
}

/* ---------- what «Сохранить» sends ---------- */

export interface AssignDiff {
  add: { clients: number[]; groups: number[] };
  remove: { clients: number[]; groups: number[] };
}

/**
 * The differences to send: newly ticked clients (POST assign) and unticked ones (delete=Y). Of the groups the user
 * touched (price lists only; «Без группы», ID 0, is no group), one now fully ticked is given the list as a group too,
 * one now fully unticked that had it loses it; a half-ticked group keeps what it had.
 */
export function assignDiff(
  groups: readonly AssignGroup[],
  changes: Changes,
  touched: ReadonlySet<number>,
  scope: AssignScope,
  loaded: Loaded = NONE_LOADED,
): AssignDiff {
  const diff: AssignDiff = { add: { clients: [], groups: [] }, remove: { clients: [], groups: [] } };
  for (const [id, change] of changes) {
    if (change.checked && !change.was) diff.add.clients.push(id);
    if (!change.checked && change.was) diff.remove.clients.push(id);
  }
  if (!scope.groupsAssignable) return diff;
  for (const group of groups) {
    if (group.ID === 0 || !touched.has(group.ID)) continue;
    const state = groupState(group, changes, loaded);
    if (state === 'checked' && group.CHECKED === 'N') diff.add.groups.push(group.ID);
    if (state === 'none' && group.CHECKED === 'Y' && !scope.isBase) diff.remove.groups.push(group.ID);
  }
  return diff;
}

export const diffSize = (diff: AssignDiff) =>
  diff.add.clients.length + diff.add.groups.length + diff.remove.clients.length + diff.remove.groups.length;

/** Ids in calls of at most `size` (the assign call takes up to 5000 of each). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The assign calls of a diff: the additions, then the removals; each list cut to `size`. */
export function assignCalls(diff: AssignDiff, size: number): { clients: number[]; groups: number[]; remove: boolean }[] {
  const calls: { clients: number[]; groups: number[]; remove: boolean }[] = [];
  for (const remove of [false, true]) {
    const part = remove ? diff.remove : diff.add;
    const clientChunks = chunks(part.clients, size);
    const n = Math.max(clientChunks.length, part.groups.length ? 1 : 0);
    for (let i = 0; i < n; i++) calls.push({ clients: clientChunks[i] ?? [], groups: i === 0 ? part.groups : [], remove });
  }
  return calls;
}
