import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AssignClient, AssignGroup } from '@b2b/contracts/pricing';
import { errorText } from '@/api/error-text';
import { fetchAllMembers, useGroupMembers, type AssignFilter, type AssignPrice } from '@/features/pricing/api/price-assign-api';
import { groupsOf, setTicks, type AssignScope, type ClientChange, type Loaded, type Tick } from '@/features/pricing/assign/assign-state';
import { notifyError } from '@/shared/ui/notify';

/** With a search or a period, this many groups open by themselves to show their matching clients. */
const AUTO_OPEN_MAX = 30;

const isFiltered = (filter: AssignFilter) => Boolean(filter.query || filter.date_start || filter.date_end);

interface View {
  filterKey: string;
  /** Groups the user opened; with a filter, also those it closed of the ones opened by themselves. */
  opened: number[];
  closed: number[];
  /** Pages of clients asked for, per group ever opened under this filter. */
  pages: Map<number, number>;
}

/**
 * The state of the tree of one price (the caller remounts it for another price): which groups are open and how
 * many of their clients are loaded, the unsaved ticks and the groups they touched.
 */
export function useAssignTree(price: AssignPrice, filter: AssignFilter, groups: readonly AssignGroup[], scope: AssignScope) {
  const queryClient = useQueryClient();
  const filterKey = JSON.stringify(filter);
  const filtered = isFiltered(filter);
  const [view, setView] = useState<View>({ filterKey, opened: [], closed: [], pages: new Map() });
  // Another search or period: the groups' pages are asked again (what the user opened stays open).
  if (view.filterKey !== filterKey) setView({ filterKey, opened: view.opened, closed: [], pages: new Map() });
  const [changes, setChanges] = useState<ReadonlyMap<number, ClientChange>>(new Map());
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [loadingAll, setLoadingAll] = useState<ReadonlySet<number>>(new Set());

  const expanded = useMemo(() => {
    const auto = filtered
      ? groups
          .filter((g) => g.CLIENTS_CNT > 0)
          .slice(0, AUTO_OPEN_MAX)
          .map((g) => g.ID)
      : [];
    return [...new Set([...auto.filter((id) => !view.closed.includes(id)), ...view.opened])];
  }, [filtered, groups, view.closed, view.opened]);

  const pages = useMemo(() => {
    const out = new Map(view.pages);
    for (const id of expanded) if (!out.has(id)) out.set(id, 1);
    return out;
  }, [expanded, view.pages]);

  const members = useGroupMembers(price, filter, pages);
  const loaded = useMemo<Loaded>(() => {
    const out: Map<number, readonly AssignClient[]> = new Map();
    for (const [id, m] of members) out.set(id, m.items);
    return out;
  }, [members]);

  const touch = (ids: readonly number[]) => setTouched((prev) => new Set([...prev, ...ids]));

  const setExpanded = (ids: number[]) => setView((v) => ({ ...v, opened: ids, closed: expanded.filter((id) => !ids.includes(id)) }));

  const loadMore = (groupId: number) => setView((v) => ({ ...v, pages: new Map(v.pages).set(groupId, (pages.get(groupId) ?? 1) + 1) }));

  const tickClient = (client: AssignClient, checked: boolean) => {
    const tick: Tick = { id: client.ID, was: client.CHECKED === 'Y', groups: groupsOf(loaded, client.ID) };
    setChanges((prev) => setTicks(prev, [tick], checked, scope.isBase));
    touch(tick.groups);
  };

  /** Ticks every client of the group matching the filter: they are loaded first (and shown). */
  const tickGroup = async (groupId: number, checked: boolean) => {
    setLoadingAll((prev) => new Set(prev).add(groupId));
    setView((v) => ({
      ...v,
      opened: v.opened.includes(groupId) ? v.opened : [...v.opened, groupId],
      closed: v.closed.filter((id) => id !== groupId),
    }));
    try {
      const all = await fetchAllMembers(queryClient, price, filter, groupId);
      setView((v) => ({ ...v, pages: new Map(v.pages).set(groupId, Math.max(all.pages, v.pages.get(groupId) ?? 1)) }));
      const ticks = all.clients.map((c) => ({ id: c.ID, was: c.CHECKED === 'Y', groups: [...new Set([groupId, ...groupsOf(loaded, c.ID)])] }));
      setChanges((prev) => setTicks(prev, ticks, checked, scope.isBase));
      touch([groupId, ...ticks.flatMap((t) => t.groups)]);
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setLoadingAll((prev) => {
        const next = new Set(prev);
        next.delete(groupId);
        return next;
      });
    }
  };

  const clear = () => {
    setChanges(new Map());
    setTouched(new Set());
  };

  return { filtered, expanded, setExpanded, members, loaded, loadMore, changes, touched, tickClient, tickGroup, loadingAll, clear };
}
