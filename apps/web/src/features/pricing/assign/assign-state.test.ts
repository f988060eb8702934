import { describe, expect, it } from 'vitest';
import type { AssignClient, AssignGroup } from '@b2b/contracts/pricing';
import {
  assignCalls,
  assignDiff,
  checkedCount,
  chunks,
  clientKey,
  diffSize,
  groupKey,
  groupsOf,
  groupState,
  isChecked,
  parseKey,
  setTicks,
  treeChecks,
  type Changes,
} from './assign-state';

const group = (ID: number, CLIENTS_CNT: number, CHECKED_CNT: number, CHECKED: 'Y' | 'N' = 'N'): AssignGroup => ({
  ID,
  NAME: `Группа ${ID}`,
  CLIENTS_CNT,
  CHECKED_CNT,
  CHECKED,
});
const client = (ID: number, CHECKED: 'Y' | 'N' = 'N'): AssignClient => ({
  ID,
  NAME: `Клиент ${ID}`,
  REGISTRATION_DATE: 0,
  PRICE_LIST: { ID: 'personal_price', NAME: 'Базовый прайс' },
  COLUMN: null,
  CHECKED,
});
const LIST = { groupsAssignable: true, isBase: false };
const COLUMN = { groupsAssignable: false, isBase: false };
const BASE = { groupsAssignable: true, isBase: true };
const none: Changes = new Map();

describe('ticks', () => {
  it('keeps a tick per client with its server state; a tick back to it is no change', () => {
    let changes = setTicks(none, [{ id: 1, was: false, groups: [10] }], true);
    expect(changes.get(1)).toEqual({ checked: true, was: false, groups: [10] });
    expect(isChecked(changes, client(1))).toBe(true);
    expect(isChecked(changes, client(2, 'Y'))).toBe(true);
    changes = setTicks(changes, [{ id: 1, was: false, groups: [11] }], false);
    expect(changes.size).toBe(0);
  });

  it('keeps the groups a client was seen in', () => {
    let changes = setTicks(none, [{ id: 1, was: true, groups: [10] }], false);
    changes = setTicks(changes, [{ id: 1, was: true, groups: [11] }], false);
    expect(changes.get(1)?.groups).toEqual([10, 11]);
  });

  it('on the base list does not untick a client that has it', () => {
    const changes = setTicks(
      none,
      [
        { id: 1, was: true, groups: [] },
        { id: 2, was: false, groups: [] },
      ],
      false,
      true,
    );
    expect(changes.size).toBe(0);
    const added = setTicks(none, [{ id: 2, was: false, groups: [] }], true, true);
    expect(setTicks(added, [{ id: 2, was: false, groups: [] }], false, true).size).toBe(0);
  });

  it('finds the groups a client is loaded in', () => {
    const loaded = new Map([
      [10, [client(1), client(2)]],
      [11, [client(2)]],
      [0, [client(3)]],
    ]);
    expect(groupsOf(loaded, 2)).toEqual([10, 11]);
    expect(groupsOf(loaded, 4)).toEqual([]);
  });
});

describe('checked and half-checked groups', () => {
  it('follows the server counts before the clients are loaded', () => {
    expect(groupState(group(10, 5, 0), none)).toBe('none');
    expect(groupState(group(10, 5, 2), none)).toBe('half');
    expect(groupState(group(10, 5, 5), none)).toBe('checked');
    expect(groupState(group(10, 0, 0), none)).toBe('none');
  });

  it('moves the counts by the unsaved ticks of the group', () => {
    const g = group(10, 3, 1);
    const changes = setTicks(
      none,
      [
        { id: 1, was: false, groups: [10] },
        { id: 2, was: false, groups: [10] },
      ],
      true,
    );
    expect(checkedCount(g, changes)).toBe(3);
    expect(groupState(g, changes)).toBe('checked');
    expect(checkedCount(group(11, 4, 0), changes)).toBe(0);
    const off = setTicks(none, [{ id: 5, was: true, groups: [10] }], false);
    expect(groupState(g, off)).toBe('none');
  });

  it('counts a tick made in another group when the client is loaded in this one too', () => {
    const changes = setTicks(none, [{ id: 1, was: false, groups: [10] }], true);
    const loaded = new Map([[11, [client(1), client(2)]]]);
    expect(checkedCount(group(11, 2, 0), changes)).toBe(0);
    expect(checkedCount(group(11, 2, 0), changes, loaded)).toBe(1);
    expect(groupState(group(11, 2, 1), changes, loaded)).toBe('checked');
  });

  it("gives the antd Tree's checked and half-checked keys", () => {
    const groups = [group(10, 3, 0), group(11, 2, 2), group(0, 4, 0)];
    const loaded = new Map([[10, [client(1), client(2), client(3)]]]);
    const changes = setTicks(none, [{ id: 1, was: false, groups: [10] }], true);
    expect(treeChecks(groups, loaded, changes)).toEqual({ checked: [groupKey(11), clientKey(10, 1)], halfChecked: [groupKey(10)] });
  });

  it('parses the keys back', () => {
    expect(parseKey(groupKey(0))).toEqual({ kind: 'group', groupId: 0 });
    expect(parseKey(clientKey(10, 7))).toEqual({ kind: 'client', groupId: 10, clientId: 7 });
    expect(parseKey('more:10')).toEqual({ kind: 'other' });
  });
});

describe('the differences «Сохранить» sends', () => {
  it('sends newly ticked and unticked clients', () => {
    const changes = setTicks(setTicks(none, [{ id: 1, was: false, groups: [10] }], true), [{ id: 2, was: true, groups: [10] }], false);
    const diff = assignDiff([group(10, 5, 2)], changes, new Set([10]), LIST);
    expect(diff).toEqual({ add: { clients: [1], groups: [] }, remove: { clients: [2], groups: [] } });
    expect(diffSize(diff)).toBe(2);
  });

  it('gives a price list to a touched group now fully ticked, and takes it from one fully unticked', () => {
    const full = setTicks(
      none,
      [
        { id: 1, was: false, groups: [10] },
        { id: 2, was: false, groups: [10] },
      ],
      true,
    );
    expect(assignDiff([group(10, 2, 0)], full, new Set([10]), LIST).add.groups).toEqual([10]);
    // Untouched, or already the group's: nothing for the group.
    expect(assignDiff([group(10, 2, 0)], full, new Set(), LIST).add.groups).toEqual([]);
    expect(assignDiff([group(10, 2, 0, 'Y')], full, new Set([10]), LIST).add.groups).toEqual([]);
    const empty = setTicks(none, [{ id: 1, was: true, groups: [10] }], false);
    expect(assignDiff([group(10, 2, 1, 'Y')], empty, new Set([10]), LIST).remove.groups).toEqual([10]);
    // Half-checked keeps what the group had.
    expect(assignDiff([group(10, 3, 2, 'Y')], empty, new Set([10]), LIST).remove.groups).toEqual([]);
  });

  it('never assigns «Без группы» nor a column to a group', () => {
    const full = setTicks(none, [{ id: 1, was: false, groups: [0, 10] }], true);
    const groups = [group(0, 1, 0), group(10, 1, 0)];
    expect(assignDiff(groups, full, new Set([0, 10]), LIST).add.groups).toEqual([10]);
    expect(assignDiff(groups, full, new Set([0, 10]), COLUMN)).toEqual({ add: { clients: [1], groups: [] }, remove: { clients: [], groups: [] } });
  });

  it('gives the base list to a group (it loses its own), never takes it away', () => {
    const full = setTicks(none, [{ id: 1, was: false, groups: [10] }], true);
    expect(assignDiff([group(10, 1, 0)], full, new Set([10]), BASE).add.groups).toEqual([10]);
    expect(assignDiff([group(10, 1, 0, 'Y')], none, new Set([10]), BASE).remove.groups).toEqual([]);
  });

  it('cuts the ids into calls: additions first, then removals', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    const diff = { add: { clients: [1, 2, 3], groups: [10] }, remove: { clients: [], groups: [11] } };
    expect(assignCalls(diff, 2)).toEqual([
      { clients: [1, 2], groups: [10], remove: false },
      { clients: [3], groups: [], remove: false },
      { clients: [], groups: [11], remove: true },
    ]);
    expect(assignCalls({ add: { clients: [], groups: [] }, remove: { clients: [], groups: [] } }, 2)).toEqual([]);
  });
});
