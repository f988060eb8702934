import {
  CLIENT_EXPORT_FILE,
  GROUP_SORTS,
  type groupListQuerySchema,
  membersMessage,
  type ClientGroupAnswer,
  type ClientListQuery,
  type GroupListItem,
  type GroupSort,
} from '@b2b/contracts/clients';
import { MSG } from '@b2b/contracts/messages';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, list, narrows, ok, toSeconds } from '@/http/envelope';
import type { ClientsService, Viewer } from '../clients/clients.service';
import { moscowDayText } from '@/http/moscow-days';
import { moscowDayRange } from '@/http/moscow-days';
import { changeMembers } from './group-members';
import { groupsRepo } from './groups.repo';
import { writeGroupListXlsx } from './group-list-xlsx';
import type { FileStore } from '@/files/file-store';
import { exportJobs, offsetPages, type ExportUser } from '@/jobs/export-jobs';
import type { JobQueue } from '@/jobs/job-queue';
import type { z } from 'zod';

const DEFAULT_SORT: GroupSort = 'CREATE_DATE';

type GroupListQuery = z.infer<typeof groupListQuerySchema>;

const filterOf = (q: GroupListQuery) => ({ ...moscowDayRange(q.date_start, q.date_end), text: q.query?.toLowerCase() || undefined });

type GroupRow = NonNullable<Awaited<ReturnType<ReturnType<typeof groupsRepo>['findById']>>>;

const toItem = (g: GroupRow): GroupListItem => ({
  ID: g.id,
  GROUP_ID: g.id,
  NAME: g.name,
  DESCRIPTION: g.description,
  CREATE_DATE: toSeconds(g.created_at)!,
  CLIENTS_COUNT: Number(g.clients_count),
});

/** A group's form as its contract's schema read it: the name and description already checked (groupBodySchema). */
export interface GroupForm {
  groupName: string;
  groupDescription: string;
  clients: number[];
}

export function groupsService(db: Db, clients: ClientsService, deps: { files: FileStore; jobs: JobQueue }) {
  const repo = groupsRepo(db);
  const exports = exportJobs(db, deps.jobs, deps.files);

  /** The export job: the whole filtered, sorted group list, page by page. */
  exports.register<GroupListQuery & { sort: GroupSort }>('export.groups', async (q, { user, track }) => {
    const filter = filterOf(q);
    const total = await repo.count(user.partnerId, filter);
    const pages = offsetPages(async (offset, limit) => (await repo.page(user.partnerId, filter, { ...q, offset, limit })).map(toItem));
    return {
      name: CLIENT_EXPORT_FILE.groupList(moscowDayText(new Date())),
      write: (file) => writeGroupListXlsx(file, CLIENT_EXPORT_FILE.groupListSheet, track(pages, total)),
    };
  });

  const mustFind = async (partnerId: number, id: number) => {
    const group = await repo.findById(partnerId, id);
    if (!group) throw notFound(MSG.notFound);
    return group;
  };

  return {
    /** Many groups at once (the pricing module's Установка цен): their price list, null for the base list. */
    assignPriceList: (partnerId: number, groupIds: number[], listId: number | null) => repo.assignPriceList(partnerId, groupIds, listId),

    /** The group list; an unknown sort answers SUCCESS "N" with errors.check_sort (back-office.md §5). */
    async list(partnerId: number, q: GroupListQuery) {
      const sort = (q.sort ?? DEFAULT_SORT) as GroupSort;
      if (!GROUP_SORTS.includes(sort)) return failed({ check_sort: MSG.groupSortInvalid });
      const filter = filterOf(q);
      const rows = await repo.page(partnerId, filter, { ...q, sort });
      const cnt = await repo.count(partnerId, filter);
      return list(rows.map(toItem), { CNT: cnt, CNT_ALL: narrows(filter) ? await repo.count(partnerId, {}) : cnt });
    },

    /** Queues the .xlsx of the whole filtered and sorted group list (the job's id answers at once). */
    async exportList(user: ExportUser, q: GroupListQuery) {
      const sort = (q.sort ?? DEFAULT_SORT) as GroupSort;
      if (!GROUP_SORTS.includes(sort)) return failed({ check_sort: MSG.groupSortInvalid });
      return exports.request('export.groups', user, { ...q, sort });
    },

    /** The group and its clients (paged, sorted and filtered like the client list); undefined for another partner's. */
    async card(viewer: Viewer, id: number, q: Omit<ClientListQuery, 'action'>) {
      const group = await repo.findForCard(viewer.partnerId, id);
      if (!group) return undefined;
      // Its members are its clients (a member's row goes with its client): their count is the list's collection.
      const members = await clients.list(viewer, q, id, { all: Number(group.clients_count), loyaltyOn: Boolean(group.loyalty_on) });
      return { ...members, ENTITIES: { ...members.ENTITIES, GROUP: toItem(group) } };
    },

    /** Creates a group; clients given with it are added after it exists (INFO tells which could not be). */
    async create(partnerId: number, form: GroupForm) {
      return db.transaction().execute(async (trx) => {
        const id = await groupsRepo(trx).insert(partnerId, { name: form.groupName, description: form.groupDescription || null });
        const info = form.clients.length ? await changeMembers(trx, clients, partnerId, id, form.clients, false) : { DONE: [], ERRORS: [] };
        return ok({ ID: id, GROUP_ID: id, INFO: info }, MSG.groupCreated);
      });
    },

    async update(partnerId: number, id: number, form: GroupForm) {
      await mustFind(partnerId, id);
      await repo.update(partnerId, id, { name: form.groupName, description: form.groupDescription || null });
      return ok({ ID: id, GROUP_ID: id }, MSG.groupSaved);
    },

    async remove(partnerId: number, id: number) {
      await mustFind(partnerId, id);
      await repo.remove(partnerId, id);
      return ok({ ID: id }, MSG.groupDeleted);
    },

    async exportClients(user: Viewer & { id: number }, id: number, q: Omit<ClientListQuery, 'action'>) {
      const group = await mustFind(user.partnerId, id);
      return clients.exportList(user, q, { groupId: id, fileName: CLIENT_EXPORT_FILE.group(group.name, moscowDayText(new Date())) });
    },

    /** POST /client_group/{groupId}/: adds clients[] or, with delete=Y, removes them. */
    async changeMembers(partnerId: number, groupId: number, ids: number[], remove: boolean): Promise<ClientGroupAnswer> {
      if (ids.length === 0) return { ...failed({ clients: MSG.clientNotSelected }), INFO: { DONE: [], ERRORS: [] } };
      return db.transaction().execute(async (trx) => {
        if (!(await groupsRepo(trx).lock(partnerId, groupId))) throw notFound(MSG.notFound);
        const info = await changeMembers(trx, clients, partnerId, groupId, ids, remove);
        if (info.DONE.length === 0) return { ...failed({ clients: info.ERRORS[0].MESSAGE }), INFO: info };
        return { ...ok({}, membersMessage(info.DONE.length, remove)), INFO: info };
      });
    },
  };
}

export type GroupsService = ReturnType<typeof groupsService>;
