import type { ClientShortItem } from '@b2b/contracts/clients';

/** One choice of the client filter. */
export interface ClientOption {
  value: number;
  label: string;
}

/** The clients of GET /v3/api/partner/client/short/ as select options (a client without a name by its number). */
export const clientOptionsFrom = (items: readonly ClientShortItem[]): ClientOption[] =>
  items.map((item) => ({ value: item.ID, label: item.NAME || `№ ${item.ID}` }));
