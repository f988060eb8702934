import type { ClientCard, ClientListAnswer, ClientListQuery, ClientPriceItem, ClientShortItem } from '@b2b/contracts/clients';
import { CLIENT_EXPORT_FILE, CLIENT_LOYALTY_SORTS } from '@b2b/contracts/clients';
import type { ActionFailed } from '@b2b/contracts/http/envelope';
import type { ExportQueued } from '@b2b/contracts/jobs';
import type { Rights } from '@b2b/contracts/rights';
import { MSG } from '@b2b/contracts/messages';
import { ORDER_MSG } from '@b2b/contracts/orders';
import type { Db } from '@/db/database';
import { fileDownloadUrl, type FileStore } from '@/files/file-store';
import { AppError, notFound } from '@/http/app-error';
import { list, toSeconds, yn, type ListAnswer } from '@/http/envelope';
import { exportJobs, offsetPages, type ExportFile, type ExportRun } from '@/jobs/export-jobs';
import type { JobQueue } from '@/jobs/job-queue';
import type { Mailer } from '@/mail/mailer';
import { recentlyUsed } from '@/cache/recently-used';
import { clientBlacklist } from './client-blacklist';
import { clientListRepo, type ClientListFilter, type ClientListRow, type KnownCollection } from './list/client-list.repo';
import { moscowDayText } from '@/http/moscow-days';
import { partnerTimeZone } from '@/files/shop-time-zone';
import { writeClientListXlsx } from './list/client-list-xlsx';
import { clientPriceSettings, priceChoices } from './client-price-settings';
import { clientViewOf, loyaltyOf, money, toListItem, type ClientView } from './list/client-row';
import { clientsRepo } from './clients.repo';
import { moscowDayRange } from '@/http/moscow-days';
import { phoneDigitsOf, searchText } from '@/db/text-search';
import { clientByInn, createRoutedClient, matchRoutedClient, registerClient } from './client-registration';

type ListQuery = Omit<ClientListQuery, 'action'>;

/** Who reads a client list or card: the tenant and the rights that decide the visible parts. */
export interface Viewer {
  partnerId: number;
  rights: Rights;
}

/** What a client list export job reads: the list's query, as the user's rights show it; a group's members with groupId. */
interface ClientExportInput {
  query: ListQuery;
  rights: Rights;
  groupId?: number;
  fileName?: string;
}

export function clientsService(db: Db, deps: { mailer: Mailer; files: FileStore; jobs: JobQueue }) {
  const repo = clientsRepo(db);
  const listRepo = clientListRepo(db);
  const exports = exportJobs(db, deps.jobs, deps.files);

  /** Whether each partner's loyalty programme was on when this process last read a client list (a guess, checked by the list's statement). */
  const keptLoyalty = recentlyUsed<number, boolean>(10_000);
  const loyaltyOn = async (partnerId: number) => (await repo.partnerProfile(partnerId))?.loyalty_enabled ?? false;
  const filterOf = (q: ListQuery, groupId?: number): ClientListFilter => {
    const text = searchText(q.query);
    return {
      blacklist: q.blacklist,
      groupId,
      ...moscowDayRange(q.date_start, q.date_end),
      fromDay: q.date_start,
      toDay: q.date_end,
      text,
      phoneDigits: text ? phoneDigitsOf(text) : undefined,
    };
  };
  const listAnswer = (view: ClientView, rows: ClientListRow[], cnt: number, all: number): ClientListAnswer => ({
    ITEMS: rows.map((r) => toListItem(r, view)),
    ENTITIES: { LOYALTY: { ON: yn(view.loyalty) } },
    NAV: { CNT: cnt, CNT_ALL: all },
  });
  const viewFor = async (user: Viewer) => clientViewOf(user.rights, await loyaltyOn(user.partnerId));
  /** A column the user may not see does not sort the list either (its order would tell the hidden values). */
  const visibleSort = (q: ListQuery, view: ClientView): ListQuery => {
    const hidden = (!view.loyalty && CLIENT_LOYALTY_SORTS.includes(q.sort)) || (!view.priceType && q.sort === 'PRICE_TYPE');
    return hidden ? { ...q, sort: 'REGISTRATION_DATE', order: 'DESC' } : q;
  };

  /** The export job: the whole filtered list, page by page, with the columns the user's rights show. */
  const exportClients = async (input: ClientExportInput, { user, track }: ExportRun): Promise<ExportFile> => {
    const { partnerId } = user;
    const view = await viewFor({ partnerId, rights: input.rights });
    const filter = filterOf(input.query, input.groupId);
    const sort = visibleSort(input.query, view);
    const total = await listRepo.count(partnerId, filter);
    const pages = offsetPages(async (offset, limit) =>
      (await listRepo.page(partnerId, { ...filter, matches: total }, { ...sort, offset, limit }, view.loyalty)).map((r) => toListItem(r, view)),
    );
    return {
      name: input.fileName ?? CLIENT_EXPORT_FILE.list(moscowDayText(new Date())),
      write: async (file) => writeClientListXlsx(file, CLIENT_EXPORT_FILE.listSheet, track(pages, total), view, await partnerTimeZone(db, partnerId)),
    };
  };
  exports.register('export.clients', exportClients);
  exports.register('export.group_members', exportClients);

  return {
    async stats(partnerId?: number): Promise<{ count: number; minDate: Date | null }> {
      const row = await repo.stats(partnerId);
      return { count: Number(row.count), minDate: (row.min_date as Date | null) ?? null };
    },

    findById: (partnerId: number, id: number) => repo.findById(partnerId, id),

    /** A client registering itself in the shop (auth adds its user in the same transaction). */
    register: registerClient,
    findByInn: (partnerId: number, inn: string) => clientByInn(db, partnerId, inn),
    /** A routed order's client at the target partner (issue 39 §1): found by INN or e-mail, in the routing's transaction. */
    matchRouted: matchRoutedClient,
    /** …or created there, marked new, with where it came from (its user: auth, in the same transaction). */
    createRouted: createRoutedClient,

    /**
     * The client list (or a group's, with groupId): CNT counts the filter's rows, CNT_ALL the whole collection
     * (all the partner's clients, or all the group's members).
     */
    async list(user: Viewer, q: ListQuery, groupId?: number, group?: KnownCollection): Promise<ClientListAnswer> {
      const { partnerId } = user;
      const filter = filterOf(q, groupId);
      // The common lists (no group, no text): the page and its counts in one statement, the page built for the
      // partner's loyalty flag as this process last read it; the statement reads the flag too, and a page built for
      // the wrong one is read again.
      const assumed = clientViewOf(user.rights, keptLoyalty.get(partnerId) ?? false);
      const found = await listRepo.pageWithCounts(partnerId, filter, visibleSort(q, assumed), assumed.loyalty);
      if (found) {
        const { cnt, all, loyaltyOn: on } = found.counts ?? (await listRepo.counts(partnerId, filter));
        keptLoyalty.set(partnerId, on);
        const view = clientViewOf(user.rights, on);
        const rows =
          view.loyalty === assumed.loyalty || !found.rows.length
            ? found.rows
            : await listRepo.page(partnerId, filter, visibleSort(q, view), view.loyalty);
        return listAnswer(view, rows, cnt, all);
      }
      // The counts come first: they tell whether the loyalty programme is on, which decides the columns.
      const { cnt, all, loyaltyOn: on } = await listRepo.counts(partnerId, filter, group);
      const view = clientViewOf(user.rights, on);
      const rows = await listRepo.page(partnerId, { ...filter, matches: cnt }, visibleSort(q, view), view.loyalty);
      return listAnswer(view, rows, cnt, all);
    },

    /**
     * Queues the .xlsx of the whole filtered list (or of a group's members, with groupId), with the columns the
     * user's rights show; the job's id answers at once.
     */
    exportList(
      user: Viewer & { id: number },
      q: ListQuery,
      opts: { groupId?: number; fileName?: string } = {},
    ): Promise<ExportQueued | ActionFailed> {
      const input: ClientExportInput = { query: q, rights: user.rights, ...opts };
      return exports.request(opts.groupId === undefined ? 'export.clients' : 'export.group_members', user, input);
    },

    /** Active (not blacklisted) clients for pickers. */
    async short(partnerId: number, query: string | undefined, limit: number): Promise<ListAnswer<ClientShortItem>> {
      const rows = await repo.short(partnerId, query, limit);
      return list(
        rows.map((r) => ({ ID: r.id, NAME: r.name })),
        { CNT: rows.length, CNT_ALL: rows.length },
      );
    },

    /** The client card; undefined when the id is not this partner's client. */
    async card(viewer: Viewer, id: number): Promise<ClientCard | undefined> {
      const { partnerId } = viewer;
      const view = await viewFor(viewer);
      const row = await listRepo.one(partnerId, id, view.loyalty);
      if (!row) return undefined;
      const client = (await repo.findById(partnerId, id))!;
      const [user] = await repo.users(partnerId, [id]);
      const files = await repo.files(partnerId, id);
      const groups = await repo.groups(partnerId, id);
      return {
        ...toListItem(row, view),
        LEGAL_ENTITY: yn(client.legal_entity),
        HAS_INDIVIDUAL: yn(client.has_individual),
        PHONE: client.phone,
        EMAIL: client.email,
        ADDRESS: client.address,
        BLACKLIST_DATE: toSeconds(client.blacklisted_at),
        CLIENT_USER: user
          ? { ID: user.id, EMAIL: user.email, NAME: user.name, MIDDLE_NAME: user.middle_name, SURNAME: user.surname, PHONE: user.phone }
          : null,
        FILES: files.map((f) => ({ ID: f.id, NAME: f.original_name, SIZE: Number(f.size), MIME: f.mime, URL: fileDownloadUrl(f.id) })),
        GROUP: groups.map((g) => ({ ID: g.id, NAME: g.name })),
        LOYALTY: view.loyalty ? loyaltyOf(row) : null,
        PRICE_SETTINGS: view.priceType ? priceChoices(await repo.priceLists(partnerId)) : null,
      };
    },

    /** The client's personal prices (Цены клиента), paged. Undefined for another partner's client. */
    async personalPrices(partnerId: number, id: number, page: { limit: number; offset: number }): Promise<ListAnswer<ClientPriceItem> | undefined> {
      if (!(await repo.findById(partnerId, id))) return undefined;
      const rows = await repo.personalPrices(partnerId, id, page.limit, page.offset);
      const cnt = await repo.personalPriceCount(partnerId, id);
      return list(
        rows.map((r) => ({
          PRODUCT_ID: r.product_id,
          UP_CODE_1C: r.up_code_1c,
          NAME: r.name,
          PRICE: money(r.price),
          VALID_UNTIL: toSeconds(r.valid_until),
        })),
        { CNT: cnt, CNT_ALL: cnt },
      );
    },

    setPriceSettings: clientPriceSettings(db),

    /** Many clients at once (the pricing module's Установка цен): the list (null: base) or the column (null: none). */
    assignPrices: (
      partnerId: number,
      clientIds: number[],
      set: { price_list_id?: number | null; price_type?: string; price_column_id?: number | null },
    ) => repo.assignPrices(partnerId, clientIds, set),

    setBlacklisted: clientBlacklist(db, deps.mailer),

    /** What prices a client gets: its price list (null: the base list), price column and price type code. */
    async priceSettingsOf(partnerId: number, clientId: number) {
      const c = await repo.findById(partnerId, clientId);
      if (!c) return undefined;
      return { priceListId: c.price_list_id, columnId: c.price_column_id, priceType: c.price_type, hasIndividual: c.has_individual };
    },

    /**
     * For the storefront and order placement: throws 404 for an unknown client and 403 with
     * «Клиент находится в черном списке» for a blacklisted one.
     */
    async assertCanOrder(partnerId: number, clientId: number): Promise<void> {
      const c = await repo.findById(partnerId, clientId);
      if (!c) throw notFound(MSG.notFound);
      if (c.blacklisted) throw new AppError('client_blacklisted', 403, ORDER_MSG.clientBlacklisted);
    },

    /**
     * Which of `ids` are this partner's clients, and whether each is blacklisted (for the groups module). Pass
     * the caller's transaction: PGlite has one connection, a query outside it would wait for it forever.
     */
    async owned(partnerId: number, ids: number[], trx: Db): Promise<Map<number, { blacklisted: boolean }>> {
      if (ids.length === 0) return new Map();
      const rows = await clientsRepo(trx).owned(partnerId, ids);
      return new Map(rows.map((r) => [r.id, { blacklisted: r.blacklisted }]));
    },
  };
}

export type ClientsService = ReturnType<typeof clientsService>;
