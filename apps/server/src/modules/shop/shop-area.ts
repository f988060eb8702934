import type { FastifyInstance } from 'fastify';
import type { Db } from '@/db/database';
import type { FileStore } from '@/files/file-store';
import { commercialOfferRoutes } from '../commercial-offer/commercial-offer.routes';
import { commercialOfferService } from '../commercial-offer/commercial-offer.service';
import { deliveryExcludeService } from '../delivery/delivery-exclude.service';
import { deliveryRoutes } from '../delivery/delivery.routes';
import { deliveryZonesService } from '../delivery/delivery-zones.service';
import { geocoderFromEnv, type Geocoder } from '../tradepoints/geocoder';
import { tradepointsRoutes } from '../tradepoints/tradepoints.routes';
import { tradepointsService } from '../tradepoints/tradepoints.service';
import { shopSettingsRoutes } from './shop-settings.routes';
import { shopSettingsService } from './shop-settings.service';
import type { ShopService } from './shop.service';

/**
 * The shop settings area (issue 6): shop settings, tradepoints, delivery zones and exclusions, commercial-offer
 * settings and the geocoder, built and registered together so that app.ts names them once.
 */
export function shopAreaServices(db: Db, deps: { files: FileStore; shops: ShopService; geocoder?: Geocoder }) {
  const tradepoints = tradepointsService(db, { shops: deps.shops });
  return {
    tradepoints,
    settings: shopSettingsService(db, { files: deps.files, countTradepoints: tradepoints.count }),
    deliveryZones: deliveryZonesService(db),
    deliveryExclude: deliveryExcludeService(db, { files: deps.files }),
    commercialOffer: commercialOfferService(db, { files: deps.files }),
    geocoder: deps.geocoder ?? geocoderFromEnv(),
  };
}

export type ShopAreaServices = ReturnType<typeof shopAreaServices>;

export function shopAreaRoutes(area: ShopAreaServices) {
  return async (app: FastifyInstance) => {
    await app.register(shopSettingsRoutes(area.settings));
    await app.register(tradepointsRoutes(area.tradepoints, area.geocoder));
    await app.register(deliveryRoutes(area.deliveryZones, area.deliveryExclude));
    await app.register(commercialOfferRoutes(area.commercialOffer));
  };
}
