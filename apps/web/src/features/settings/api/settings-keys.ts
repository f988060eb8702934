/** The one query-key factory of the shop settings feature. */
export const settingsKeys = {
  all: ['settings'] as const,
  shop: () => [...settingsKeys.all, 'shop'] as const,
  tradepoints: () => [...settingsKeys.all, 'tradepoints'] as const,
  deliveryZones: () => [...settingsKeys.all, 'delivery-zones'] as const,
  deliveryExclude: () => [...settingsKeys.all, 'delivery-exclude'] as const,
  commercialOffer: () => [...settingsKeys.all, 'commercial-offer'] as const,
  geocoder: () => [...settingsKeys.all, 'geocoder'] as const,
  privateFile: (fileId: string) => [...settingsKeys.all, 'private-file', fileId] as const,
};
