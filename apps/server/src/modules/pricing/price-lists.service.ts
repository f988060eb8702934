import { DEFAULTS, LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import {
  PRICE_LIST_DEFAULT_SORT,
  PRICE_LIST_MSG,
  PRICE_LIST_NAME_MAX,
  type PriceListBody,
  type PriceListId,
  type PriceListItem,
  type PriceListKind,
  type PriceListsAnswer,
  type PriceListUse,
  type PriceTypeItem,
} from '@b2b/contracts/price-lists';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, ok, yn } from '@/http/envelope';
import { priceListsRepo, type PriceListRow, type PriceListValues } from './price-lists.repo';

type Repo = ReturnType<typeof priceListsRepo>;
type Usage = Awaited<ReturnType<Repo['usage']>>;

/** The wire id: the base list is personal_price. */
const wireId = (row: Pick<PriceListRow, 'id' | 'is_base'>): PriceListId => (row.is_base ? DEFAULTS.basePriceListId : row.id);

const toItem = (row: PriceListRow, rows: PriceListRow[], usage: Usage): PriceListItem => {
  const parent = row.parent_id === null ? undefined : rows.find((r) => r.id === row.parent_id);
  const clients = row.kind === 'COLUMN' ? usage.columnClients.get(row.id) : usage.listClients.get(row.id);
  return {
    ID: wireId(row),
    NAME: row.name,
    SORT: row.sort,
    EDIT_1C: yn(row.edit_1c),
    PRICE_TYPE: row.price_type,
    SECTION_RATE: row.section_rate,
    ROUNDING: row.rounding,
    UNIT: row.unit,
    PARENT_ID: row.parent_id === null ? null : parent ? wireId(parent) : row.parent_id,
    IS_BASE: yn(row.is_base),
    CLIENTS_CNT: (clients ?? 0) + (row.is_base ? (usage.listClients.get(null) ?? 0) : 0),
    GROUPS_CNT: usage.groups.get(row.id) ?? 0,
  };
};

const toPriceType = (t: { id: number; code: string; name: string; inner_type: string }): PriceTypeItem => ({
  ID: t.id,
  NAME: t.name,
  INNER_TYPE: t.inner_type,
  CODE: t.code,
});

/** «{name} (копия)», within the name's length. */
const copyName = (name: string) => `${name.slice(0, PRICE_LIST_NAME_MAX - PRICE_LIST_MSG.copySuffix.length)}${PRICE_LIST_MSG.copySuffix}`;

/**
 * Price lists and price columns (shop-pricing-offers-loyalty.md §3–§5, §7, §8): list, read, create, edit, copy
 * with their rates, delete (soft) unless still in use; at most LIMITS.priceColumnsMax live columns per partner,
 * counted under a lock on the partner so that parallel creates cannot pass it. The price types and their names.
 */
export function priceListsService(db: Db) {
  const repo = priceListsRepo(db);

  /** The live list or column of this kind named by a wire id; 404 for any other (deleted, another kind or partner). */
  const mustFind = async (r: Repo, partnerId: number, kind: PriceListKind, id: PriceListId): Promise<PriceListRow> => {
    const row = id === DEFAULTS.basePriceListId ? await r.findBase(partnerId) : await r.findById(partnerId, id);
    if (!row || row.kind !== kind) throw notFound(MSG.notFound);
    return row;
  };

  /** A column's price list: a live price list of the partner (the base list when none is named); 404 otherwise. */
  const parentOf = (r: Repo, partnerId: number, id: PriceListId | undefined) => mustFind(r, partnerId, 'PRICELIST', id ?? DEFAULTS.basePriceListId);

  /** The price type named by the form, when it is one of the partner's; errors on price_type otherwise. */
  const checkPriceType = async (partnerId: number, code: string | undefined) => {
    if (code === undefined) return undefined;
    const types = await repo.priceTypes(partnerId);
    return types.some((t) => t.code === code) ? undefined : failed({ price_type: MSG.priceTypeNotFound });
  };

  /** Refuses a new column once the partner has the maximum; call it inside the transaction, after lockTenant. */
  const columnsLimitReached = async (r: Repo, partnerId: number) => {
    await r.lockTenant(partnerId);
    return (await r.countColumns(partnerId)) >= LIMITS.priceColumnsMax
      ? failed({ limit: PRICE_LIST_MSG.columnsLimit(LIMITS.priceColumnsMax) })
      : undefined;
  };

  const useOf = (row: PriceListRow, usage: Usage, columns: number): PriceListUse => ({
    clients: (row.kind === 'COLUMN' ? usage.columnClients : usage.listClients).get(row.id) ?? 0,
    groups: usage.groups.get(row.id) ?? 0,
    columns,
  });

  async function create(partnerId: number, kind: PriceListKind, body: PriceListBody) {
    const wrongType = await checkPriceType(partnerId, body.price_type);
    if (wrongType) return wrongType;
    const parent = kind === 'COLUMN' ? await parentOf(repo, partnerId, body.parent_id) : undefined;
    const values: PriceListValues = {
      name: body.name,
      sort: body.sort ?? PRICE_LIST_DEFAULT_SORT,
      price_type: body.price_type ?? DEFAULTS.priceType,
      section_rate: body.section_rate ?? null,
      rounding: body.rounding ?? 'TWO_DECIMAL',
      unit: body.unit ?? 'RUB',
      parent_id: parent?.id ?? null,
    };
    return db.transaction().execute(async (trx) => {
      const r = priceListsRepo(trx);
      const refused = kind === 'COLUMN' ? await columnsLimitReached(r, partnerId) : undefined;
      if (refused) return refused;
      const id = await r.insert(partnerId, kind, values);
      return ok({ ID: id, NAME: values.name }, PRICE_LIST_MSG.created[kind]);
    });
  }

  async function edit(partnerId: number, row: PriceListRow, body: PriceListBody) {
    const wrongType = await checkPriceType(partnerId, body.price_type);
    if (wrongType) return wrongType;
    const parent = row.kind === 'COLUMN' && body.parent_id !== undefined ? await parentOf(repo, partnerId, body.parent_id) : undefined;
    const set: Partial<PriceListValues> = {
      name: body.name,
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
      ...(body.price_type !== undefined ? { price_type: body.price_type } : {}),
      ...(body.section_rate !== undefined ? { section_rate: body.section_rate } : {}),
      ...(body.rounding !== undefined ? { rounding: body.rounding } : {}),
      ...(body.unit !== undefined ? { unit: body.unit } : {}),
      ...(parent ? { parent_id: parent.id } : {}),
    };
    await repo.update(partnerId, row.id, set);
    return ok({ ID: wireId(row), NAME: body.name }, PRICE_LIST_MSG.saved[row.kind]);
  }

  /** Copies the list or column with its section rates, product rates and per-product prices; answers the copy's id. */
  async function copy(partnerId: number, row: PriceListRow, name: string) {
    return db.transaction().execute(async (trx) => {
      const r = priceListsRepo(trx);
      const refused = row.kind === 'COLUMN' ? await columnsLimitReached(r, partnerId) : undefined;
      if (refused) return refused;
      const values: PriceListValues = {
        name: name || copyName(row.name),
        sort: row.sort,
        price_type: row.price_type,
        section_rate: row.section_rate,
        rounding: row.rounding,
        unit: row.unit,
        parent_id: row.parent_id,
      };
      const id = await r.insert(partnerId, row.kind, values);
      await r.copyRates(partnerId, row.id, id);
      return ok({ ID: id, NAME: values.name }, PRICE_LIST_MSG.copied[row.kind]);
    });
  }

  /** Soft-deletes the list or column, unless it is the base list or clients, groups or columns still use it. */
  async function remove(partnerId: number, row: PriceListRow) {
    const refuse = (info: string) => failed({ delete: PRICE_LIST_MSG.deleteFailed[row.kind], additional_info: info });
    if (row.is_base) return refuse(PRICE_LIST_MSG.baseNotDeletable);
    return db.transaction().execute(async (trx) => {
      const r = priceListsRepo(trx);
      // The row locked FOR UPDATE: a client or group being assigned to it (a foreign key's KEY SHARE) waits for us.
      if (!(await r.lockRow(partnerId, row.id))) throw notFound(MSG.notFound);
      const use = useOf(row, await r.usage(partnerId), row.kind === 'PRICELIST' ? await r.countColumns(partnerId, row.id) : 0);
      if (use.clients || use.groups || use.columns) return refuse(PRICE_LIST_MSG.inUse(row.kind, use));
      await r.softDelete(partnerId, row.id);
      return ok({ ID: row.id, NAME: row.name }, PRICE_LIST_MSG.deleted[row.kind](row.name));
    });
  }

  /** POST /{type}/{id}/: delete=Y deletes, action=copy copies, any other action is refused, else an edit. */
  async function save(partnerId: number, kind: PriceListKind, id: PriceListId, body: PriceListBody) {
    const row = await mustFind(repo, partnerId, kind, id);
    if (body.delete === 'Y') return remove(partnerId, row);
    if (body.action === 'copy') return copy(partnerId, row, body.name);
    if (body.action) return failed({ action: PRICE_LIST_MSG.actionUnknown });
    return edit(partnerId, row, body);
  }

  return {
    /** Both kinds, by sort then id, with who uses each, and the price types. */
    async list(partnerId: number): Promise<PriceListsAnswer> {
      const [rows, usage, types] = [await repo.all(partnerId), await repo.usage(partnerId), await repo.priceTypes(partnerId)];
      const items = rows.map((row) => ({ row, item: toItem(row, rows, usage) }));
      return {
        PRICELISTS: items.filter((x) => x.row.kind === 'PRICELIST').map((x) => x.item),
        COLUMNS: items.filter((x) => x.row.kind === 'COLUMN').map((x) => x.item),
        ENTITIES: { PRICE_TYPE: types.map(toPriceType) },
      };
    },

    /** One live list or column of this kind; 404 otherwise. */
    async card(partnerId: number, kind: PriceListKind, id: PriceListId): Promise<PriceListItem> {
      const row = await mustFind(repo, partnerId, kind, id);
      const rows = row.parent_id === null ? [row] : [row, ...(await repo.all(partnerId)).filter((r) => r.id === row.parent_id)];
      return toItem(row, rows, await repo.usage(partnerId));
    },

    /** POST /{type}/: creates; with an id it acts on that list as POST /{type}/{id}/ does. */
    async post(partnerId: number, kind: PriceListKind, body: PriceListBody) {
      if (body.id !== undefined) return save(partnerId, kind, body.id, body);
      if (body.delete === 'Y' || body.action === 'copy') return failed({ id: PRICE_LIST_MSG.notSelected });
      if (body.action) return failed({ action: PRICE_LIST_MSG.actionUnknown });
      return create(partnerId, kind, body);
    },

    save,

    async priceTypes(partnerId: number) {
      return { ITEMS: (await repo.priceTypes(partnerId)).map(toPriceType) };
    },

    /** Renames one of the partner's price types; another partner's id answers 404. */
    async renamePriceType(partnerId: number, id: number, name: string) {
      if (!(await repo.renamePriceType(partnerId, id, name))) throw notFound(MSG.notFound);
      return ok({ ID: id }, PRICE_LIST_MSG.priceTypeRenamed);
    },
  };
}

export type PriceListsService = ReturnType<typeof priceListsService>;
