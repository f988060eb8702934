import { MSG } from '@b2b/contracts/messages';
import type { DeliveryZone, DeliveryZoneBody } from '@b2b/contracts/delivery-wire';
import { parseSum, SHOP_MSG, sumOut } from '@b2b/contracts/shop';
import type { Db } from '@/db/database';
import { notFound } from '@/http/app-error';
import { failed, list, ok } from '@/http/envelope';
import { deliveryZonesRepo } from './delivery-zones.repo';
import { insidePolygon, parsePolygon, type Point } from './zone-polygon';

const NAME_MAX = 255;
const SORT_MAX = 100_000;
const DEFAULT_SORT = 500;

type ZoneRow = { id: number; name: string; price: string | null; sort: number; free_from: string | null; polygon: Point[] | null };
type Errors = Record<string, string>;

const zoneView = (z: ZoneRow): DeliveryZone => ({
  ID: z.id,
  DELIVERY_ZONE_ID: z.id,
  NAME: z.name,
  PRICE: sumOut(z.price),
  SORT: z.sort,
  FREE_FROM: sumOut(z.free_from),
  POLYGON: z.polygon,
});

/** A zone as checkout prices it: its price and free-delivery threshold in roubles (null: the shop's MIN_SUM). */
export interface ShopZone {
  id: number;
  name: string;
  price: string;
  freeFrom: string | null;
  polygon: Point[] | null;
}

function sortOf(v: string | undefined, fallback: number, errors: Errors): number {
  if (!v) return fallback;
  if (!/^\d{1,6}$/.test(v) || Number(v) > SORT_MAX) {
    errors.sort = SHOP_MSG.sortInvalid;
    return fallback;
  }
  return Number(v);
}

/** Delivery zones: a name (Не указано название), a price (Не указана сумма), a sort, a free-from sum and an outline. */
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
      const onlySort = current && body.name === undefined && body.price === undefined && body.free_from === undefined && body.polygon === undefined;
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
      const freeFrom = body.free_from === undefined ? (current?.free_from ?? null) : parseSum(body.free_from);
      if (freeFrom === 'bad') errors.free_from = SHOP_MSG.sumInvalid;
      const polygon = body.polygon === undefined ? (current?.polygon ?? null) : body.polygon ? parsePolygon(body.polygon) : null;
      if (polygon && 'error' in polygon) errors.polygon = polygon.error;
      if (Object.keys(errors).length) return failed(errors);
      const outline = polygon as Point[] | null;
      const values = {
        name,
        price: price as string,
        sort,
        free_from: freeFrom as string | null,
        polygon: outline === null ? null : JSON.stringify(outline),
      };
      if (current) {
        await repo.update(partnerId, current.id, values);
        return ok({ ID: current.id }, SHOP_MSG.zoneSaved);
      }
      const created = await repo.insert(partnerId, values);
      return ok({ ID: created.id }, SHOP_MSG.zoneSaved);
    },

    /** The shop's zones for checkout, by sort. */
    async forShop(partnerId: number): Promise<ShopZone[]> {
      return (await repo.list(partnerId)).map((z) => ({
        id: Number(z.id),
        name: z.name,
        price: z.price ?? '0',
        freeFrom: z.free_from,
        polygon: z.polygon,
      }));
    },

    /** The zone whose outline holds the point (the first by sort), among zones that have one. */
    zoneAt: (zones: ShopZone[], point: Point) => zones.find((z) => z.polygon && insidePolygon(point, z.polygon)),

    async remove(partnerId: number, id: number) {
      await existing(partnerId, id);
      await repo.delete(partnerId, id);
      return ok(undefined, SHOP_MSG.zoneDeleted);
    },
  };
}

export type DeliveryZonesService = ReturnType<typeof deliveryZonesService>;
