import { MSG } from '@b2b/contracts/messages';
import type { DeliveryZone, DeliveryZoneBody } from '@b2b/contracts/delivery-wire';
import { parseSum, SHOP_MSG, sumOut } from '@b2b/contracts/shop';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, list, ok } from '@/http/envelope';
import { deliveryZonesRepo } from './delivery-zones.repo';

const NAME_MAX = 255;
const SORT_MAX = 100_000;
const DEFAULT_SORT = 500;

type ZoneRow = { id: number; name: string; price: string | null; sort: number };
type Errors = Record<string, string>;

const zoneView = (z: ZoneRow): DeliveryZone => ({ ID: z.id, DELIVERY_ZONE_ID: z.id, NAME: z.name, PRICE: sumOut(z.price), SORT: z.sort });

function sortOf(v: string | undefined, fallback: number, errors: Errors): number {
  if (!v) return fallback;
  if (!/^\d{1,6}$/.test(v) || Number(v) > SORT_MAX) {
    errors.sort = SHOP_MSG.sortInvalid;
    return fallback;
  }
  return Number(v);
}

/** Delivery zones: a name (Не указано название), a price (Не указана сумма) and a sort. */
export function deliveryZonesService(db: Db) {
  const repo = deliveryZonesRepo(db);

  async function existing(partnerId: number, id: number) {
    const zone = await repo.find(partnerId, id);
    if (!zone) throw notFound(MSG.notFound);
    return zone;
  }

  return {
    async list(partnerId: number) {
      const rows = await repo.list(partnerId);
      return list(rows.map(zoneView), { CNT: rows.length, CNT_ALL: rows.length });
    },

    /**
     * Creates (id null) or edits a zone. Sending only delivery_zone_id and sort (the re-sort of the list) changes
     * the sort alone.
     */
    async save(partnerId: number, id: number | null, body: DeliveryZoneBody) {
      const current = id === null ? undefined : await existing(partnerId, id);
      const errors: Errors = {};
      const onlySort = current && body.name === undefined && body.price === undefined;
      const sort = sortOf(body.sort, current?.sort ?? DEFAULT_SORT, errors);
      if (onlySort) {
        if (Object.keys(errors).length) return failed(errors);
        await repo.update(partnerId, current.id, { sort });
        return ok({ ID: current.id }, SHOP_MSG.zoneSaved);
      }
      const name = (body.name ?? '').slice(0, NAME_MAX);
      if (!name) errors.name = SHOP_MSG.nameMissing;
      const price = parseSum(body.price ?? '');
      if (price === null) errors.price = SHOP_MSG.sumMissing;
      else if (price === 'bad') errors.price = SHOP_MSG.sumInvalid;
      if (Object.keys(errors).length) return failed(errors);
      const values = { name, price: price as string, sort };
      if (current) {
        await repo.update(partnerId, current.id, values);
        return ok({ ID: current.id }, SHOP_MSG.zoneSaved);
      }
      const created = await repo.insert(partnerId, values);
      return ok({ ID: created.id }, SHOP_MSG.zoneSaved);
    },

    async remove(partnerId: number, id: number) {
      await existing(partnerId, id);
      await repo.delete(partnerId, id);
      return ok(undefined, SHOP_MSG.zoneDeleted);
    },
  };
}

export type DeliveryZonesService = ReturnType<typeof deliveryZonesService>;
