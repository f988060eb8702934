import type { ClientCard, YN } from '@b2b/contracts/clients';
import { MSG } from '@b2b/contracts/messages';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, ok, yn } from '@/http/envelope';
import { clientsRepo } from './clients.repo';

type PriceList = Awaited<ReturnType<ReturnType<typeof clientsRepo>['priceLists']>>[number];

export function priceChoices(lists: PriceList[]): NonNullable<ClientCard['PRICE_SETTINGS']> {
  return {
    PRICE_TYPES: lists.filter((l) => l.kind === 'PRICELIST').map((l) => ({ ID: l.id, NAME: l.name, IS_BASE: yn(l.is_base) as YN })),
    COLUMNS: lists.filter((l) => l.kind === 'COLUMN').map((l) => ({ ID: l.id, NAME: l.name, PARENT_ID: l.parent_id })),
  };
}

/**
 * A client's price settings: its price list ("price type"; none means the base list) and its price column.
 * Only the partner's own, live lists and columns are accepted. The pricing engine reads them back through
 * the clients service (priceSettingsOf).
 */
export function clientPriceSettings(db: Db) {
  const repo = clientsRepo(db);
  return async function setPriceSettings(partnerId: number, clientId: number, body: { price_type?: number | 'personal_price'; column_id?: number }) {
    const client = await repo.findById(partnerId, clientId);
    if (!client) throw notFound(MSG.notFound);
    if (body.price_type === undefined && body.column_id === undefined) return failed({ price_type: MSG.priceSettingRequired });
    const lists = await repo.priceLists(partnerId);
    const set: { price_list_id?: number | null; price_type?: string; price_column_id?: number | null } = {};
    if (body.price_type !== undefined) {
      const wanted = body.price_type;
      const list = lists.find((l) => l.kind === 'PRICELIST' && (wanted === 'personal_price' ? l.is_base : l.id === wanted));
      if (!list) return failed({ price_type: MSG.priceTypeNotFound });
      set.price_list_id = list.is_base ? null : list.id;
      set.price_type = list.price_type;
    }
    if (body.column_id !== undefined) {
      const wanted = body.column_id;
      const column = lists.find((l) => l.kind === 'COLUMN' && l.id === wanted);
      if (wanted !== 0 && !column) return failed({ column_id: MSG.priceColumnNotFound });
      set.price_column_id = column?.id ?? null;
    }
    await repo.setPriceSettings(partnerId, clientId, set);
    const after = { ...client, ...set };
    const list = lists.find((l) => (after.price_list_id === null ? l.is_base : l.id === after.price_list_id));
    const column = lists.find((l) => l.id === after.price_column_id);
    return ok(
      {
        PRICE_TYPE: { ID: list?.id ?? 0, NAME: list?.name ?? '', CODE: after.price_type ?? list?.price_type ?? '' },
        COLUMN: column ? { ID: column.id, NAME: column.name } : null,
      },
      MSG.clientPriceSettingsSet,
    );
  };
}
